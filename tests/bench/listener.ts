/**
 * What the slow-client guard in front of Deno.serve costs (server/http/listener.ts): the same app served
 * twice in one process, directly and through the guard (serveApp, as main.ts starts it), timed in turns
 * so both see the same machine. Two measures: a signed-in API GET on a kept-alive connection (the pipe
 * only), and the same GET on a new connection each time (the guard's accept, header read and loopback
 * connect as well). Run alone: `deno run -A tests/bench/listener.ts`.
 */
import { loadConfig } from "../../server/config.ts";
import { serveApp } from "../../server/http/listener.ts";
import { startTestApp } from "../helpers/app.ts";
import { percentile, type Timing } from "./timing.ts";

const timing = (ms: number[]): Timing => {
  const sorted = ms.toSorted((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: ms.length };
};

export interface ListenerBench {
  keptAlive: { direct: Timing; guarded: Timing; ratio: number };
  newConnection: { direct: Timing; guarded: Timing; ratio: number };
}

export async function benchListener(rounds = 300): Promise<ListenerBench> {
  const t = await startTestApp();
  const serve = (guard: boolean) =>
    serveApp(
      loadConfig({
        DATA_DIR: t.dataDir,
        HOST: "127.0.0.1",
        PORT: "0",
        HEADER_TIMEOUT_SECONDS: guard ? "10" : "0",
        MAX_CONNECTIONS_PER_CLIENT: guard ? "100" : "0",
      }),
      t.app.fetch,
    );
  const direct = serve(false);
  const guarded = serve(true);
  try {
    const token = await t.login("admin@demo.processor");
    const get = async (port: number, client?: Deno.HttpClient) => {
      const res = await fetch(`http://127.0.0.1:${port}/login/usermodel`, {
        headers: { authorization: `Bearer ${token}` },
        client,
      });
      await res.arrayBuffer();
    };
    const fresh = Deno.createHttpClient({ poolMaxIdlePerHost: 0 }); // a new connection per request
    try {
      const measure = async (run: (port: number) => Promise<void>) => {
        // request by request in turns, so the machine's changing load falls on both alike
        for (let i = 0; i < 20; i++) await Promise.all([run(direct.addr.port), run(guarded.addr.port)]);
        const times = { direct: [] as number[], guarded: [] as number[] };
        for (let i = 0; i < rounds; i++) {
          for (
            const [name, port] of [["direct", direct.addr.port], ["guarded", guarded.addr.port]] as const
          ) {
            const t0 = performance.now();
            await run(port);
            times[name].push(performance.now() - t0);
          }
        }
        const d = timing(times.direct);
        const g = timing(times.guarded);
        return { direct: d, guarded: g, ratio: g.p50 / d.p50 };
      };
      return {
        keptAlive: await measure((port) => get(port)),
        newConnection: await measure((port) => get(port, fresh)),
      };
    } finally {
      fresh.close();
    }
  } finally {
    t.services.push.hub.shutdown();
    await Promise.all([direct.shutdown(), guarded.shutdown()]);
    await t.close();
  }
}

/** The section of docs/performance.md. */
export function listenerReport(b: ListenerBench): string {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const row = (name: string, m: ListenerBench["keptAlive"]) =>
    `| ${name} | ${ms(m.direct.p50)} | ${ms(m.guarded.p50)} | ${m.ratio.toFixed(2)} | ${ms(m.direct.p99)} | ${
      ms(m.guarded.p99)
    } |`;
  return `## Slow-client guard (server/http/listener.ts)

The public port is a guard in front of Deno.serve (header timeout, connections per client address; see
docs/operations.md). The same signed-in API GET (\`/login/usermodel\`) served directly and through the
guard in one process, request by request in turns (${b.keptAlive.direct.n} each, sequential, loopback):

| connection | direct p50 | guarded p50 | guarded / direct | direct p99 | guarded p99 |
|---|---|---|---|---|---|
${row("kept alive (the pipe only)", b.keptAlive)}
${row("new for each request", b.newConnection)}

The guard costs one more loopback hop per connection and a copy of each chunk in the app's own process.
Behind a reverse proxy that already does its work, both limits can be set to 0 and Deno.serve listens
directly (docs/operations.md).
`;
}

if (import.meta.main) console.log(listenerReport(await benchListener()));
