/**
 * Benchmark of the yield data (issue 38): a beef boning day of 25,000 cartons sent over HTTP in batches
 * under the 1 MB body limit (the plant's system with its integration key would send it so), each batch
 * checked, written and its runs' daily summaries rebuilt; then one batch sent again (every carton
 * replaces). Target: the day imported and summarised ≤ 5 s. tests/bench/main.ts writes the figures.
 */
import { YIELD_DATA_API as Y } from "../../server/areas/yield/data/api.ts";
import { BEEF, flatCodes } from "../../server/areas/yield/data/reference.ts";
import { boneRun, simulatedHscw } from "../../server/areas/yield/data/simulator.ts";

export const YIELD_DAY_CARTONS = 25_000;
const RUN_HEAD = 150;
const MAX_BATCH_BYTES = 1_000_000;

/** The day's cartons as the plant sends them: beef runs of 150 head in two rooms, day and night. */
function dayOfCartons(day: string, site: string) {
  const codes = flatCodes(BEEF);
  const out: Record<string, unknown>[] = [];
  for (let n = 1; out.length < YIELD_DAY_CARTONS; n++) {
    const hscwKg = simulatedHscw(2, RUN_HEAD, n);
    const room = n % 2 ? "Boning room 1" : "Boning room 2";
    const run = { runNumber: n, head: RUN_HEAD, hscwKg };
    for (const c of boneRun({ hscwKg, codes, seed: n, serialPrefix: `BENCH-${day}-${n}` })) {
      out.push({
        serial: c.serial,
        productCode: c.code,
        netKg: c.netKg,
        pieces: c.pieces,
        productionDate: day,
        shift: n % 4 < 2 ? "day" : "night",
        boningRoom: room,
        site,
        run,
      });
    }
  }
  return out.slice(0, YIELD_DAY_CARTONS);
}

/** Batches of cartons whose JSON bodies stay under the limit. */
function batches(cartons: Record<string, unknown>[]): string[] {
  const bodies: string[] = [];
  let start = 0;
  while (start < cartons.length) {
    let size = Math.min(4_000, cartons.length - start);
    let body = JSON.stringify({ cartons: cartons.slice(start, start + size) });
    while (body.length > MAX_BATCH_BYTES) {
      size = Math.floor(size * 0.9);
      body = JSON.stringify({ cartons: cartons.slice(start, start + size) });
    }
    bodies.push(body);
    start += size;
  }
  return bodies;
}

async function send(origin: string, token: string, body: string) {
  const res = await fetch(origin + Y.postCartons, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
  const answer = await res.json();
  if (res.status !== 200) {
    throw new Error(`PostCartons ${res.status}: ${JSON.stringify(answer).slice(0, 400)}`);
  }
  return answer as { added: number; replaced: number };
}

/** The whole day in batches (new cartons), then its first batch again (every carton replaces). */
export async function benchYieldImport(origin: string, token: string, day: string, site: string) {
  const bodies = batches(dayOfCartons(day, site));
  const t0 = performance.now();
  let added = 0;
  for (const body of bodies) added += (await send(origin, token, body)).added;
  const ms = performance.now() - t0;
  const t1 = performance.now();
  const again = await send(origin, token, bodies[0]);
  const resendMs = performance.now() - t1;
  return {
    cartons: added,
    batches: bodies.length,
    largestKb: Math.max(...bodies.map((b) => b.length)) / 1024,
    ms,
    resend: { cartons: again.replaced, ms: resendMs },
  };
}
