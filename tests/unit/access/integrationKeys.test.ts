/**
 * The `integration` semantics of the access rules (issue 15): an integration API key reaches endpoints
 * marked `integration` only, where the tenant's category, licence, flag and setting still count but the
 * person's conditions (pages, role, edit permission) are not asked; a person is decided as before.
 */
import { describe, expect, it } from "vitest";
import {
  type AccessRule,
  decideAccess,
  describeRule,
  KEY_REFUSED,
} from "../../../server/access/apiAccess.ts";
import { subject } from "./subjects.ts";

const key = (overrides = {}) => ({
  subject: subject({ roleLevel: "integrationPartner", modules: ["killFloorCorrections"], ...overrides }),
  passwordPending: false,
  viaApiKey: true,
});
const person = (overrides = {}) => ({
  subject: subject({ roleLevel: "user", modules: ["killFloorCorrections"], ...overrides }),
  passwordPending: false,
  viaApiKey: false,
});

describe("an integration key", () => {
  it("is refused (403) on every rule not marked integration, public and signed-in ones included", () => {
    const rules: AccessRule[] = [{ public: true }, {}, { role: "user" }, { pages: ["settingsIntegrations"] }];
    for (const rule of rules) {
      expect(decideAccess(key(), rule), JSON.stringify(rule)).toEqual({
        allowed: false,
        status: 403,
        message: KEY_REFUSED,
      });
    }
  });

  it("passes an integration rule without the role or the pages a person would need", () => {
    expect(decideAccess(key(), { integration: true })).toEqual({ allowed: true });
    expect(decideAccess(key(), { integration: true, role: "super" })).toEqual({ allowed: true });
    expect(decideAccess(key(), { integration: true, pages: ["settingsIntegrations"] })).toEqual({
      allowed: true,
    });
    expect(decideAccess(key(), { integration: true, edit: "supplier" })).toEqual({ allowed: true });
  });

  it("still needs the rule's tenant category, module, feature flag and setting", () => {
    const modules = { integration: true, modules: ["killFloorCorrections"] } as const;
    expect(decideAccess(key(), modules).allowed).toBe(true);
    expect(decideAccess(key({ modules: [] }), modules)).toMatchObject({ allowed: false, status: 403 });
    const processor = { integration: true, tenantCategory: "processor" } as const;
    expect(decideAccess(key({ tenantCategories: ["producer"] }), processor)).toMatchObject({ status: 403 });
    const flag = { integration: true, featureFlag: "integrationErrorNotifications" } as const;
    expect(decideAccess(key(), flag)).toMatchObject({ allowed: false, status: 403 });
  });

  it("is 401 when its user has no role any more", () => {
    expect(decideAccess(key({ roleLevel: "none" }), { integration: true })).toMatchObject({ status: 401 });
  });
});

describe("a person on an integration rule", () => {
  it("is decided by the rest of the rule, as on any other", () => {
    expect(decideAccess(person(), { integration: true, role: "user" }).allowed).toBe(true);
    expect(decideAccess(person(), { integration: true, role: "super" })).toMatchObject({ status: 403 });
    expect(decideAccess(person(), { integration: true, pages: ["settingsIntegrations"] }).allowed).toBe(
      false,
    );
    expect(
      decideAccess(person({ roleLevel: "admin", modules: ["livestockSettings"] }), {
        integration: true,
        pages: ["settingsIntegrations"],
      }),
    )
      .toEqual({ allowed: true });
    expect(decideAccess(null, { integration: true })).toMatchObject({ status: 401 });
  });

  it("and docs/access.md says keys may call it", () => {
    expect(describeRule({ integration: true, role: "super" })).toBe("role ≥ super; integration keys too");
    expect(describeRule({ role: "user" })).not.toContain("integration");
  });
});
