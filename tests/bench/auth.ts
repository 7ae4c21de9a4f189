/**
 * What being signed in costs: `GET /login/usermodel` (session, caller, access rule, JSON) against a bare
 * Hono text route served the same way in the same run, as throughput with concurrent clients, and the
 * control-database statements per warm request. With redis-server installed, also the usermodel on an
 * instance using the Redis bus (one PING per request makes sure no change announced elsewhere is missed).
 * tests/bench/main.ts writes the figures to docs/performance.md.
 */
import { Hono } from "hono";
import { serveTestApp } from "../helpers/app.ts";
import { hasRedis, startRedis } from "../helpers/redis.ts";
import { type Throughput, throughput } from "./httpLoad.ts";

export { type Throughput, throughput };

export interface AuthBench {
  plain: Throughput;
  /** as browsers ask for it (the answer brotli-compressed) */
  usermodel: Throughput;
  /** with `Accept-Encoding: identity`: what is left without compression */
  usermodelIdentity: Throughput;
  /** control-database statements per warm usermodel request */
  queriesPerRequest: number;
  /** the usermodel on an instance with the Redis bus; null without redis-server */
  usermodelRedis: Throughput | null;
}

/** The plain Hono text route every throughput is compared with, served as the app is (Deno.serve, loopback). */
export function servePlainRoute() {
  const plainApp = new Hono().get("/text", (c) => c.text("ok"));
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, plainApp.fetch);
  return { url: `http://127.0.0.1:${server.addr.port}/text`, close: () => server.shutdown() };
}

/**
 * `url`'s throughput and the plain route's, measured alternately (so both see the same background
 * load), the best of `rounds` each.
 */
export async function besideThePlainRoute(
  url: string,
  headers: Record<string, string>,
  n: number,
  concurrency: number,
  rounds = 2,
) {
  const plain = servePlainRoute();
  try {
    let page: Throughput | undefined;
    let bare: Throughput | undefined;
    for (let i = 0; i < rounds; i++) {
      const p = await throughput(plain.url, {}, n, concurrency);
      const x = await throughput(url, headers, n, concurrency);
      if (!bare || p.rps > bare.rps) bare = p;
      if (!page || x.rps > page.rps) page = x;
    }
    return { page: page!, plain: bare!, share: page!.rps / bare!.rps };
  } finally {
    await plain.close();
  }
}

/** `origin` serves the app; `token` is a signed-in bearer token there. */
export async function benchAuth(
  server: { origin: string; services: { db: { controlQueries: number } } },
  token: string,
): Promise<AuthBench> {
  const plainServer = servePlainRoute();
  const auth = { authorization: `Bearer ${token}` };
  try {
    const plainUrl = plainServer.url;
    const modelUrl = `${server.origin}/login/usermodel`;
    // alternate, so both see the same background load
    const plain1 = await throughput(plainUrl, {});
    const before = server.services.db.controlQueries;
    const model1 = await throughput(modelUrl, auth);
    const queries = server.services.db.controlQueries - before;
    const plain2 = await throughput(plainUrl, {});
    const model2 = await throughput(modelUrl, auth);
    const identity = { ...auth, "accept-encoding": "identity" };
    const [identity1, identity2] = [
      await throughput(modelUrl, identity),
      await throughput(modelUrl, identity),
    ];
    const best = (x: Throughput, y: Throughput) => x.rps > y.rps ? x : y;
    return {
      plain: best(plain1, plain2),
      usermodel: best(model1, model2),
      usermodelIdentity: best(identity1, identity2),
      queriesPerRequest: queries / (model1.n + 200),
      usermodelRedis: hasRedis() ? await redisUsermodel() : null,
    };
  } finally {
    await plainServer.close();
  }
}

async function redisUsermodel(): Promise<Throughput> {
  const redis = await startRedis();
  const server = await serveTestApp({ PUSH_REDIS_URL: redis.url });
  try {
    const token = await server.login("admin@demo.processor");
    return await throughput(`${server.origin}/login/usermodel`, { authorization: `Bearer ${token}` });
  } finally {
    await server.close();
    await redis.stop();
  }
}
