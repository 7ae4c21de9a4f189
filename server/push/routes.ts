/**
 * /hubs/userHub over HTTP: negotiate (POST) and the WebSocket (GET with Upgrade). Server-Sent Events
 * and long polling are not offered (docs/decisions.md); negotiate lists WebSockets only, and the
 * official client falls back to nothing else.
 */
import { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import type { AppEnv } from "../env.ts";
import { requireCaller } from "../http/auth.ts";
import { isCrossSite } from "../http/access.ts";
import { declareAccess } from "../http/openapi.ts";
import { SIGNED_IN } from "../access/apiAccess.ts";
import { licensedModules } from "../access/subject.ts";
import { ApiError } from "../http/errors.ts";
import type { Caller } from "../auth/userModel.ts";
import type { HubIdentity } from "./hub.ts";
import { log } from "../ops/log.ts";
import { asyncApiDocument } from "./asyncapi.ts";

export const HUB_PATH = "/hubs/userHub";

let described: ReturnType<typeof asyncApiDocument> | undefined;

export const hubRoutes = new Hono<AppEnv>()
  // the hub described for integrators, from the catalogue it runs with (made once)
  .get(
    "/api/asyncapi.json",
    declareAccess("GET", "/api/asyncapi.json", { public: true }),
    (c) => c.json(described ??= asyncApiDocument(c.get("app").push.catalogue)),
  )
  .post(`${HUB_PATH}/negotiate`, declareAccess("POST", `${HUB_PATH}/negotiate`, SIGNED_IN), async (c) => {
    const caller = requireCaller(c);
    const version = Number(c.req.query("negotiateVersion") ?? "0");
    return c.json(
      await c.get("app").push.hub.negotiations.negotiate(
        { userId: caller.user.id, tenantId: caller.tenant.id },
        Number.isFinite(version) ? version : 0,
      ),
    );
  })
  .get(HUB_PATH, declareAccess("GET", HUB_PATH, SIGNED_IN), async (c) => {
    const caller = requireCaller(c);
    // a page of another site must not ride the user's cookie into the hub
    if (c.get("authVia") === "cookie" && isCrossSite(c)) {
      throw ApiError.forbidden("Cross-site connections are refused.");
    }
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(400, "This hub is reached by WebSocket only (negotiate first).", {
        isValidation: true,
      });
    }
    const hub = c.get("app").push.hub;
    const connectionId = await hub.negotiations.claim(c.req.query("id") ?? null, {
      userId: caller.user.id,
      tenantId: caller.tenant.id,
    });
    if (!connectionId) throw ApiError.notFound("No connection with that ID: negotiate again.");
    const who = identityOf(caller);
    let conn: ReturnType<typeof hub.open> | undefined;
    // a line when a push connection opens and closes (ids only: server/ops/log.ts)
    const ids = { connectionId, tenantId: who.tenantId, userId: who.userId };
    let openedAt = 0;
    return upgradeWebSocket(c, {
      onOpen: (_event, ws) => {
        // binary frames as ArrayBuffers: their size is known before anything reads them
        if (ws.raw) ws.raw.binaryType = "arraybuffer";
        conn = hub.open(connectionId, who, ws);
        openedAt = performance.now();
        log("info", "push.open", ids);
      },
      onMessage: (event) => {
        if (conn) hub.receive(conn, event.data as string | ArrayBuffer);
      },
      onClose: () => {
        if (conn) hub.closed(conn);
        log("info", "push.close", { ...ids, durationMs: Math.round(performance.now() - openedAt) });
      },
    });
  });

function identityOf(caller: Caller): HubIdentity {
  return {
    sessionId: caller.session.id,
    userId: caller.user.id,
    tenantId: caller.tenant.id,
    name: `${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email,
    roleLevel: caller.roleLevel,
    modules: licensedModules(caller.subject),
    absoluteExpiresAt: caller.session.absoluteExpiresAt.getTime(),
  };
}
