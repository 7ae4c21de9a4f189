import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

const post = (path: string, token: string, json: unknown) => t.request(path, { method: "POST", token, json });

describe("the caller's own account", () => {
  it("UpdateUserDetails changes name and mobile; a bad mobile is a validation 400 that changes nothing", async () => {
    const token = await t.login("user@demo.processor");
    expect(
      (await post("/api/user/UpdateUserDetails", token, {
        firstName: "Ute",
        lastName: "Yardhand",
        phone: "+61 400 111 222",
      })).status,
    ).toBe(204);
    const bad = await post("/api/user/UpdateUserDetails", token, {
      firstName: "",
      lastName: "X",
      phone: "0400",
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.isValidation).toBe(true);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["firstName", "phone"]);
    const user = await (await t.request("/api/user/GetDetailedUser", { token })).json();
    expect(user).toMatchObject({
      firstName: "Ute",
      lastName: "Yardhand",
      phone: "+61 400 111 222",
      fullName: "Ute Yardhand",
    });
  });

  it("UserUpdatesSingleSetting keeps the default site within the user's sites", async () => {
    const token = await t.login("user@demo.processor");
    const me = await (await t.request("/login/usermodel", { token })).json();
    const second = me.tenantSites[1].id;
    expect(
      (await post("/api/user/UserUpdatesSingleSetting", token, {
        settingType: "tenantSite",
        value: { defaultTenantSiteId: second },
      })).status,
    )
      .toBe(204);
    expect((await (await t.request("/login/usermodel", { token })).json()).defaultTenantSiteId).toBe(second);
    const foreign = await post("/api/user/UserUpdatesSingleSetting", token, {
      settingType: "tenantSite",
      value: { defaultTenantSiteId: 9999 },
    });
    expect(foreign.status).toBe(400);
    // an unknown type, or an admin-only setting, is refused
    expect(
      (await post("/api/user/UserUpdatesSingleSetting", token, { settingType: "nonsense", value: {} }))
        .status,
    ).toBe(400);
    expect(
      (await post("/api/user/UserUpdatesSingleSetting", token, {
        settingType: "admin",
        value: { hasSupplierAdminPermission: true },
      })).status,
    )
      .toBe(400);
  });

  it("UpdateUserSettingsOnly keeps several settings together, or none when one is wrong", async () => {
    const token = await t.login("test@demo.processor");
    const me = async () => await (await t.request("/login/usermodel", { token })).json();
    const before = await me();
    const [site, species] = [before.tenantSites.at(-1).id, before.species.at(-1).id];
    const wrong = await post("/api/user/UpdateUserSettingsOnly", token, {
      settings: [
        { settingType: "speciesId", value: { speciesId: species } },
        { settingType: "tenantSite", value: { defaultTenantSiteId: 9999 } },
      ],
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual([
      { field: "settings.1.value.defaultTenantSiteId", message: "That site is not one of your sites." },
    ]);
    const unchanged = await me();
    expect(JSON.stringify(unchanged.userSettings)).toBe(JSON.stringify(before.userSettings));
    const twice = await post("/api/user/UpdateUserSettingsOnly", token, {
      settings: [
        { settingType: "speciesId", value: { speciesId: species } },
        { settingType: "speciesId", value: { speciesId: species } },
      ],
    });
    expect(twice.status).toBe(400);
    const ok = await post("/api/user/UpdateUserSettingsOnly", token, {
      settings: [
        { settingType: "speciesId", value: { speciesId: species } },
        { settingType: "tenantSite", value: { defaultTenantSiteId: site } },
      ],
    });
    expect(ok.status).toBe(204);
    const after = await me();
    expect(after.defaultTenantSiteId).toBe(site);
    const chosen = after.userSettings.find((s: { settingType: string }) => s.settingType === "speciesId");
    expect(chosen.value).toEqual({ speciesId: species });
  });

  it("ChangePasswordIfAuthed needs the old password, then ends the user's other sessions", async () => {
    const token = await t.login("support@demo.processor");
    const other = await t.login("support@demo.processor");
    const wrong = await post("/api/user/ChangePasswordIfAuthed", token, {
      oldPassword: "nope",
      newPassword: "a-new-password-1",
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors[0].field).toBe("oldPassword");
    const short = await post("/api/user/ChangePasswordIfAuthed", token, {
      oldPassword: TEST_PASSWORD,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(
      (await post("/api/user/ChangePasswordIfAuthed", token, {
        oldPassword: TEST_PASSWORD,
        newPassword: "a-new-password-1",
      })).status,
    ).toBe(204);
    expect((await t.request("/login/usermodel", { token })).status).toBe(200);
    expect((await t.request("/login/usermodel", { token: other })).status).toBe(401);
    await t.login("support@demo.processor", "a-new-password-1");
    expect(
      (await t.request("/login/login", {
        method: "POST",
        json: { email: "support@demo.processor", password: TEST_PASSWORD },
      })).status,
    ).toBe(401);
  });

  it("ChangeTempPasswordIfAuthed is only for a temporary password (409 once changed)", async () => {
    const token = await t.login("display@demo.processor");
    const res = await post("/api/user/ChangeTempPasswordIfAuthed", token, {
      newPassword: "another-password-1",
    });
    expect(res.status).toBe(409);
    expect((await res.json()).title).toBe("Change Conflict");
  });
});

describe("tenant users (clientusers)", () => {
  // an admin's Add user sends an invitation instead (issue 35 §7, tests/security/upsertUser.test.ts)
  it("a super user adds a user, who signs in with the temporary password and must change it", async () => {
    const admin = await t.login("super@demo.processor");
    const res = await post("/api/user/UpsertTenantUser", admin, {
      email: "New.Starter@demo.processor",
      firstName: "New",
      lastName: "Starter",
      roleLevel: "user",
      allowedSpeciesIds: ["1"],
      hasSupplierAdminPermission: true,
    });
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created).toMatchObject({
      email: "new.starter@demo.processor",
      roleLevel: "user",
      isPasswordUpdated: false,
      allowedSpeciesIds: [1],
    });
    expect(created.hasSupplierAdminPermission).toBe(true);
    expect(created.temporaryPassword).toMatch(/^\S{14}$/);

    const token = await t.login("new.starter@demo.processor", created.temporaryPassword);
    const me = await (await t.request("/login/usermodel", { token })).json();
    expect(me.isPasswordUpdated).toBe(false);
    expect(me.species.map((s: { name: string }) => s.name)).toEqual(["Sheep"]);
    expect(
      (await post("/api/user/ChangeTempPasswordIfAuthed", token, { newPassword: "my-own-password-1" }))
        .status,
    ).toBe(204);
    expect((await (await t.request("/login/usermodel", { token })).json()).isPasswordUpdated).toBe(true);

    const list = await (await t.request("/api/user/GetTenantUsers", { token: admin })).json();
    expect(list.map((u: { email: string }) => u.email)).toContain("new.starter@demo.processor");
  });

  it("edits a user, and answers 409 when someone else saved first", async () => {
    const admin = await t.login("admin@demo.processor");
    const list = await (await t.request("/api/user/GetTenantUsers", { token: admin })).json();
    const target = list.find((u: { email: string }) => u.email === "test@demo.processor");
    const edit = { ...target, firstName: "Tess" };
    const first = await post("/api/user/UpsertTenantUser", admin, edit);
    expect(first.status).toBe(200);
    expect((await first.json()).firstName).toBe("Tess");
    const stale = await post("/api/user/UpsertTenantUser", admin, { ...target, firstName: "Stale" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).title).toBe("Change Conflict");
    const again = await (await t.request(`/api/user/GetTenantUser/${target.id}`, { token: admin })).json();
    expect(again.firstName).toBe("Tess");
  });

  it("an admin cannot give the super role; a super user can", async () => {
    const admin = await t.login("admin@demo.processor");
    const res = await post("/api/user/UpsertTenantUser", admin, {
      email: "x1@demo.processor",
      firstName: "X",
      lastName: "One",
      roleLevel: "super",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].field).toBe("roleLevel");
    const list = await (await t.request("/api/user/GetTenantUsers", { token: admin })).json();
    expect(list.map((u: { email: string }) => u.email)).not.toContain("x1@demo.processor");
    const superToken = await t.login("super@demo.processor");
    const ok = await post("/api/user/UpsertTenantUser", superToken, {
      email: "x2@demo.processor",
      firstName: "X",
      lastName: "Two",
      roleLevel: "super",
    });
    expect(ok.status).toBe(200);
  });

  it("a plain user is refused (403)", async () => {
    const user = await t.login("user@demo.processor");
    expect((await t.request("/api/user/GetTenantUsers", { token: user })).status).toBe(403);
    const res = await post("/api/user/UpsertTenantUser", user, {
      email: "x3@demo.processor",
      firstName: "X",
      lastName: "Three",
      roleLevel: "user",
    });
    expect(res.status).toBe(403);
    expect((await res.json()).title).toBe("Unauthorised");
  });

  it("another tenant's admin can neither see nor change this tenant's users", async () => {
    const processorAdmin = await t.login("admin@demo.processor");
    const processorUsers = await (await t.request("/api/user/GetTenantUsers", { token: processorAdmin }))
      .json();
    const victim = processorUsers.find((u: { email: string }) => u.email === "user@demo.processor");

    const farmAdmin = await t.login("producer@demo.farm");
    const farmUsers = await (await t.request("/api/user/GetTenantUsers", { token: farmAdmin })).json();
    expect(farmUsers.map((u: { email: string }) => u.email)).toEqual(["producer@demo.farm"]);
    expect((await t.request(`/api/user/GetTenantUser/${victim.id}`, { token: farmAdmin })).status).toBe(404);
    const res = await post("/api/user/UpsertTenantUser", farmAdmin, { ...victim, firstName: "Hijacked" });
    expect(res.status).toBe(404);
    const after = await (await t.request(`/api/user/GetTenantUser/${victim.id}`, { token: processorAdmin }))
      .json();
    expect(after.firstName).not.toBe("Hijacked");
  });

  it("rejects species and sites of another tenant", async () => {
    const farmAdmin = await t.login("producer@demo.farm");
    const res = await post("/api/user/UpsertTenantUser", farmAdmin, {
      email: "farmhand@demo.farm",
      firstName: "Farm",
      lastName: "Hand",
      roleLevel: "user",
      allowedSpeciesIds: [3],
      allowedTenantSiteIds: [1],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "allowedSpeciesIds",
      "allowedTenantSiteIds",
    ]);
  });
});
