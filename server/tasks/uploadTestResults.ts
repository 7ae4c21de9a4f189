/**
 * `deno task test:upload-results <report.xml> --url https://… --key <token> [--name API] [--commit …]
 * [--branch …]`: sends a JUnit XML report (from `deno task test:junit`) to the app's test results
 * (UploadTestResults) as a super user. The key is a bearer token from /login/login; the commit and branch
 * default to git's. Exits 1 with the app's words when the upload is refused.
 */
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    url: { type: "string" },
    key: { type: "string" },
    name: { type: "string", default: "API and rules" },
    commit: { type: "string" },
    branch: { type: "string" },
  },
});

const file = positionals[0];
if (!file || !values.url || !values.key) {
  console.error("Usage: deno task test:upload-results <report.xml> --url <app url> --key <token> [--name …]");
  Deno.exit(2);
}

async function git(...args: string[]): Promise<string | undefined> {
  try {
    const out = await new Deno.Command("git", { args, stdout: "piped", stderr: "null" }).output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : undefined;
  } catch {
    return undefined;
  }
}

const commit = values.commit ?? await git("rev-parse", "HEAD");
const branch = values.branch ?? await git("rev-parse", "--abbrev-ref", "HEAD");
const res = await fetch(new URL("/api/super/UploadTestResults", values.url), {
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${values.key}` },
  body: JSON.stringify({ name: values.name, commit, branch, xml: await Deno.readTextFile(file) }),
});
const answer = await res.json().catch(() => ({}));
if (!res.ok) {
  console.error(`The upload was refused (${res.status}): ${answer.message ?? res.statusText}`);
  Deno.exit(1);
}
console.log(
  `Uploaded run ${answer.id}: ${answer.passed} passed, ${answer.failed + answer.errors} failed, ` +
    `${answer.skipped} skipped.`,
);
