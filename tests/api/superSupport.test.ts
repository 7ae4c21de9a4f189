/**
 * The super user's support desk over real HTTP (real database files, one per organisation): problems
 * reported in two organisations come back as one list, open ones first and newest first, a page at a time
 * with the total, filtered by organisation; marking one handled goes through that organisation's own
 * support rules (a second time is refused) and is audited; bad input is refused in words; support files
 * uploaded and deleted by a super user are audited and listed on the page with the link to paste.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { serveTestApp } from "../helpers/app.ts";
import { BLOB_API } from "../../server/areas/storage/files/api.ts";
import { SUPER_SUPPORT_API as S } from "../../server/areas/super/support/api.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let processorId: number;
let farmId: number;

const http = (path: string, who: string, init: RequestInit = {}) =>
  fetch(`${t.origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${tokens[who]}`, ...(init.headers as Record<string, string>) },
  });
const json = async (path: string, who: string, body?: unknown) => {
  const res = await http(
    path,
    who,
    body === undefined ? {} : {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    },
  );
  return {
    status: res.status,
    body: await res.json().catch(() => null),
    total: res.headers.get("x-total-count"),
  };
};
const report = (who: string, page: string, message: string) =>
  json("/api/user/ReportBug", who, { page, message });
const auditOf = (action: string) =>
  t.services.db.control.select().from(superAudit).where(eq(superAudit.action, action));

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["super", "admin", "support"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  processorId = (await t.services.db.control.query.tenants.findFirst({
    where: eq(tenants.name, "Demo Processing"),
  }))!.id;
  farmId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!.id;
  // oldest first: the processor's, then the farm's, then the processor's again
  expect((await report("admin", "/home/livestock", "The order list did not load this morning.")).status).toBe(
    200,
  );
  expect((await report("farm", "/home/farmer", "My delivery is not shown on the calendar.")).status).toBe(
    200,
  );
  expect((await report("support", "/stockyard/yards", "The yard board froze after a move.")).status).toBe(
    200,
  );
});
afterAll(() => t.close());

type Row = { tenantId: number; tenantName: string; id: number; message: string; handledAt: string | null };

describe("reported problems of every organisation", () => {
  test("only a super user reads them: one list, newest first, with the organisation", async () => {
    expect((await json(S.problemReports, "admin")).status).toBe(403);
    expect((await json(S.problemReports, "support")).status).toBe(403);
    const all = await json(S.problemReports, "super");
    expect(all.status).toBe(200);
    expect(all.total).toBe("3");
    expect(all.body.map((r: Row) => [r.tenantName, r.message])).toEqual([
      ["Demo Processing", "The yard board froze after a move."],
      ["Demo Farm", "My delivery is not shown on the calendar."],
      ["Demo Processing", "The order list did not load this morning."],
    ]);
    expect(all.body[1]).toMatchObject({
      tenantId: farmId,
      userName: "Producer Farmer",
      page: "/home/farmer",
    });
  });

  test("a page at a time with the total, and one organisation at a time", async () => {
    const second = await json(`${S.problemReports}?startIndex=1&pageSize=1`, "super");
    expect(second.total).toBe("3");
    expect(second.body.map((r: Row) => r.message)).toEqual(["My delivery is not shown on the calendar."]);
    const farm = await json(`${S.problemReports}?tenantId=${farmId}`, "super");
    expect(farm.total).toBe("1");
    expect(farm.body.map((r: Row) => r.tenantId)).toEqual([farmId]);
  });

  test("marking one handled uses the organisation's own rule, once, audited; open ones stay first", async () => {
    const open = await json(`${S.problemReports}?tenantId=${processorId}`, "super");
    const oldest = open.body.at(-1) as Row;
    const done = await json(S.markHandled, "super", { tenantId: processorId, id: oldest.id });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: oldest.id,
      tenantName: "Demo Processing",
      handledBy: "Super Demo",
    });
    // the organisation's own support staff see it handled
    const theirs = await json("/api/support/GetProblemReports?all=true", "support");
    expect(theirs.body.find((r: Row) => r.id === oldest.id).handledBy).toBe("Super Demo");
    const again = await json(S.markHandled, "super", { tenantId: processorId, id: oldest.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Super Demo has already handled it.");
    expect((await auditOf("MarkProblemReportHandled")).map((a) => [a.tenantId, a.detail?.reportId]))
      .toEqual([[processorId, oldest.id]]);

    const stillOpen = await json(S.problemReports, "super");
    expect(stillOpen.total).toBe("2");
    expect(stillOpen.body.some((r: Row) => r.id === oldest.id && r.tenantId === processorId)).toBe(false);
    const everything = await json(`${S.problemReports}?all=true`, "super");
    expect(everything.total).toBe("3");
    expect(everything.body.map((r: Row) => r.handledAt === null)).toEqual([true, true, false]);
  });

  test("bad input is refused in words and changes nothing", async () => {
    for (const query of ["tenantId=abc", "pageSize=500", "startIndex=-1", "all=maybe"]) {
      const res = await json(`${S.problemReports}?${query}`, "super");
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await json(`${S.problemReports}?tenantId=99999`, "super")).status).toBe(404);
    const noTenant = await json(S.markHandled, "super", { tenantId: 99999, id: 1 });
    expect(noTenant).toMatchObject({ status: 404, body: { message: "That organisation does not exist." } });
    const noReport = await json(S.markHandled, "super", { tenantId: farmId, id: 99999 });
    expect(noReport).toMatchObject({ status: 404, body: { message: "That report does not exist." } });
    expect((await json(S.markHandled, "super", { tenantId: farmId })).status).toBe(400);
    expect((await json(`${S.problemReports}?tenantId=${farmId}`, "super")).body[0].handledAt).toBeNull();
  });
});

describe("support files", () => {
  const PDF = new TextEncoder().encode("%PDF-1.7\nA kill floor manual\n%%EOF\n");
  const upload = (reference: string) => {
    const form = new FormData();
    form.set("FullBlobReference", reference);
    form.set("File", new File([PDF], reference.split("/").at(-1)!, { type: "application/pdf" }));
    return http(BLOB_API.uploadSupportBlob, "super", { method: "POST", body: form });
  };

  test("an upload and a delete are super actions in the audit; the desk lists the file and its link", async () => {
    expect((await upload("support/manuals/kill-floor-guide.pdf")).status).toBe(200);
    expect((await auditOf("UploadSupportBlob")).map((a) => [a.tenantId, a.detail?.reference]))
      .toEqual([[null, "support/manuals/kill-floor-guide.pdf"]]);

    const page = await (await http("/super/support", "super")).text();
    expect(page).toContain("kill-floor-guide.pdf");
    expect(page).toContain(
      "/api/storage/DownloadSupportBlob?fullBlobReference=support/manuals/kill-floor-guide.pdf",
    );
    const read = await http(
      `${BLOB_API.downloadSupportBlob}?fullBlobReference=support/manuals/kill-floor-guide.pdf`,
      "farm",
    );
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PDF);

    const gone = await http(
      `${BLOB_API.superDeleteSupportBlob}?fullBlobReference=support/manuals/kill-floor-guide.pdf`,
      "super",
    );
    expect(gone.status).toBe(200);
    expect((await auditOf("DeleteSupportBlob")).map((a) => a.detail?.reference))
      .toEqual(["support/manuals/kill-floor-guide.pdf"]);
    expect(await (await http("/super/support", "super")).text()).not.toContain("kill-floor-guide.pdf");
  });

  test("the desk's page shows the reports with their organisation, and is the super user's only", async () => {
    const page = await (await http(`/super/support?tenantId=${farmId}`, "super")).text();
    expect(page).toContain("My delivery is not shown on the calendar.");
    expect(page).not.toContain("The yard board froze after a move.");
    expect((await http("/super/support", "admin")).status).toBe(403);
  });
});
