/**
 * Benchmark of support chat (issue 43): how long a message takes to reach another open window. The
 * staff reply over HTTP; the user's window is the official @microsoft/signalr client registered for its
 * `SupportChat:<userId>` group, which, as the chat's script does (client/runtime/supportChat.ts), reads
 * the messages after the latest it holds once the push arrives. Timed from the reply's request to that read's answer. Sequential; bounded.
 * tests/bench/main.ts calls `benchSupportChat` and writes the figures to docs/performance.md.
 */
import { hubClient } from "../helpers/hub.ts";
import { time, type Timing } from "./timing.ts";

export const CHAT_DELIVERY_MS = 200;

export interface SupportChatBench {
  /** reply sent → push received → messages after the latest read, in the other window */
  delivery: Timing;
}

export async function benchSupportChat(
  origin: string,
  tokens: { user: string; staff: string },
  rounds = 100,
): Promise<SupportChatBench> {
  const call = async (token: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return await res.json();
  };
  const me = await call(tokens.user, "/login/usermodel");
  const { stream, message } = await call(tokens.user, "/api/support/SendChatMessage", {
    text: "Bench: how fast do replies come?",
  });
  const window = hubClient(origin, tokens.user);
  await window.start();
  try {
    await window.invoke("RegisterRefreshInterest", `SupportChat:${me.id}`);
    let latest = message.id as number;
    let arrived: (() => void) | null = null;
    window.on("supportChatMessage", async (p: { streamId: number }) => {
      if (p.streamId !== stream.id) return;
      const read = await call(
        tokens.user,
        `/api/support/GetChatMessages?streamId=${stream.id}&after=${latest}`,
      );
      if (read.messages.length) latest = read.messages.at(-1).id;
      arrived?.();
    });
    let n = 0;
    const delivery = await time(rounds, async () => {
      const got = new Promise<void>((resolve) => arrived = resolve);
      await call(tokens.staff, "/api/super/ReplyToTenantChat", {
        tenantId: me.tenantId,
        streamId: stream.id,
        text: `Reply ${++n}`,
      });
      await got;
    });
    return { delivery };
  } finally {
    await window.stop();
  }
}
