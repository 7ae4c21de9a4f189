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
