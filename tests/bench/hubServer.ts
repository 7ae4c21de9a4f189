/**
 * The app for the hub benchmark, in its own process so the 500 clients do not share its event loop.
 * Prints one JSON line {origin, tenantId, superToken, tokens[]} (sessions made directly, not by 500
 * argon2 sign-ins), then serves until stdin closes.
 */
import { serveTestApp } from "../helpers/app.ts";
import { setLogLevel } from "../../server/ops/log.ts";

// stdout carries the info line to the bench, which stops reading after it: request logs would fill the pipe
setLogLevel("warn");

const count = Number(Deno.args[0] ?? 500);
const server = await serveTestApp();
const { db, sessions } = server.services;
const tenant = (await db.control.query.tenants.findFirst())!;
const members = await db.control.query.memberships.findMany({
  where: (m, { eq }) => eq(m.tenantId, tenant.id),
});
const tokens: string[] = [];
for (let i = 0; i < count; i++) {
  const { token } = await sessions.create({
    userId: members[i % members.length].userId,
    tenantId: tenant.id,
    keepLoggedIn: false,
  });
  tokens.push(token);
}
const superToken = await server.login("super@demo.processor");
console.log(JSON.stringify({ origin: server.origin, tenantId: tenant.id, superToken, tokens }));
for await (const _ of Deno.stdin.readable) { /* until the benchmark closes stdin */ }
await server.close();
