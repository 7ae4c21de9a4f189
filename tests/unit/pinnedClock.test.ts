/**
 * The tests' pinned clock is for the tests only (issue 37 §5): no server code pins it, a process outside
 * the test runner cannot (a production start runs on the real day), and a test app runs on PLANT_DAY.
 */
import { describe, expect, test } from "vitest";
import { PLANT_DAY, plantNoon, plantWeek } from "../helpers/clock.ts";
import { weekdayIndex } from "../../kernel/dates.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function sourcesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) found.push(...await sourcesUnder(path));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) found.push(path);
  }
  return found;
}

describe("the pinned clock", () => {
  test("PLANT_DAY is a Wednesday, midday at the plant, and its week runs Monday to Sunday", () => {
    expect(weekdayIndex(PLANT_DAY)).toBe(2);
    expect(plantNoon().toISOString().slice(0, 10)).toBe(PLANT_DAY);
    expect(plantWeek().map(weekdayIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(plantWeek()).toContain(PLANT_DAY);
  });

  test("no app code pins the clock: only server/clock.ts names fixClockForTests", async () => {
    const callers = [];
    for (const dir of ["server", "client", "kernel", "display", "reports", "db"]) {
      for (const file of await sourcesUnder(dir)) {
        if (file === "server/clock.ts") continue;
        if ((await Deno.readTextFile(`${ROOT}${file}`)).includes("fixClockForTests")) callers.push(file);
      }
    }
    expect(callers).toEqual([]);
  });

  test("outside the test runner pinning is refused and the plant's today stays the real one", async () => {
    const script = `
      import { fixClockForTests, plantToday } from "./server/clock.ts";
      import { todayIn } from "./kernel/dates.ts";
      try {
        fixClockForTests(new Date("2001-01-01T01:00:00Z"));
        console.log("pinned");
      } catch (e) {
        console.log(e.message);
      }
      console.log(plantToday("UTC") === todayIn("UTC") ? "real day" : "pinned day");
    `;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--ext=ts", script],
      cwd: ROOT,
      env: { VITEST: "", NODE_ENV: "production" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    expect(text, new TextDecoder().decode(out.stderr)).toContain(
      "Only the tests may pin the server's clock (fixClockForTests).",
    );
    expect(text).toContain("real day");
    expect(text).not.toContain("pinned");
  });
});
