/**
 * whyNotOpen (server/access/policy.ts): the words the page guard's refusal carries, from the same rules
 * canSeeRoute applies (role, only-roles, tenant category, feature flag, tenant setting, module, ancestors),
 * so a refused person reads why and what would open it.
 */
import { describe, expect, it } from "vitest";
import { canSeeRoute, type RouteDef, whyNotOpen } from "../../../server/access/mod.ts";
import { route } from "../../../server/access/routes/define.ts";
import { subject } from "./subjects.ts";

const refusal = (who: Parameters<typeof subject>[0], r: RouteDef, table: RouteDef[] = [r]) => {
  const s = subject(who);
  // the words and the decision never disagree
  expect(whyNotOpen(s, r, table) === null).toBe(canSeeRoute(s, r, table));
  return whyNotOpen(s, r, table);
};

describe("whyNotOpen", () => {
  it("is null for a page the subject can open", () => {
    const r = route("/x/open", "Open", "open", { modules: ["buy"] });
    expect(refusal({ modules: ["buy"] }, r)).toBeNull();
  });

  it("names the role a page needs, by its label", () => {
    const admin = route("/x/admin", "Admin", "admin", { roleValue: "admin" });
    expect(refusal({}, admin)).toBe("It needs the Administrator role or higher; your account is User.");
    const sup = route("/x/super", "Super", "super", { roleValue: "super" });
    expect(refusal({ roleLevel: "admin" }, sup)).toBe("It is for super administrators.");
    const testers = route("/x/t", "T", "t", { roleValue: "support", onlyRoles: ["test", "support"] });
    expect(refusal({ roleLevel: "admin" }, testers)).toBe(
      "It is for Tester and Support accounts; yours is Administrator.",
    );
  });

  it("says which module is missing, or that the organisation switched its group off", () => {
    const r = route("/x/m", "M", "m", { modules: ["buy", "stockyard"] });
    expect(refusal({}, r)).toBe(
      "It needs the Buy or Stockyard module, which your account does not have: an administrator can add it (Users).",
    );
    expect(refusal({ modules: ["stockyard"], disabledModuleGroups: ["Home"] }, r)).toBe(
      "Your organisation has switched off its Home modules (Settings › Login Modules).",
    );
  });

  it("names the feature flag, the tenant setting and the kind of organisation", () => {
    const flagged = route("/x/f", "F", "f", { featureFlag: "roiAnalysisMenu" });
    expect(refusal({}, flagged)).toBe('"ROI analysis menu" is not turned on for your organisation.');
    const set = route("/x/s", "S", "s", { tenantSetting: "rfidDiscrepancies" });
    expect(refusal({}, set)).toBe(
      "It is switched off in your organisation's settings (Settings › Tenant Settings).",
    );
    const farm = route("/x/p", "P", "p", { tenantCategory: "producer" });
    expect(refusal({}, farm)).toBe("It is for farms (producer organisations).");
  });

  it("answers for the first ancestor that refuses", () => {
    const child = route("/x/parent/child", "Child", "child", {});
    const parent = route("/x/parent", "Parent", "parent", { roleValue: "admin", children: [child] });
    expect(refusal({}, child, [parent])).toBe(
      "It needs the Administrator role or higher; your account is User.",
    );
  });
});
