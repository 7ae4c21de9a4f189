/**
 * App control and processor configuration over real HTTP (issue 18 §3): only super; the maintenance
 * message appears on users' pages and goes when switched off; the processor configuration is one checked
 * document per processor (plain-word errors that change nothing, 409 on a stale save); both audited.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let superToken: string;
let userToken: string;
let processorId: number;
let farmId: number;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login("super@demo.processor");
  userToken = await t.login("user@demo.processor");
  processorId = (await t.services.db.control.query.tenants.findFirst())!.id;
  farmId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!.id;
});
afterAll(() => t.close());

const call = async (method: string, path: string, token: string, json?: unknown) => {
  const res = await t.request(path, { method, token, json });
  return { status: res.status, body: await res.json().catch(() => null) };
};
const page = async (path: string, token: string) => (await t.request(path, { token })).text();

describe("maintenance message", () => {
  test("only a super user sets it; it shows on every signed-in page until switched off", async () => {
    const body = { message: "Upgrade on Sunday 6–8 am", isActive: true };
    expect((await call("POST", "/api/super/SetMaintenanceMessage", userToken, body)).status).toBe(403);
    const empty = await call("POST", "/api/super/SetMaintenanceMessage", superToken, {
      message: " ",
      isActive: true,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContainEqual({
      field: "message",
      message: "Write the message users should see",
    });
    expect(await page("/home/userHome", userToken)).not.toContain("data-maintenance");

    const set = await call("POST", "/api/super/SetMaintenanceMessage", superToken, body);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ ...body, updatedBy: "Super Demo" });
    expect(await page("/home/userHome", userToken)).toContain("Upgrade on Sunday 6–8 am");

    await call("POST", "/api/super/SetMaintenanceMessage", superToken, { ...body, isActive: false });
    expect(await page("/home/userHome", userToken)).not.toContain("Upgrade on Sunday");
    const audit = await t.services.db.control.select().from(superAudit)
      .where(eq(superAudit.action, "SetMaintenanceMessage"));
    expect(audit.map((a) => [a.tenantId, a.detail?.isActive])).toEqual([[null, true], [null, false]]);
  });
});

describe("processor configuration", () => {
  const document = {
    establishmentNumber: "1234",
    killFloors: 2,
    shiftsPerDay: 2,
    dayStartTime: "05:30",
    chillerCapacityHead: 4000,
    isMsaLicensed: true,
    msaLicenceNumber: "MSA-88",
    isInterchangeEnabled: true,
  };

  test("is null until set, then the checked document, and the save is audited", async () => {
    const first = await call(
      "GET",
      `/api/super/GetProcessorConfiguration?tenantId=${processorId}`,
      superToken,
    );
    expect(first).toMatchObject({ status: 200, body: { document: null, lastModified: null } });
    const saved = await call("POST", "/api/super/SetProcessorConfiguration", superToken, {
      tenantId: processorId,
      document,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.document).toEqual(document);
    const [row] = await t.services.db.control.select().from(superAudit)
      .where(eq(superAudit.action, "SetProcessorConfiguration"));
    expect(row.tenantId).toBe(processorId);

    // a save from a stale read is refused
    const again = await call("POST", "/api/super/SetProcessorConfiguration", superToken, {
      tenantId: processorId,
      document: { ...document, killFloors: 3 },
      lastModified: "2020-01-01T00:00:00.000Z",
    });
    expect(again.status).toBe(409);
  });

  test("bad documents are refused field by field and change nothing; a producer has none", async () => {
    const before = await call(
      "GET",
      `/api/super/GetProcessorConfiguration?tenantId=${processorId}`,
      superToken,
    );
    const bad = await call("POST", "/api/super/SetProcessorConfiguration", superToken, {
      tenantId: processorId,
      document: {
        ...document,
        establishmentNumber: "12a",
        dayStartTime: "25:00",
        msaLicenceNumber: "",
        killFloors: 0,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining([
        "document.establishmentNumber",
        "document.dayStartTime",
        "document.killFloors",
      ]),
    );
    expect(bad.body.errors.find((e: { field: string }) => e.field === "document.establishmentNumber").message)
      .toBe("Up to six digits, as on the export licence");
    const after = await call(
      "GET",
      `/api/super/GetProcessorConfiguration?tenantId=${processorId}`,
      superToken,
    );
    expect(after.body).toEqual(before.body);

    const producer = await call("POST", "/api/super/SetProcessorConfiguration", superToken, {
      tenantId: farmId,
      document,
    });
    expect(producer.status).toBe(400);
    expect(producer.body.message).toContain("Only a processor");
    expect(
      (await call("GET", `/api/super/GetProcessorConfiguration?tenantId=${processorId}`, userToken)).status,
    )
      .toBe(403);
  });
});
