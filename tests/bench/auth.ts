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
  /** one supplier by id */
  pointRead: Throughput;
  /** one order by id with its loads, mobs and history */
  orderRead: Throughput;
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

/**
 * `origin` serves the app; `token` is a signed-in bearer token there; `reads` are the point reads' paths
 * (one supplier, one order with its loads). Each round measures the plain route, then each request, so
 * all see the same background load; the best of two rounds each.
 */
export async function benchAuth(
  server: { origin: string; services: { db: { controlQueries: number } } },
  token: string,
  reads: { pointRead: string; orderRead: string },
): Promise<AuthBench> {
  const plainServer = servePlainRoute();
  const auth = { authorization: `Bearer ${token}` };
  const modelUrl = `${server.origin}/login/usermodel`;
  const measured: Record<"plain" | "usermodel" | "identity" | "pointRead" | "orderRead", Throughput[]> = {
    plain: [],
    usermodel: [],
    identity: [],
    pointRead: [],
    orderRead: [],
  };
  let queries = 0;
  try {
    for (let round = 0; round < 2; round++) {
      measured.plain.push(await throughput(plainServer.url, {}));
      const before = server.services.db.controlQueries;
      measured.usermodel.push(await throughput(modelUrl, auth));
      if (round === 0) {
        queries = (server.services.db.controlQueries - before) / (measured.usermodel[0].n + 200);
      }
      measured.identity.push(await throughput(modelUrl, { ...auth, "accept-encoding": "identity" }));
      measured.pointRead.push(await throughput(server.origin + reads.pointRead, auth));
      measured.orderRead.push(await throughput(server.origin + reads.orderRead, auth));
    }
    const best = (xs: Throughput[]) => xs.reduce((x, y) => x.rps > y.rps ? x : y);
    return {
      plain: best(measured.plain),
      usermodel: best(measured.usermodel),
      usermodelIdentity: best(measured.identity),
      pointRead: best(measured.pointRead),
      orderRead: best(measured.orderRead),
      queriesPerRequest: queries,
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
