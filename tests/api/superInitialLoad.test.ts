/**
 * The initial data load over real HTTP on real database files: the template, a preview that checks every
 * row with the party forms' own rules and writes nothing, and the load of the previewed file in one
 * transaction (each record audited in the tenant, the load in the super audit). Loading the same file
 * twice adds nothing; bad files are refused in words and change nothing; super only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { auditLog, buyers, stakeholders, suppliers, transportCompanies } from "../../db/tenant/schema.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let superToken: string;
let processorId: number;
let farmId: number;
/** a demo supplier of the processor, matched by its name and PIC */
let known: { id: number; name: string; pic: string };

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login("super@demo.processor");
  processorId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Processing") }))!.id;
  farmId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!.id;
  const db = await t.services.db.tenantDb(processorId);
  const withPic = (await db.select().from(suppliers)).find((s) => s.pic && s.bankAccountNumber);
  known = { id: withPic!.id, name: withPic!.name, pic: withPic!.pic };
});
afterAll(() => t.close());

type Kind = "suppliers" | "stakeholders" | "buyers" | "transportCompanies";

async function send(
  path: "PreviewInitialLoad" | "LoadInitialData",
  fields: { tenantId?: number; kind?: Kind; digest?: string },
  file: { name: string; content: string | Uint8Array } | null,
  token = superToken,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, String(v));
  if (file) form.set("file", new File([file.content as BlobPart], file.name, { type: "text/csv" }));
  const res = await t.request(`/api/super/${path}`, { method: "POST", token, body: form });
  return { status: res.status, body: await res.json() };
}
const preview = (kind: Kind, content: string, tenantId = processorId, name = "go-live.csv") =>
  send("PreviewInitialLoad", { tenantId, kind }, { name, content });
/** the preview, then the load of the same file with its fingerprint */
async function previewAndLoad(kind: Kind, content: string, tenantId = processorId, name = "go-live.csv") {
  const checked = await preview(kind, content, tenantId, name);
  expect(checked.status).toBe(200);
  return send("LoadInitialData", { tenantId, kind, digest: checked.body.digest }, { name, content });
}

const tenantDb = (id = processorId) => t.services.db.tenantDb(id);
const countOf = async (table: typeof suppliers | typeof buyers, id = processorId) =>
  (await (await tenantDb(id)).select().from(table)).length;
const auditCount = async (id = processorId) => (await (await tenantDb(id)).select().from(auditLog)).length;
const superLoads = () =>
  t.services.db.control.select().from(superAudit).where(eq(superAudit.action, "InitialDataLoad"));

/** A go-live file: a new supplier, the known one with a new mobile, a bad ABN, a repeat, a new one. */
const suppliersCsv = () =>
  [
    "Name,PIC,ABN,GST registered,Stock types,Contact email,Contact mobile,Town,State,Postcode,BSB,Bank account number",
    "Wirrinya Grazing,NW111111,51 824 753 556,Yes,Sheep; Beef,office@wirrinya.com.au,0412 345 678,Hay,NSW,2711,062-000,12345678",
    `${known.name},${known.pic},,,,,0499 000 111,,,,,`,
    "Bad Abn Farming,NW222222,51 824 753 557,No,Sheep,,,,,,,",
    "Wirrinya Grazing,nw 111 111,,,,,,,,,,",
    "Tarcoola Partnership,NW333333,,no,,,,Wagga Wagga,New South Wales,800,,",
  ].join("\r\n");

describe("the template", () => {
  test("is a CSV of friendly headers and an example row, for super users only", async () => {
    const res = await t.request("/api/super/GetInitialLoadTemplate?kind=suppliers", { token: superToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="suppliers-template.csv";/);
    const [header, example] = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toMatch(/^Name,Roles,PIC,ABN,ACN,GST registered,Location,Stock types,MSA number,/);
    expect(header).toContain("BSB,Bank account number");
    expect(example).toMatch(/^Kooringal Pastoral Co,Producer,NA123456,51 824 753 556,/);
    const carriers = await t.request("/api/super/GetInitialLoadTemplate?kind=transportCompanies", {
      token: superToken,
    });
    // the bytes, not text(): a decoder may drop the byte order mark Excel needs
    const bytes = new Uint8Array(await carriers.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).split("\r\n")[0]).toBe(
      "\uFEFFName,Phone,Email",
    );
    const bad = await t.request("/api/super/GetInitialLoadTemplate?kind=cattle", { token: superToken });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].message).toMatch(/^Choose what the file holds/);
    const admin = await t.login("admin@demo.processor");
    expect((await t.request("/api/super/GetInitialLoadTemplate?kind=suppliers", { token: admin })).status)
      .toBe(403);
  });
});

describe("preview and load of suppliers", () => {
  test("the preview checks every row with the form's rules, flags repeats and writes nothing", async () => {
    const before = { suppliers: await countOf(suppliers), audit: await auditCount() };
    const { status, body } = await preview("suppliers", suppliersCsv());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      tenantId: processorId,
      tenantName: "Demo Processing",
      kind: "suppliers",
      fileName: "go-live.csv",
      rows: 5,
      counts: { added: 2, updated: 1, unchanged: 0, rejected: 2 },
      ignoredColumns: [],
      moreProblems: 0,
    });
    expect(body.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(body.problems).toEqual([
      { row: 4, column: "ABN", message: "Not a valid ABN (11 digits)" },
      { row: 5, column: "Name", message: "Repeats row 2 (the same name and PIC)." },
    ]);
    expect(body.outcomes.map((o: { row: number; action: string }) => [o.row, o.action])).toEqual([
      [4, "rejected"],
      [5, "rejected"],
      [2, "add"],
      [6, "add"],
      [3, "update"],
    ]);
    expect(body.outcomes.find((o: { row: number }) => o.row === 3).recordId).toBe(known.id);
    expect(await countOf(suppliers)).toBe(before.suppliers);
    expect(await auditCount()).toBe(before.audit);
    expect(await superLoads()).toHaveLength(0);
  });

  test("the load writes the good rows in one go, audited in the tenant and the super audit", async () => {
    const before = await countOf(suppliers);
    const auditBefore = await auditCount();
    const { status, body } = await previewAndLoad("suppliers", suppliersCsv());
    expect(status).toBe(200);
    expect(body.counts).toEqual({ added: 2, updated: 1, unchanged: 0, rejected: 2 });
    expect(body.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
      [4, "ABN"],
      [5, "Name"],
    ]);
    expect(await countOf(suppliers)).toBe(before + 2);
    const db = await tenantDb();
    const [wirrinya] = await db.select().from(suppliers).where(eq(suppliers.name, "Wirrinya Grazing"));
    expect(wirrinya).toMatchObject({
      pic: "NW111111",
      businessTaxIdentifier: "51824753556",
      isGstExempt: false,
      stockTypes: [1, 2],
      contactEmail: "office@wirrinya.com.au",
      city: "Hay",
      location: "Hay NSW",
      bsb: "062000",
      bankAccountNumber: "12345678",
    });
    const [tarcoola] = await db.select().from(suppliers).where(eq(suppliers.name, "Tarcoola Partnership"));
    expect(tarcoola).toMatchObject({ isGstExempt: true, state: "NSW", postcode: "0800" });
    const [updated] = await db.select().from(suppliers).where(eq(suppliers.id, known.id));
    expect(updated.contactMobile).toBe("0499 000 111");
    expect(updated.bankAccountNumber).not.toBe(""); // columns the file lacks keep their values
    expect(body.outcomes.find((o: { row: number }) => o.row === 2).recordId).toBe(wirrinya.id);

    const entries = (await db.select().from(auditLog)).slice(auditBefore);
    expect(entries.map((e) => [e.entity, e.action, e.reason])).toEqual([
      ["supplier", "create", "Initial data load: go-live.csv"],
      ["supplier", "update", "Initial data load: go-live.csv"],
      ["supplier", "create", "Initial data load: go-live.csv"],
    ]);
    expect(entries[1].after).toEqual({ contactMobile: "0499 000 111" });
    expect(entries[0].userName).toBe("Super Demo");
    const loads = await superLoads();
    expect(loads.map((l) => [l.tenantId, l.detail])).toEqual([[processorId, {
      kind: "suppliers",
      fileName: "go-live.csv",
      added: 2,
      updated: 1,
      unchanged: 0,
      rejected: 2,
    }]]);
  });

  test("loading the same file again adds and changes nothing", async () => {
    const before = await countOf(suppliers);
    const auditBefore = await auditCount();
    const { status, body } = await previewAndLoad("suppliers", suppliersCsv());
    expect(status).toBe(200);
    expect(body.counts).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: 2 });
    expect(await countOf(suppliers)).toBe(before);
    expect(await auditCount()).toBe(auditBefore);
  });

  test("a file other than the previewed one is refused (409) and changes nothing", async () => {
    const before = await countOf(suppliers);
    const checked = await preview("suppliers", "Name\nFirst Farm\n");
    const other = await send("LoadInitialData", {
      tenantId: processorId,
      kind: "suppliers",
      digest: checked.body.digest,
    }, { name: "go-live.csv", content: "Name\nSecond Farm\n" });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      "This is not the file that was previewed: preview it again, then load it.",
    );
    const unpreviewed = await send("LoadInitialData", { tenantId: processorId, kind: "suppliers" }, {
      name: "a.csv",
      content: "Name\nThird Farm\n",
    });
    expect(unpreviewed.status).toBe(400);
    expect(unpreviewed.body.errors).toContainEqual({
      field: "digest",
      message: "Preview the file before loading it.",
    });
    expect(await countOf(suppliers)).toBe(before);
  });
});

describe("other kinds and organisations", () => {
  test("buyers and carriers are matched by name; stakeholders need their type", async () => {
    const buyersLoad = await previewAndLoad(
      "buyers",
      "Name,First name,Email\nGo-live Lamb Desk,Pat,pat@x.com.au\n",
    );
    expect(buyersLoad.body.counts).toMatchObject({ added: 1 });
    const again = await previewAndLoad("buyers", "Name,Mobile\ngo-live  LAMB desk,0400 000 000\n");
    expect(again.body.counts).toMatchObject({ added: 0, updated: 1 });
    expect(again.body.outcomes[0].recordId).toBe(buyersLoad.body.outcomes[0].recordId);
    const [desk] = await (await tenantDb()).select().from(buyers)
      .where(eq(buyers.id, buyersLoad.body.outcomes[0].recordId));
    expect(desk).toMatchObject({ firstName: "Pat", mobile: "0400 000 000", email: "pat@x.com.au" });

    const carriers = await previewAndLoad(
      "transportCompanies",
      "Name,Phone\nRed Dust Freight,02 6900 0000\n",
    );
    expect(carriers.body.counts.added).toBe(1);
    expect((await (await tenantDb()).select().from(transportCompanies)).map((c) => c.name))
      .toContain("Red Dust Freight");

    const noType = await preview("stakeholders", "Name,PIC\nAgent Co,NA000001\n");
    expect(noType.status).toBe(400);
    expect(noType.body.errors[0].message).toMatch(/^The file has no “Type” column/);
    const typed = await previewAndLoad("stakeholders", "Name,Type\nRiverina Agents,agent\nOdd Co,Butcher\n");
    expect(typed.body.counts).toEqual({ added: 1, updated: 0, unchanged: 0, rejected: 1 });
    const [agent] = await (await tenantDb()).select().from(stakeholders)
      .where(eq(stakeholders.name, "Riverina Agents"));
    expect(agent.stakeholderType).toBe("Agent");
  });

  test("goes into the chosen organisation with its own species, and reads Excel's Windows-1252 CSV", async () => {
    const farmBefore = await countOf(suppliers, farmId);
    const processorBefore = await countOf(suppliers);
    const pig = await preview("suppliers", "Name,Stock types\nPiggery Co,Pig\n", farmId);
    expect(pig.body.problems).toEqual([{
      row: 2,
      column: "Stock types",
      message: "“Pig” is not a species of this organisation (it has Sheep, Beef).",
    }]);
    // "Café Grazing" as Excel's plain "CSV (Comma delimited)" writes it: é is one byte, 0xE9
    const bytes = new Uint8Array([
      ..."Name\nCaf".split("").map((c) => c.charCodeAt(0)),
      0xe9,
      ..." Grazing\n".split("").map((c) => c.charCodeAt(0)),
    ]);
    const checked = await send("PreviewInitialLoad", { tenantId: farmId, kind: "suppliers" }, {
      name: "farm.csv",
      content: bytes,
    });
    const loaded = await send("LoadInitialData", {
      tenantId: farmId,
      kind: "suppliers",
      digest: checked.body.digest,
    }, {
      name: "farm.csv",
      content: bytes,
    });
    expect(loaded.body.counts.added).toBe(1);
    expect(await countOf(suppliers, farmId)).toBe(farmBefore + 1);
    expect(await countOf(suppliers)).toBe(processorBefore);
    const [cafe] = await (await tenantDb(farmId)).select().from(suppliers)
      .where(and(eq(suppliers.name, "Café Grazing")));
    expect(cafe).toBeDefined();
  });
});

describe("bad files", () => {
  test("are refused in words, never a 500, and change nothing", async () => {
    const before = { suppliers: await countOf(suppliers), loads: (await superLoads()).length };
    const refused = async (content: string | Uint8Array, fields = {}) => {
      const res = await send("PreviewInitialLoad", { tenantId: processorId, kind: "suppliers", ...fields }, {
        name: "x.csv",
        content,
      });
      expect(res.status).toBe(400);
      return res.body.errors.map((e: { message: string }) => e.message);
    };
    expect(await refused("Supplier,Phone\nA,1\n")).toEqual([
      "The file has no “Name” column, which every supplier needs. Start from the template: its first row names the columns.",
    ]);
    expect(await refused(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toEqual([
      "This is an Excel workbook, not a CSV file: in Excel choose File › Save As › CSV UTF-8, and load that.",
    ]);
    expect(await refused("")).toEqual(["The file is empty."]);
    const tooMany = "Name\n" + Array.from({ length: 5_001 }, (_, i) => `Farm ${i}`).join("\n");
    expect((await refused(tooMany))[0]).toMatch(/^The file has 5,001 rows: at most 5,000 are loaded at once/);
    expect(await refused("Name\nA\n", { kind: "cattle" })).toEqual([
      "Choose what the file holds: suppliers, stakeholders, buyers or transport companies.",
    ]);

    const noFile = await send("PreviewInitialLoad", { tenantId: processorId, kind: "suppliers" }, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toContainEqual({ field: "file", message: "Choose the CSV file to load." });
    const big = await preview("suppliers", "Name\n" + "x".repeat(1100 * 1024));
    expect(big.status).toBe(413);
    const nowhere = await preview("suppliers", "Name\nA\n", 9999);
    expect(nowhere).toMatchObject({ status: 404, body: { message: "That organisation does not exist." } });
    const admin = await t.login("admin@demo.processor");
    const forbidden = await send("PreviewInitialLoad", { tenantId: processorId, kind: "suppliers" }, {
      name: "x.csv",
      content: "Name\nA\n",
    }, admin);
    expect(forbidden.status).toBe(403);

    // bodies that are not the form: refused in the catalogue shape
    const raw = async (body: string, type: string) => {
      const res = await t.request("/api/super/PreviewInitialLoad", {
        method: "POST",
        token: superToken,
        body,
        headers: { "content-type": type },
      });
      return { status: res.status, body: await res.json() };
    };
    for (
      const [body, type] of [
        [JSON.stringify({ tenantId: processorId, kind: "suppliers" }), "application/json"],
        [
          '--b\r\ncontent-disposition: form-data; name="x"\r\n\r\nhi\r\n--b--\r\n',
          "multipart/form-data; boundary=b",
        ],
        ["--b\r\nbroken", "multipart/form-data; boundary=b"],
        ["name=x", "application/x-www-form-urlencoded"],
      ]
    ) {
      const answer = await raw(body, type);
      expect(answer.status, `${type}: ${body}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${type}: ${body}`).toBeLessThan(500);
      expect(answer.body).toMatchObject({ title: expect.any(String), message: expect.any(String) });
    }

    expect(await countOf(suppliers)).toBe(before.suppliers);
    expect((await superLoads()).length).toBe(before.loads);
  });
});
