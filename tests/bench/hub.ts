/**
 * Push hub benchmark: N official SignalR clients connected to a server in another process; one event
 * (forceRefresh, sent by the real super API call) timed from the request to its arrival at every client.
 */
import type { HubConnection } from "@microsoft/signalr";
import { hubClient } from "../helpers/hub.ts";

export interface HubBench {
  clients: number;
  connectMs: number;
  rounds: number;
  p50: number;
  p99: number;
  max: number;
  lastClientP50: number;
}

export async function benchHub(clients = 500, rounds = 10): Promise<HubBench> {
  const server = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./hubServer.ts", import.meta.url).pathname, String(clients)],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
    env: { NODE_ENV: "production" },
  }).spawn();
  const writer = server.stdin.getWriter();
  try {
    const reader = server.stdout.pipeThrough(new TextDecoderStream()).getReader();
    // the app logs its start-up as JSON lines on stdout too: the info line is the one naming the origin
    let text = "";
    while (!/^\{"origin"/m.test(text) || !text.slice(text.search(/^\{"origin"/m)).includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("hub server exited");
      text += value;
    }
    reader.releaseLock();
    const infoLine = text.slice(text.search(/^\{"origin"/m));
    const info = JSON.parse(infoLine.slice(0, infoLine.indexOf("\n"))) as {
      origin: string;
      tenantId: number;
      superToken: string;
      tokens: string[];
    };

    const conns: HubConnection[] = info.tokens.map((token) => hubClient(info.origin, token));
    const t0 = performance.now();
    for (let i = 0; i < conns.length; i += 50) {
      await Promise.all(conns.slice(i, i + 50).map((c) => c.start()));
    }
    const connectMs = performance.now() - t0;

    const latencies: number[] = [];
    const lastArrivals: number[] = [];
    for (let round = 0; round < rounds + 1; round++) {
      const reason = `round ${round}`;
      let sentAt = 0;
      const arrivals: number[] = [];
      const all = new Promise<void>((resolve) => {
        for (const c of conns) {
          const handler = (p: { reason: string }) => {
            if (p.reason !== reason) return;
            c.off("forceRefresh", handler);
            arrivals.push(performance.now() - sentAt);
            if (arrivals.length === conns.length) resolve();
          };
          c.on("forceRefresh", handler);
        }
      });
      sentAt = performance.now();
      const res = await fetch(`${info.origin}/api/super/ForceRefresh`, {
        method: "POST",
        headers: { authorization: `Bearer ${info.superToken}`, "content-type": "application/json" },
        body: JSON.stringify({ tenantId: info.tenantId, reason }),
      });
      if (res.status !== 200) throw new Error(`ForceRefresh ${res.status}`);
      await res.body?.cancel();
      await all;
      if (round === 0) continue; // warm-up
      latencies.push(...arrivals);
      lastArrivals.push(Math.max(...arrivals));
    }
    await Promise.all(conns.map((c) => c.stop()));

    latencies.sort((a, b) => a - b);
    lastArrivals.sort((a, b) => a - b);
    const at = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
    return {
      clients,
      connectMs,
      rounds,
      p50: at(latencies, 50),
      p99: at(latencies, 99),
      max: latencies[latencies.length - 1],
      lastClientP50: at(lastArrivals, 50),
    };
  } finally {
    await writer.close().catch(() => {});
    await server.status;
  }
}

if (import.meta.main) console.log(await benchHub(Number(Deno.args[0] ?? 500)));
