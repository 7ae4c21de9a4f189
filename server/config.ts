import { z } from "zod";
import { isTimeZone } from "../kernel/dates.ts";
import { LOG_LEVELS } from "./ops/log.ts";

/** Every setting of the server, read once from the environment. Safe defaults; no secrets in the repo. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  /**
   * Where files (blobs) are kept: empty = under DATA_DIR/files; an S3-compatible object store for several
   * app instances: `s3+https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…]` (server/storage/).
   */
  STORAGE_URL: z.string().default("").refine(
    (url) => url === "" || /^s3\+https?:\/\/[^:@/]+:[^@/]+@[^/]+\/[^/?]+/.test(url),
    "must be empty or s3+https://ACCESS_KEY:SECRET@host/bucket",
  ),
  /** A libSQL server (sqld/Turso) for the control database; empty = embedded files under DATA_DIR. */
  DATABASE_URL: z.string().default(""),
  DATABASE_AUTH_TOKEN: z.string().default(""),
  /** URL of a tenant database on the libSQL server; `{tenant}` is replaced by the tenant id. */
  TENANT_DATABASE_URL_TEMPLATE: z.string().default(""),
  /** Password given to every demo user; empty = generate one and print it once. */
  DEMO_PASSWORD: z.string().default(""),
  /** The demo's history before its month: a year (the dashboards' year), or none (a quick start for tests). */
  DEMO_HISTORY: z.enum(["year", "none"]).default("year"),
  /**
   * Whether a super user's demo data load may purge an organisation's demo rows (only one marked demo or
   * test, issue 43): refused unless set, so a production environment never purges by default.
   */
  DEMO_DATA_PURGE: z.enum(["allowed", "refused"]).default("refused"),
  /** Minutes a session token lives before the client must refresh it. */
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(3).max(24 * 60).default(60),
  /** Hours after sign-in the session ends unless the user chose to stay signed in. */
  AUTO_LOGOUT_HOURS: z.coerce.number().positive().default(12),
  KEEP_LOGGED_IN_DAYS: z.coerce.number().positive().default(30),
  /** Secure cookies need HTTPS; off only for plain-HTTP local use. */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /** JSON log lines at this level and above (a line per request at info); `off` for none (issue 40). */
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** On SIGTERM: how long requests under way may take to finish before the databases close (issue 40). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login rate limits). */
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /**
   * Slow clients (issue 35): seconds a new connection has to send its first request's headers (408 and
   * closed after); 0 = no limit. With this and MAX_CONNECTIONS_PER_CLIENT both 0 there is no guard.
   */
  HEADER_TIMEOUT_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /**
   * Open connections one client address may hold (429 beyond); 0 = no cap. Off with TRUST_PROXY=true.
   * 500: a plant's PCs and TVs often reach the app through one NAT address (60 screens, each a push
   * connection and a few kept-alive ones, is about 250); the cap is there to stop one address taking
   * thousands of sockets, not to count a plant's screens.
   */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(500),
  /** Push hub: seconds between pings to clients (spec 2 §9: 15). */
  PUSH_KEEPALIVE_SECONDS: z.coerce.number().positive().default(15),
  /** Push hub: a client silent this long is disconnected (spec 2 §9: 30). */
  PUSH_CLIENT_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** Push bus between server instances: empty = this process only; `redis://host:port` = Redis pub/sub. */
  PUSH_REDIS_URL: z.string().default(""),
  /** outgoing mail (password resets, invitations): smtp://user:pass@host:587 or smtps://…; none: the log */
  SMTP_URL: z.string().default(""),
  MAIL_FROM: z.string().default("Abattoir Manager <no-reply@abattoir.local>"),
  /** text messages (phone codes): an HTTP gateway taking POST {to, message}; none: the log and the outbox */
  SMS_URL: z.string().default(""),
  /** sent as a bearer token to SMS_URL when set */
  SMS_TOKEN: z.string().default(""),
  /**
   * "Sign in with …" (OpenID Connect, issue 19 §4): the provider's issuer URL, this app's client id and
   * secret there, and the name on the button. Several providers: comma-separated, in the same order.
   */
  OIDC_ISSUER: z.string().default(""),
  OIDC_CLIENT_ID: z.string().default(""),
  OIDC_CLIENT_SECRET: z.string().default(""),
  OIDC_NAME: z.string().default(""),
  /**
   * The address people open the app at (https://plant.example.com): links in mails and texts use it,
   * never the request's Host. Without it no link is sent (the log says why); the demo start sets its own.
   */
  PUBLIC_URL: z.string().default(""),
  /** Folder the plant's systems read the kill agenda from (api/KillAgendaManagement/SendToPlant); empty = DATA_DIR/interchange. */
  PLANT_INTERCHANGE_DIR: z.string().default(""),
  /**
   * The plants' time zone: "today" for a request that sends no X-Local-Date and whose browser has not
   * told its own zone yet (the `tz` cookie), and for the demo data. Default: the system's (`TZ`).
   */
  TIME_ZONE: z.string().default(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    .refine(isTimeZone, "not a known time zone"),
  /** Daily backups of every database into blob storage at this plant-quiet time ("HH:MM"; "" = none) (issue 40). */
  BACKUP_AT: z.string().regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM or empty").default("02:30"),
  BACKUP_TIME_ZONE: z.string().default("Australia/Sydney").refine(isTimeZone, "not a known time zone"),
  /** Backups kept: the newest of each of this many days, and of this many weeks. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(260).default(4),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
