import type { Mailer } from "./mail/mailer.ts";
import type { SmsSender } from "./mail/sms.ts";
import type { Config } from "./config.ts";
import type { Databases, TenantDb } from "../db/client.ts";
import type { AuthService } from "./auth/service.ts";
import type { SessionStore } from "./auth/sessions.ts";
import type { CallerCache } from "./auth/callers.ts";
import type { ApiKeyStore } from "./auth/apiKeys.ts";
import type { PushService } from "./push/service.ts";
import type { AppPushEvents } from "./push/catalogue.ts";
import type { Caller } from "./auth/userModel.ts";
import type { ClientClock } from "./http/clientClock.ts";
import type { BlobStore } from "./storage/blobStore.ts";

/** The long-lived parts of a running server, shared by every request. */
export interface AppServices {
  config: Config;
  db: Databases;
  sessions: SessionStore;
  /** who is calling, kept in memory; writes that change it call `callers.changed()` */
  callers: CallerCache;
  /** the plant systems' integration keys (each its own integrationPartner user) */
  apiKeys: ApiKeyStore;
  auth: AuthService;
  push: PushService<AppPushEvents>;
  /** outgoing mail (server/mail/mailer.ts) */
  mail: Mailer;
  /** outgoing text messages (server/mail/sms.ts) */
  sms: SmsSender;
  /** files: map images, published reports, tenant data and support blobs (server/storage/) */
  storage: BlobStore;
  /** closes the databases and the push hub */
  close(): Promise<void>;
  /**
   * The areas' demo seeds in the registry's order, handed in by createApp (server/app.ts), so the super
   * initial-data load runs them after start-up without importing the registry (an import circle).
   */
  demoSeeds?: readonly DemoSeed[];
}

/** One area's demo seed (server/areas/area.ts DemoTenant is the tenant it is given). */
export interface DemoSeed {
  name: string;
  seed(tenant: {
    db: TenantDb;
    category: "processor" | "producer";
    today: string;
    siteIds: number[];
    speciesIds: number[];
  }): Promise<void>;
}

/** Hono's typing for our context variables. */
export interface AppEnv {
  Variables: {
    app: AppServices;
    caller: Caller | null;
    authVia: "bearer" | "cookie" | "apiKey" | null;
    clock: ClientClock;
    /** this answer's CSP nonce (server/http/securityHeaders.ts) */
    nonce: string;
  };
}
