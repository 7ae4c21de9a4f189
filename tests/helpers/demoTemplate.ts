/**
 * The demo data set seeded once and copied for every test app. Seeding takes seconds (the kill floor's
 * demo carcasses go through the real importer), copying the database files a few milliseconds, and about
 * eighty test apps start in a run. A template is seeded for one plant day (PLANT_DAY, tests/helpers/clock.ts,
 * unless a test asks for another: the weekday matrix) and named by that day and a hash of the code that
 * seeds it (server/ and db/), so a change to either builds a new one; two workers building the same one
 * at once both succeed, and the first rename wins.
 */
import { createHash } from "node:crypto";
import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";
import { seedDemo, seedDemoFiles } from "../../server/demo.ts";
import { PLANT_DAY } from "./clock.ts";
import { serverNow } from "../../server/clock.ts";
import { interchangeClients } from "../../db/tenant/schema.ts";
import { tenants } from "../../db/control/schema.ts";
import type { AppServices } from "../../server/env.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const READY = ".ready";

const building = new Map<string, Promise<string>>();

/**
 * The folder holding a control.db and tenants/ seeded for the plants' day `day` (demo users' password:
 * `password`).
 */
export function demoTemplate(password: string, day: string = PLANT_DAY): Promise<string> {
  const name = `${day}\n${password}`;
  let template = building.get(name);
  if (!template) {
    template = build(password, day).catch((e) => {
      building.delete(name);
      throw e;
    });
    building.set(name, template);
  }
  return template;
}

async function build(password: string, day: string): Promise<string> {
  const key = await codeKey(`${day}\n${password}`);
  const dir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/abattoir-demo-${key}`;
  if (await exists(`${dir}/${READY}`)) return dir;
  const work = await Deno.makeTempDir({ prefix: "abattoir-demo-building-" });
  const services = await createServices(loadConfig({ DATA_DIR: work }));
  try {
    await seedDemo(services.db, password, day);
    await seedDemoFiles(services);
  } finally {
    await services.close();
  }
  await Deno.writeTextFile(`${work}/${READY}`, "");
  try {
    await Deno.rename(work, dir);
  } catch {
    // another worker put the same template in place first
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
  if (!(await exists(`${dir}/${READY}`))) throw new Error(`demo template ${dir} is not ready`);
  return dir;
}

/**
 * A copy stands for the demo seeded just now: what the seed stamps with the time it ran and tests read
 * as "recent" is stamped again on the server's (pinned) clock (the plant interchange's last heartbeat:
 * "available" means within five minutes of now, and a template may be older than that).
 */
export async function freshenDemo(services: AppServices): Promise<void> {
  const now = serverNow().toISOString(); // the test app's pinned clock (the bench: the real one)
  for (const { id } of await services.db.control.select({ id: tenants.id }).from(tenants)) {
    const db = await services.db.tenantDb(id);
    await db.update(interchangeClients).set({ lastHeartbeatAt: now });
  }
}

/** A hash of every source file under server/ and db/, and `salt`. */
async function codeKey(salt: string): Promise<string> {
  const hash = createHash("sha1").update(salt);
  const files: string[] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (/\.(ts|tsx|sql|json)$/.test(e.name)) files.push(path);
    }
  };
  await walk(`${ROOT}server`);
  await walk(`${ROOT}db`);
  for (const f of files.sort()) hash.update(f).update(await Deno.readFile(f));
  return hash.digest("hex").slice(0, 16);
}

/** Copies a folder's files and subfolders into `to` (which exists). */
export async function copyDir(from: string, to: string): Promise<void> {
  for await (const e of Deno.readDir(from)) {
    if (e.name === READY) continue;
    const [src, dst] = [`${from}/${e.name}`, `${to}/${e.name}`];
    if (e.isDirectory) {
      await Deno.mkdir(dst);
      await copyDir(src, dst);
    } else await Deno.copyFile(src, dst);
  }
}

async function exists(path: string) {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
