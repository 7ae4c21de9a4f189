/**
 * Durability: the real server as a child process, writes in flight over several connections, `kill -9`
 * mid-stream, a restart on the same DATA_DIR. Every write the server acknowledged (2xx with its id) must
 * be there after the restart, three times over; at the end every database file must pass SQLite's
 * integrity check.
 */
import { afterAll, expect, test } from "vitest";
import { createClient } from "@libsql/client";

const REPO = new URL("../../", import.meta.url).pathname;
const PASSWORD = "durability-test-1";
const CYCLES = 3;
const WRITERS = 4;
const DAY = "2026-12-01";

const dataDir = await Deno.makeTempDir({ prefix: "abattoir-durability-" });
let child: Deno.ChildProcess | null = null;
let output = "";

afterAll(async () => {
  await stop("SIGKILL");
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
});

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Starts `server/main.ts --demo` and waits until it answers (the first start also seeds the demo data). */
async function start(): Promise<string> {
  const port = freePort();
  child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts", "--demo"],
    cwd: REPO,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_PASSWORD: PASSWORD,
      DEMO_HISTORY: "none", // the demo's month only: this test needs no year of history
      NODE_ENV: "production",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // drain both pipes so a chatty server never blocks; keep the tail for a failure message
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (s) => void (output = (output + s).slice(-4000)) }),
    ).catch(() => {});
  }
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  child.status.then(() => (exited = true));
  const deadline = Date.now() + 90_000; // a real process on the real clock: real elapsed time
  while (Date.now() < deadline && !exited) {
    const res = await fetch(`${origin}/login/usermodel`).catch(() => null);
    if (res) {
      await res.body?.cancel();
      if (res.status === 401) return origin;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${output}`);
}

async function stop(signal: Deno.Signal) {
  if (!child) return;
  try {
    child.kill(signal);
  } catch { /* already gone */ }
  await child.status;
  child = null;
}

async function login(origin: string): Promise<string> {
  const res = await fetch(`${origin}/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.processor", password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

interface Acked {
  kind: "supplier" | "group";
  id: number;
  name: string;
}

/** Writes in a loop until the server is gone; answers what it acknowledged. */
async function writer(origin: string, token: string, n: number, cycle: number, supplierId: number) {
  const acked: Acked[] = [];
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  for (let i = 0;; i++) {
    const name = `Durable ${cycle}-${n}-${i}`;
    const supplier = n % 2 === 0;
    const body = supplier ? { name } : {
      livestockOrderGroupDto: { speciesId: 1, supplierId, deliveryDate: DAY },
      livestockOrderDto: { quantityOrdered: 100 + i, deliveryDate: DAY, notes: name },
    };
    const path = supplier ? "/api/livestock/UpsertSupplier" : "/api/livestock/UpsertLivestockOrderAndGroup";
    try {
      const res = await fetch(`${origin}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const saved = await res.json();
      acked.push({ kind: supplier ? "supplier" : "group", id: saved.id, name });
    } catch (error) {
      if (error instanceof TypeError) return acked; // connection refused or reset: the server was killed
      throw error;
    }
  }
}

/** The acknowledged writes that cannot be read back. */
async function missing(origin: string, token: string, acked: Acked[]): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const lost: string[] = [];
  // one by one: the supplier list is bounded (LIST_LIMIT), so it cannot prove a write is there
  const supplierWrites = acked.filter((a) => a.kind === "supplier");
  for (let i = 0; i < supplierWrites.length; i += 20) {
    await Promise.all(
      supplierWrites.slice(i, i + 20).map(async (a) => {
        const res = await fetch(`${origin}/api/livestock/GetSupplier/${a.id}`, { headers });
        const body = res.status === 200 ? await res.json() : (await res.body?.cancel(), null);
        if (body?.name !== a.name) lost.push(`supplier ${a.id} "${a.name}"`);
      }),
    );
  }
  const groups = acked.filter((a) => a.kind === "group");
  for (let i = 0; i < groups.length; i += 20) {
    await Promise.all(
      groups.slice(i, i + 20).map(async (g) => {
        const res = await fetch(`${origin}/api/livestock/GetLivestockOrderGroup/${g.id}`, { headers });
        const body = res.status === 200 ? await res.json() : (await res.body?.cancel(), null);
        if (body?.livestockOrders?.[0]?.notes !== g.name) lost.push(`order group ${g.id} "${g.name}"`);
      }),
    );
  }
  return lost;
}

test("every acknowledged write survives kill -9 and a restart", { timeout: 180_000 }, async () => {
  const acked: Acked[] = [];
  const lost: string[] = [];
  let origin = await start();
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const token = await login(origin);
    lost.push(...await missing(origin, token, acked));
    const supplierId = (await (await fetch(`${origin}/api/livestock/GetSuppliers`, {
      headers: { authorization: `Bearer ${token}` },
    })).json())[0].id;
    const writers = Array.from({ length: WRITERS }, (_, n) => writer(origin, token, n, cycle, supplierId));
    await new Promise((r) => setTimeout(r, 1500 + cycle * 250)); // writes in flight
    await stop("SIGKILL");
    for (const batch of await Promise.all(writers)) acked.push(...batch);
    origin = await start();
  }
  lost.push(...await missing(origin, await login(origin), acked));
  await stop("SIGTERM");

  // the files themselves: SQLite's own check of every database the server wrote
  const files = ["control.db", ...[...Deno.readDirSync(`${dataDir}/tenants`)].map((e) => `tenants/${e.name}`)]
    .filter((f) => f.endsWith(".db"));
  const corrupt: string[] = [];
  for (const file of files) {
    const client = createClient({ url: `file:${dataDir}/${file}` });
    const rs = await client.execute("PRAGMA integrity_check");
    if (rs.rows[0]?.[0] !== "ok") corrupt.push(`${file}: ${rs.rows.map((r) => r[0]).join("; ")}`);
    client.close();
  }
  console.log(
    `security durability: ${CYCLES} kill cycles, ${acked.length} acknowledged writes, ${lost.length} lost, ${corrupt.length} corrupt files`,
  );
  expect(acked.length).toBeGreaterThan(CYCLES * WRITERS);
  expect(lost).toEqual([]);
  expect(corrupt).toEqual([]);
});
