import type { Config } from "./config.ts";
import { Databases } from "../db/client.ts";
import { SessionStore } from "./auth/sessions.ts";
import { AuthService } from "./auth/service.ts";
import { tenantIdsOf } from "./auth/userModel.ts";
import type { AppServices } from "./env.ts";

/** Opens and migrates every database and wires the long-lived services. Used by main.ts and the tests. */
export async function createServices(config: Config): Promise<AppServices> {
  const db = await Databases.open({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    authToken: config.DATABASE_AUTH_TOKEN,
    tenantUrlTemplate: config.TENANT_DATABASE_URL_TEMPLATE,
  });
  await db.migrateTenants(await tenantIdsOf(db.control));
  const sessions = new SessionStore(db.control, {
    tokenTtlMs: config.TOKEN_TTL_MINUTES * 60_000,
    autoLogoutMs: config.AUTO_LOGOUT_HOURS * 3_600_000,
    keepLoggedInMs: config.KEEP_LOGGED_IN_DAYS * 86_400_000,
  });
  return { config, db, sessions, auth: new AuthService(db.control, sessions) };
}
