import { loadConfig } from "./config.ts";
import { createServices } from "./services.ts";
import { createApp } from "./app.ts";
import { DEMO_USERS, seedDemo, seedDemoFiles, seedSpecies } from "./demo.ts";
import { tenantIdsOf } from "./auth/userModel.ts";
import { serveApp } from "./http/listener.ts";
import { setLogLevel } from "./ops/log.ts";
import { exitGracefullyOnSignals } from "./ops/shutdown.ts";
import { startBackupSchedule } from "./ops/backupSchedule.ts";
import { startBackground } from "./ops/background.ts";
import { BACKGROUND } from "./areas/mod.ts";

/** Reads the environment, opens and migrates the databases, seeds demo data with --demo, and serves. */
const config = loadConfig();
setLogLevel(config.LOG_LEVEL);
// the demo start is its own public address: links in mails and texts point at it (issue 35 §1)
if (Deno.args.includes("--demo") && !config.PUBLIC_URL) config.PUBLIC_URL = `http://localhost:${config.PORT}`;
const services = await createServices(config);
await seedSpecies(services.db);

if (Deno.args.includes("--demo")) {
  const credentialsFile = `${config.DATA_DIR}/demo-credentials.txt`;
  // seeded from the demo plants' today (their zone, Australia/Sydney), whatever the server's zone
  // with a year of history before the demo's month, so the livestock dashboards have a year to show
  const year = config.DEMO_HISTORY === "year";
  if (year) {
    console.log("Preparing the demo data (the first start builds a year of history: a minute or two)…");
  }
  const { created, password } = await seedDemo(services.db, config.DEMO_PASSWORD || undefined, undefined, {
    ...(year ? { history: "year" as const } : {}),
  });
  await services.db.migrateTenants(await tenantIdsOf(services.db.control));
  await seedDemoFiles(services);
  if (created && password && !config.DEMO_PASSWORD && !config.DATABASE_URL) {
    await Deno.writeTextFile(credentialsFile, `Demo password: ${password}\n`, { mode: 0o600 });
  }
  printSignIns(created, password, credentialsFile);
}

// in front of Deno.serve: a header timeout and a per-client connection cap (server/http/listener.ts)
const server = serveApp(
  config,
  createApp(services).fetch,
  ({ port }) => console.log(`\nAbattoir manager is running: http://localhost:${port}/login\n`),
);

// daily backups of every database at the plant-quiet hour, with retention (issue 40 §4)
startBackupSchedule(services, {
  at: config.BACKUP_AT,
  timeZone: config.BACKUP_TIME_ZONE,
  keepDaily: config.BACKUP_KEEP_DAILY,
  keepWeekly: config.BACKUP_KEEP_WEEKLY,
});

// what the areas do on their own: queued remittance emails, sent and retried (at start, then each minute)
startBackground(services, BACKGROUND);

// SIGTERM: stop taking requests, finish those under way, send push clients elsewhere, close the databases
exitGracefullyOnSignals({ server, services, limitMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 });

function printSignIns(created: boolean, password: string | null, credentialsFile: string) {
  console.log("Demo sign-ins:");
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.roleLevel.padEnd(8)} ${u.tenant}`);
  if (password) {
    console.log(
      `Password for all of them: ${password}${
        created && !config.DEMO_PASSWORD ? `  (also saved in ${credentialsFile})` : ""
      }`,
    );
  } else {console.log(
      `Password: the one printed at first start (see ${credentialsFile}), or set DEMO_PASSWORD.`,
    );}
}
