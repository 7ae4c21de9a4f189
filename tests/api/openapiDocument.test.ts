/**
 * The served /api/openapi.json as the tools of API clients read it: Redocly's linter with its
 * recommended rules finds no error, and openapi-typescript turns it into types that type-check. Both
 * tools run as child processes (`deno run npm:…`, pinned) in a temporary folder, outside the project's
 * config, lock file and node_modules. The first run downloads them from the npm registry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";

const REDOCLY_CLI = "npm:@redocly/cli@2.77.0";
const OPENAPI_TYPESCRIPT = "npm:openapi-typescript@7.13.0";
/** room for the first run's downloads; a warm run takes a few seconds */
const TOOL_TIMEOUT = 120_000;

let t: TestApp;
let dir: string;
let documentFile: string;

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.request("/api/openapi.json");
  expect(res.status).toBe(200);
  dir = await Deno.makeTempDir({ prefix: "abattoir-openapi-" });
  documentFile = `${dir}/openapi.json`;
  await Deno.writeTextFile(documentFile, JSON.stringify(await res.json(), null, 2));
});

afterAll(async () => {
  await t?.close();
  if (dir) await Deno.remove(dir, { recursive: true }).catch(() => {});
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `deno <args>` in the temporary folder, with no project config (nothing written to deno.lock). */
async function deno(args: string[]): Promise<Run> {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: dir,
    env: { NO_COLOR: "1", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer?: string }[];
}

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const run = await deno([
      "run",
      "-A",
      "--no-config",
      REDOCLY_CLI,
      "lint",
      "openapi.json",
      "--format=json",
      "--extends=recommended",
      "--max-problems=1000",
    ]);
    let report: { totals: { errors: number; warnings: number }; problems: LintProblem[] };
    try {
      report = JSON.parse(run.stdout);
    } catch {
      throw new Error(`redocly lint gave no JSON report (exit ${run.code}):\n${run.stderr}\n${run.stdout}`);
    }
    const { errors, warnings } = report.totals;
    console.log(`openapi lint: ${errors} errors, ${warnings} warnings`);
    const listed = report.problems
      .map((p) =>
        `${p.severity} ${p.ruleId} at ${p.location.map((l) => l.pointer).join(", ")}: ${p.message}`
      );
    expect(listed, "redocly lint problems").toEqual([]);
    expect(errors + warnings).toBe(0);
  }, TOOL_TIMEOUT);

  it("generates TypeScript types that type-check (openapi-typescript)", async () => {
    const generate = await deno([
      "run",
      "-A",
      "--no-config",
      OPENAPI_TYPESCRIPT,
      "openapi.json",
      "-o",
      "schema.d.ts",
    ]);
    expect(generate.code, `openapi-typescript failed:\n${generate.stderr}\n${generate.stdout}`).toBe(0);
    await Deno.writeTextFile(
      `${dir}/client.ts`,
      `import type { operations, paths } from "./schema.d.ts";

type GetOrders = paths["/api/livestock/GetLivestockOrders"]["get"];
type Orders = GetOrders["responses"][200]["content"]["application/json"];
type Refused = GetOrders["responses"][403]["content"]["application/json"];
type LoginBody = NonNullable<paths["/login/login"]["post"]["requestBody"]>["content"]["application/json"];

export const ids: number[] = ([] as Orders).map((order) => order.id);
export const byOperationId: GetOrders = {} as operations["GetLivestockOrders"];
export const refused: Refused = { title: "Forbidden", message: "Not allowed", isValidation: false };
export const login: LoginBody = { email: "user@demo.processor", password: "secret", isKeepLoggedIn: false };
// @ts-expect-error the types are strict: an order's id is a number
export const wrong: Orders[number]["id"] = "1";
`,
    );
    const check = await deno(["check", "--no-config", "client.ts"]);
    expect(check.code, `deno check of the generated types failed:\n${check.stderr}\n${check.stdout}`).toBe(0);
  }, TOOL_TIMEOUT);
});
