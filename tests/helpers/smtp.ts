/**
 * A real SMTP server on loopback (the smtp-server package), for tests of the mails the app sends: every
 * message it receives, with its recipients and its text (quoted-printable undone).
 */
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  raw: string;
  /** the raw message with soft line breaks and =XX escapes decoded: links read whole */
  text: string;
}

export async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        const raw = new TextDecoder().decode(
          new Uint8Array(chunks.flatMap((c) => [...c])),
        );
        const text = raw.replace(/=\r?\n/g, "").replace(
          /=([0-9A-F]{2})/g,
          (_, h) => String.fromCharCode(parseInt(h, 16)),
        );
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address where no mail server answers (one started and closed): every send there is refused at once. */
export async function silentSmtpUrl(): Promise<string> {
  const gone = await startSmtp();
  await gone.close();
  return gone.url;
}

/** A mail server that answers every recipient with `code` ("550 5.1.1 No such mailbox here"). */
export async function startRefusingSmtp(code: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error("5.1.1 No such mailbox here"), { responseCode: code }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
