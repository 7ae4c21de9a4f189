/** A throw-away redis-server (Debian's package) on a free loopback port, for the multi-instance bus. */
import { isFile, required } from "./required.ts";

export const REDIS_SERVER = Deno.env.get("REDIS_SERVER_PATH") ?? "/usr/bin/redis-server";

/** redis-server is installed; in CI its absence fails the file (tests/helpers/required.ts). */
export function hasRedis(): boolean {
  return required(
    "redis-server",
    isFile(REDIS_SERVER),
    `install Debian's redis-server or set REDIS_SERVER_PATH (looked at ${REDIS_SERVER})`,
  );
}

/** `port`: start again where a stopped one was (an outage test); default a free one. */
export async function startRedis(port?: number): Promise<{ url: string; stop(): Promise<void> }> {
  if (!port) {
    const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    port = probe.addr.port;
    probe.close();
  }
  const child = new Deno.Command(REDIS_SERVER, {
    args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 100; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return {
        url: `redis://127.0.0.1:${port}`,
        async stop() {
          child.kill("SIGTERM");
          await child.status;
        },
      };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill("SIGKILL");
  throw new Error("redis-server did not start");
}
