/** Problem reports (api/user/ReportBug, api/support/…) over real HTTP: who may report, who may read. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["user", "support", "admin"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

async function call(who: string, path: string, json?: unknown, userAgent = "support-test") {
  const res = await fetch(`${t.origin}${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      "content-type": "application/json",
      "user-agent": userAgent,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: await res.json() };
}

describe("reported problems", () => {
  test("a user reports a problem with its page; the support staff see it and mark it handled", async () => {
    const ua =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const sent = await call("user", "/api/user/ReportBug", {
      page: "/home/livestock?tab=orders",
      message: "The Show button did nothing\non the order groups tab.",
    }, ua);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ userName: "User Demo", device: "Chrome on Windows", handledAt: null });

    expect((await call("user", "/api/support/GetProblemReports")).status).toBe(403);
    const open = await call("support", "/api/support/GetProblemReports");
    expect(open.status).toBe(200);
    const mine = open.body.find((r: { id: number }) => r.id === sent.body.id);
    expect(mine.message).toBe("The Show button did nothing\non the order groups tab.");
    expect(mine.page).toBe("/home/livestock?tab=orders");

    const done = await call("admin", "/api/support/MarkProblemReportHandled", { id: sent.body.id });
    expect(done.status).toBe(200);
    expect(done.body.handledBy).toBe("Admin Demo");
    expect((await call("support", "/api/support/MarkProblemReportHandled", { id: sent.body.id })).status)
      .toBe(409);
    const still = await call("support", "/api/support/GetProblemReports");
    expect(still.body.some((r: { id: number }) => r.id === sent.body.id)).toBe(false);
    const all = await call("support", "/api/support/GetProblemReports?all=true");
    expect(all.body.some((r: { id: number }) => r.id === sent.body.id)).toBe(true);
  });

  test("a report must say something and name a page of this app; another organisation never sees it", async () => {
    const short = await call("user", "/api/user/ReportBug", { page: "/home", message: "bad" });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe("message");
    const foreign = await call("user", "/api/user/ReportBug", {
      page: "https://example.com/x",
      message: "A page somewhere else broke",
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].field).toBe("page");
    const farm = await call("farm", "/api/support/GetProblemReports");
    // a producer's admin reads only their own organisation's reports: none of the processor's
    if (farm.status === 200) {
      expect(farm.body.some((r: { userName: string }) => r.userName === "User Demo")).toBe(false);
    } else expect(farm.status).toBe(403);
    expect((await call("support", "/api/support/MarkProblemReportHandled", { id: 99999 })).status).toBe(404);
  });
});
