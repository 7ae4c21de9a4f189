/**
 * The settings area over real HTTP on real database files: tenant settings (an unknown type refused and
 * nothing saved), organisation details (ABN checksum, postcode, time zone), sites and locations, stock
 * settings, help content (read by all, written by super), and which settings tabs each role sees.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";
import { auditLog } from "../../db/tenant/schema.ts";
import { abnProblem, helpBlocks } from "../../server/areas/settings/rules.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ["super", "admin", "user", "test"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

async function page(path: string, who: string) {
  const res = await t.request(path, { token: tokens[who] });
  return { status: res.status, html: await res.text() };
}

/** The titles of the settings tab strip on a page. */
function settingsTabs(html: string): string[] {
  const nav = html.match(/<nav class="tabs" aria-label="Settings">([\s\S]*?)<\/nav>/)?.[1] ?? "";
  return [...nav.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

describe("tenant settings", () => {
  test("an unknown setting type is refused in words and nothing is saved", async () => {
    const before = await get("/api/settings/GetTenantSettings");
    expect(before.status).toBe(200);
    const refused = await post("/api/settings/UpsertTenantSetting", {
      settingType: "launchTheRockets",
      value: { isEnabled: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.isValidation).toBe(true);
    expect(refused.body.message).toMatch(/not a setting this app knows: nothing was saved/);
    expect(refused.body.errors[0].field).toBe("settingType");
    const after = await get("/api/settings/GetTenantSettings");
    expect(after.body).toEqual(before.body);
    expect(after.body.some((s: { settingType: string }) => s.settingType === "launchTheRockets")).toBe(false);
  });

  test("an admin turns a known setting on; the page it gates opens at once; a user may not change it", async () => {
    const off = await post("/api/settings/UpsertTenantSetting", {
      settingType: "rfidDiscrepancies",
      value: { isEnabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ settingType: "rfidDiscrepancies", label: "RFID discrepancies" });
    expect(off.body.value.isEnabled).toBe(false);
    const listed = await get("/api/settings/GetTenantSettings", "user");
    expect(listed.status).toBe(200);
    expect(listed.body.find((s: { settingType: string }) => s.settingType === "rfidDiscrepancies").value)
      .toEqual({ isEnabled: false });
    const byUser = await post("/api/settings/UpsertTenantSetting", {
      settingType: "rfidDiscrepancies",
      value: { isEnabled: true },
    }, "user");
    expect(byUser.status).toBe(403);
    const on = await post("/api/settings/UpsertTenantSetting", {
      settingType: "rfidDiscrepancies",
      value: { isEnabled: true },
    });
    expect(on.body.value.isEnabled).toBe(true);
    // a value that is not on/off is refused before anything is saved
    const bad = await post("/api/settings/UpsertTenantSetting", {
      settingType: "rfidDiscrepancies",
      value: { isEnabled: "yes" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("organisation details", () => {
  test("ABN with the ATO check, a 4-digit postcode and an Australian time zone; others are refused", async () => {
    expect(abnProblem("51 824 753 556")).toBeNull();
    expect(abnProblem("51 824 753 557")).toMatch(/not a valid ABN/);
    expect(abnProblem("123")).toMatch(/11 digits/);
    const details = {
      name: "Demo Processing",
      abn: "51 824 753 556",
      street: "1 Abattoir Road",
      suburb: "Bomen",
      state: "NSW",
      postcode: "2650",
      contactName: "Pat Manager",
      contactEmail: "pat@demo.example",
      contactPhone: "02 6922 1234",
      accountsEmail: "",
      timeZone: "Australia/Sydney",
    };
    const saved = await post("/api/settings/UpdateOrganisationDetails", details, "super");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ abn: "51824753556", postcode: "2650", timeZone: "Australia/Sydney" });
    const wrong = await post("/api/settings/UpdateOrganisationDetails", {
      ...details,
      abn: "51 824 753 557",
      postcode: "265",
      timeZone: "Europe/London",
      lastModified: saved.body.lastModified,
    }, "super");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "abn",
      "postcode",
      "timeZone",
    ]);
    expect((await get("/api/settings/GetOrganisationDetails", "super")).body.lastModified)
      .toBe(saved.body.lastModified);
    // a stale save is answered 409
    const stale = await post("/api/settings/UpdateOrganisationDetails", {
      ...details,
      lastModified: "2000-01-01T00:00:00.000Z",
    }, "super");
    expect(stale.status).toBe(409);
    // super only: an admin of the organisation is refused before the body is read
    expect((await post("/api/settings/UpdateOrganisationDetails", {}, "admin")).status).toBe(403);
  });

  test("a site and a kill floor location on it; a location needs one of the organisation's sites", async () => {
    const sites = await post("/api/settings/SaveTenantSite", { name: "Cowra" }, "super");
    expect(sites.status).toBe(200);
    const cowra = sites.body.find((s: { name: string }) => s.name === "Cowra");
    expect(cowra.isActive).toBe(true);
    const dup = await post("/api/settings/SaveTenantSite", { name: "cowra" }, "super");
    expect(dup.status).toBe(400);
    const loc = await post("/api/settings/SaveTenantSiteLocation", {
      tenantSiteId: cowra.id,
      name: "Cowra beef chain",
      tenantSiteLocationType: "KillFloor",
      speciesIds: [2],
    }, "super");
    expect(loc.status).toBe(200);
    expect(loc.body).toMatchObject({ siteName: "Cowra", typeLabel: "Kill floor", speciesIds: [2] });
    const foreign = await post("/api/settings/SaveTenantSiteLocation", {
      tenantSiteId: 999,
      name: "Nowhere",
      tenantSiteLocationType: "Moon",
    }, "super");
    expect(foreign.status).toBe(400);
    const listed = await get("/api/settings/GetTenantSiteLocations", "super");
    expect(listed.body.some((l: { id: number }) => l.id === loc.body.id)).toBe(true);
    // its form: the site a required select of the organisation's sites, the species as ticks
    const form = await page(`/settings/details?tab=locations&edit=${loc.body.id}`, "super");
    expect(form.status).toBe(200);
    expect(form.html).toContain("Cowra");
    expect(form.html).toContain("Species handled");
    expect(form.html).toContain("None ticked: any species.");
  });
});

describe("the organisation's logo", () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const upload = async (bytes: Uint8Array, type: string, who = "super") => {
    const form = new FormData();
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "logo", { type }));
    const res = await t.request("/api/settings/UploadOrganisationLogo", {
      method: "POST",
      body: form,
      token: tokens[who],
    });
    return { status: res.status, body: await res.json() };
  };

  test("a PNG is kept in storage and shown to the organisation only; other files are refused; removal", async () => {
    expect((await upload(new TextEncoder().encode("<svg onload=alert(1)>"), "image/png")).status).toBe(415);
    expect((await upload(new Uint8Array(600 * 1024), "image/png")).status).toBe(413);
    expect((await upload(PNG, "image/png", "admin")).status).toBe(403);
    const saved = await upload(PNG, "image/png");
    expect(saved.status).toBe(200);
    expect(saved.body.logoRef).toMatch(/^tenant-\d+\/organisation\/logo\.png$/);
    const res = await t.request("/api/settings/GetOrganisationLogo", { token: tokens.user });
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect((await t.request("/api/settings/GetOrganisationLogo", { token: tokens.farm })).status).toBe(404);
    expect((await post("/api/settings/RemoveOrganisationLogo", {}, "super")).body.logoRef).toBeNull();
    expect((await t.request("/api/settings/GetOrganisationLogo", { token: tokens.user })).status).toBe(404);
  });
});

describe("stock settings", () => {
  test("species, categories of those species only, carcass types and planning days", async () => {
    const before = await get("/api/settings/GetStockSettings", "super");
    expect(before.body.speciesIds).toEqual([1, 2, 3]);
    const stray = await post("/api/settings/UpdateStockSettings", {
      speciesIds: [1, 2, 3],
      speciesCategoryIds: [41],
      carcassTypes: ["hscw"],
      agendaPlanningDays: 3,
    }, "super");
    expect(stray.status).toBe(400);
    expect(stray.body.errors[0].field).toBe("speciesCategoryIds");
    const saved = await post("/api/settings/UpdateStockSettings", {
      speciesIds: [1, 2, 3],
      speciesCategoryIds: [11, 12, 23],
      carcassTypes: ["hscw", "perHead"],
      agendaPlanningDays: 3,
    }, "super");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ speciesCategoryIds: [11, 12, 23], agendaPlanningDays: 3 });
    const tooMany = await post("/api/settings/UpdateStockSettings", {
      speciesIds: [1],
      agendaPlanningDays: 30,
      lastModified: saved.body.lastModified,
    }, "super");
    expect(tooMany.status).toBe(400);
  });
});

describe("support content and release notes", () => {
  test("super writes a section; everyone signed in reads it; the text is never HTML", async () => {
    const saved = await post("/api/settings/SaveSupportSection", {
      settingTypeId: 1,
      title: "Weighing stock",
      body: "Welcome.\n\n- **Save** often\n- <script>alert(1)</script>",
    }, "super");
    expect(saved.status).toBe(200);
    expect(saved.body.sectionKey).toBe("weighing-stock");
    expect(
      (await post("/api/settings/SaveSupportSection", { settingTypeId: 1, title: "Nope" }, "admin")).status,
    )
      .toBe(403);
    const read = await get("/api/settings/GetSupportSection/weighing-stock", "user");
    expect(read.status).toBe(200);
    const list = await get("/api/settings/GetSupportContent?settingTypeId=1", "user");
    expect(list.body.sections.map((s: { title: string }) => s.title)).toContain("Weighing stock");
    const shown = await page("/support/content/weighing-stock", "user");
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("<strong>Save</strong>");
    expect(shown.html).not.toContain("<script>alert(1)");
    expect(shown.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(helpBlocks("a\nb\n\n- c\n- d")).toEqual([
      { kind: "paragraph", lines: [[{ text: "a", bold: false }], [{ text: "b", bold: false }]] },
      { kind: "list", items: [[{ text: "c", bold: false }], [{ text: "d", bold: false }]] },
    ]);
    expect((await page("/support/content/no-such-section", "user")).status).toBe(404);
    const clash = await post("/api/settings/SaveSupportSection", {
      settingTypeId: 2,
      title: "Weighing stock",
    }, "super");
    expect(clash.status).toBe(400);
    expect(clash.body.errors[0].field).toBe("sectionKey");
  });
});

describe("settings tabs by role and module", () => {
  test("super sees the super-only tabs; an admin sees the module tabs only; the farm has no settings", async () => {
    const asSuper = settingsTabs((await page("/settings/releasenotes", "super")).html);
    expect(asSuper).toEqual(expect.arrayContaining([
      "Organisation Details",
      "Stock Settings",
      "Tenant Settings",
      "Support Content",
      "Release Notes",
    ]));
    const asAdmin = settingsTabs((await page("/settings/tenantsettings", "admin")).html);
    expect(asAdmin).toEqual(expect.arrayContaining(["Tenant Settings", "Release Notes", "Invoicing"]));
    expect(asAdmin).not.toContain("Organisation Details");
    expect(asAdmin).not.toContain("Stock Settings");
    expect(asAdmin).not.toContain("Support Content");
    expect((await page("/settings/details", "admin")).status).toBe(403);
    expect((await page("/settings/details", "super")).status).toBe(200);
    // the producer tenant holds no Settings-group module: no settings at all
    expect((await page("/settings", "farm")).status).toBe(403);
    expect((await get("/api/settings/GetTenantSettings", "farm")).status).toBe(403);
  });

  test("a module-gated tab goes when its module is switched off", async () => {
    const { setTenantModules } = await import("../../server/tenants.ts");
    const [{ id: tenantId }] = await t.services.db.control.query.tenants.findMany({
      where: (x, { eq }) => eq(x.name, "Demo Processing"),
    });
    await setTenantModules(t.services, tenantId, { tenantSettings: false });
    try {
      const tabs = settingsTabs((await page("/settings/releasenotes", "admin")).html);
      expect(tabs).not.toContain("Tenant Settings");
      expect(tabs).toContain("Release Notes");
      expect((await page("/settings/tenantsettings", "admin")).status).toBe(403);
      expect((await get("/api/settings/GetTenantSettings", "admin")).status).toBe(403);
      // super may see every tab (spec 2 §2.2)
      expect(settingsTabs((await page("/settings/releasenotes", "super")).html)).toContain("Tenant Settings");
    } finally {
      await setTenantModules(t.services, tenantId, { tenantSettings: true });
    }
  });
});

describe("login module settings (Settings › Login modules)", () => {
  const GET = "/api/settings/GetLoginModuleSettings";
  const SAVE = "/api/settings/UpdateLoginModuleSettings";
  type Group = { group: string; isEnabled: boolean; canSwitchOff: boolean };
  const enabled = (body: { groups: Group[] }) =>
    Object.fromEntries(body.groups.map((g) => [g.group, g.isEnabled]));

  test("an admin switches Reports off: its pages close and leave the menu, super still sees them; 400, 403 and 409 change nothing", async () => {
    const first = await get(GET, "admin");
    expect(first.status).toBe(200);
    expect(first.body.lastModified).toBeNull();
    expect(enabled(first.body)).toMatchObject({ Home: true, Settings: true, Reports: true, Yield: true });
    expect(first.body.groups.find((g: Group) => g.group === "Home").canSwitchOff).toBe(false);
    expect(first.body.groups.find((g: Group) => g.group === "Reports")).toMatchObject({
      label: "Reports",
      modules: expect.arrayContaining([{ key: "orderReporting", name: "Order Reporting", isLicensed: true }]),
    });

    // refused in words, before or by the rule; nothing saved
    for (
      const [body, field] of [
        [{ groups: { Home: false } }, "groups.Home"],
        [{ groups: { Reports: "off" } }, "groups.Reports"],
        [{ groups: { Marketing: false } }, "groups"],
      ] as const
    ) {
      const bad = await post(SAVE, body, "admin");
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ title: expect.any(String), isValidation: true });
      expect(bad.body.title).toBeTruthy();
      expect(bad.body.message).toBeTruthy();
      expect(bad.body.errors[0].field).toBe(field);
    }
    expect((await post(SAVE, { groups: { Reports: false } }, "user")).status).toBe(403);
    expect((await get(GET, "user")).status).toBe(403);
    expect((await post(SAVE, { groups: { Reports: false } }, "farm")).status).toBe(403);
    expect((await get(GET, "admin")).body).toEqual(first.body);

    const saved = await post(SAVE, { groups: { Reports: false }, lastModified: null }, "admin");
    expect(saved.status).toBe(200);
    expect(enabled(saved.body)).toMatchObject({ Reports: false, Yield: true, Production: true });
    expect(saved.body.lastModified).toEqual(expect.any(String));
    try {
      // a form opened before that save is stale
      const stale = await post(SAVE, { groups: { Yield: false }, lastModified: null }, "admin");
      expect(stale.status).toBe(409);
      expect(enabled((await get(GET, "admin")).body).Yield).toBe(true);

      const report = await page("/home/orderreporting", "admin");
      expect(report.status).toBe(403);
      expect(report.html).not.toContain('href="/home/orderreporting"');
      expect((await page("/settings/loginmodules", "admin")).html).not.toContain(
        'href="/home/orderreporting"',
      );
      const superReport = await page("/home/orderreporting", "super");
      expect(superReport.status).toBe(200);
      // the signed-in user's modules answer leaves the switched-off group out (super keeps it)
      const moduleNames = async (
        who: string,
      ) => ((await get("/login/usermodel", who)).body.modules as {
        name: string;
        loginModuleGroup: string;
      }[]);
      const adminModules = await moduleNames("admin");
      expect(adminModules.filter((m) => m.loginModuleGroup === "Reports")).toEqual([]);
      expect(adminModules.map((m) => m.name)).not.toContain("orderReporting");
      expect(adminModules.some((m) => m.loginModuleGroup === "Yield")).toBe(true);
      expect((await moduleNames("super")).map((m) => m.name)).toContain("orderReporting");
      // the choice is this organisation's: the other processor's yield user keeps its pages
      expect((await t.request("/yield", { token: await t.login("yield@demo.country") })).status).toBe(200);

      const [{ id: tenantId }] = await t.services.db.control.query.tenants.findMany({
        where: (x, { eq }) => eq(x.name, "Demo Processing"),
      });
      const trail = await (await t.services.db.tenantDb(tenantId)).select().from(auditLog)
        .where(eq(auditLog.entity, "LoginModuleGroups"));
      expect(trail.at(-1)).toMatchObject({ action: "update" });
    } finally {
      const back = await post(
        SAVE,
        { groups: { Reports: true }, lastModified: saved.body.lastModified },
        "admin",
      );
      expect(back.status).toBe(200);
    }
    expect((await page("/home/orderreporting", "admin")).status).toBe(200);
    expect((await get("/login/usermodel", "admin")).body.modules).toContainEqual(
      { name: "orderReporting", loginModuleGroup: "Reports" },
    );
  });
});
