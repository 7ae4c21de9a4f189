import { createMailer } from "./mail/mailer.ts";
import { createSmsSender } from "./mail/sms.ts";
import { OidcProviders, oidcProvidersFrom } from "./auth/oidc.ts";
import type { Config } from "./config.ts";
import { Databases } from "../db/client.ts";
import { SessionStore } from "./auth/sessions.ts";
import { CallerCache, followAuthChanges } from "./auth/callers.ts";
import { shareLoginLimits } from "./auth/rateLimit.ts";
import { AuthService } from "./auth/service.ts";
import { ApiKeyStore } from "./auth/apiKeys.ts";
import { tenantIdsOf } from "./auth/userModel.ts";
import type { AppServices } from "./env.ts";
import { LocalBus } from "./push/bus.ts";
import { PushService } from "./push/service.ts";
import { KEPT_IN_MEMORY, PUSH_CATALOGUE } from "./areas/mod.ts";
import { forgetOnEvents } from "./areas/forgetting.ts";
import { createBlobStore } from "./storage/mod.ts";
import { ApiError } from "./http/errors.ts";
import { log } from "./ops/log.ts";

/** Opens and migrates every database and wires the long-lived services. Used by main.ts and the tests. */
export async function createServices(config: Config): Promise<AppServices> {
  // the Redis client is loaded only where a bus is configured (start-up time: issue 40)
  const bus = config.PUSH_REDIS_URL
    ? await (await import("./push/redisBus.ts")).RedisBus.connect(config.PUSH_REDIS_URL)
    : new LocalBus();
  const db = await Databases.open({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    authToken: config.DATABASE_AUTH_TOKEN,
    tenantUrlTemplate: config.TENANT_DATABASE_URL_TEMPLATE,
    // the migrations' progress at start, a line a tenant
    log: (event, fields) => log(event.endsWith("Failed") ? "error" : "info", event, fields),
    // a tenant whose migration failed stays on its old version and answers this; the others work
    notReadyError: () =>
      new ApiError(
        503,
        "This organisation's data could not be brought up to date after an update, so it is closed for now. Try again later, and tell support if it lasts.",
      ),
  });
  await db.migrateTenants(await tenantIdsOf(db.control));
  const sessions = new SessionStore(db.control, {
    tokenTtlMs: config.TOKEN_TTL_MINUTES * 60_000,
    autoLogoutMs: config.AUTO_LOGOUT_HOURS * 3_600_000,
    keepLoggedInMs: config.KEEP_LOGGED_IN_DAYS * 86_400_000,
  });
  // sessions and callers are kept in memory; the bus tells every instance what to forget
  const callers = new CallerCache(db.control, bus);
  followAuthChanges(bus, sessions, callers);
  // and so are the areas' answers built on the tenant's facts
  forgetOnEvents(bus, db, KEPT_IN_MEMORY);
  const push = new PushService(bus, PUSH_CATALOGUE, {
    keepAliveMs: config.PUSH_KEEPALIVE_SECONDS * 1000,
    clientTimeoutMs: config.PUSH_CLIENT_TIMEOUT_SECONDS * 1000,
  });
  // connections live as long as their session: a sign-out closes them, a token refresh keeps them
  sessions.listen({
    ended: (ids) => push.sessionsEnded(ids),
    rotated: (from, to) => push.sessionRotated(from, to),
  });
  const mail = createMailer(config);
  const sms = createSmsSender(config);
  const auth = new AuthService(
    db.control,
    sessions,
    callers,
    mail,
    sms,
    new OidcProviders(oidcProvidersFrom(config)),
  );
  // the sign-in limits are kept alike on every instance (a guesser gains nothing from the load balancer)
  shareLoginLimits(auth.limiter, bus);
  return {
    config,
    db,
    sessions,
    mail,
    sms,
    callers,
    // keys follow the same bus: a revoke anywhere is heard here
    apiKeys: new ApiKeyStore(db.control, callers, bus),
    auth,
    push,
    storage: createBlobStore(config),
    async close() {
      await push.close();
      mail.close();
      await db.close();
    },
  };
}
