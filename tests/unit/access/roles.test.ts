import { describe, expect, it } from "vitest";
import {
  assignableRoles,
  hasRole,
  isAdminUser,
  isRoleName,
  isTemplateToolUser,
  isTestingUser,
  parseRoleName,
  ROLE_LEVELS,
  ROLE_NAMES,
  type RoleName,
  roleValue,
} from "../../../server/access/mod.ts";

describe("role levels", () => {
  it("has the agreed numeric levels", () => {
    expect(ROLE_LEVELS).toEqual({
      none: 0,
      display: 5,
      integrationPartner: 8,
      demo: 10,
      user: 20,
      newCustomTemplate: 25,
      support: 40,
      test: 45,
      admin: 60,
      super: 100,
    });
  });

  it("lists role names lowest first", () => {
    expect(ROLE_NAMES).toEqual([
      "none",
      "display",
      "integrationPartner",
      "demo",
      "user",
      "newCustomTemplate",
      "support",
      "test",
      "admin",
      "super",
    ]);
  });

  it("roleValue gives the level, and 0 for no role", () => {
    expect(roleValue("super")).toBe(100);
    expect(roleValue("user")).toBe(20);
    expect(roleValue(null)).toBe(0);
    expect(roleValue(undefined)).toBe(0);
  });

  it("hasRole is false for null, undefined and none", () => {
    expect(hasRole(null)).toBe(false);
    expect(hasRole(undefined)).toBe(false);
    expect(hasRole("none")).toBe(false);
    expect(hasRole("display")).toBe(true);
    expect(hasRole("user")).toBe(true);
  });
});

describe("role groups", () => {
  const table: [RoleName | null, boolean, boolean, boolean][] = [
    // role, admin, testing, template tool
    ["super", true, true, true],
    ["admin", true, false, false],
    ["test", false, true, false],
    ["support", false, true, false],
    ["newCustomTemplate", false, false, true],
    ["user", false, false, false],
    ["demo", false, false, false],
    ["display", false, false, false],
    ["integrationPartner", false, false, false],
    ["none", false, false, false],
    [null, false, false, false],
  ];
  for (const [role, admin, testing, template] of table) {
    it(`${role}: admin=${admin} testing=${testing} templateTool=${template}`, () => {
      expect(isAdminUser(role)).toBe(admin);
      expect(isTestingUser(role)).toBe(testing);
      expect(isTemplateToolUser(role)).toBe(template);
    });
  }
});

describe("assignableRoles", () => {
  it("a super may assign every role of a person, super included", () => {
    expect(assignableRoles("super")).toEqual(
      ROLE_NAMES.filter((r) => r !== "none" && r !== "integrationPartner"),
    );
    expect(assignableRoles("super")).toContain("super");
  });

  it("an admin may assign every role of a person except super: never an API key's integrationPartner", () => {
    const roles = assignableRoles("admin");
    expect(roles).not.toContain("super");
    expect(roles).not.toContain("none");
    expect(roles).not.toContain("integrationPartner");
    expect(roles).toEqual([
      "display",
      "demo",
      "user",
      "newCustomTemplate",
      "support",
      "test",
      "admin",
    ]);
  });

  it("non-admins may assign nothing", () => {
    for (const role of ["user", "test", "support", "display", "demo", "newCustomTemplate", "none"] as const) {
      expect(assignableRoles(role)).toEqual([]);
    }
    expect(assignableRoles(null)).toEqual([]);
  });
});

describe("parseRoleName", () => {
  it("accepts exact names", () => {
    for (const r of ROLE_NAMES) expect(parseRoleName(r)).toBe(r);
  });

  it("ignores case, spaces, dashes and underscores", () => {
    expect(parseRoleName("Super")).toBe("super");
    expect(parseRoleName(" ADMIN ")).toBe("admin");
    expect(parseRoleName("integration partner")).toBe("integrationPartner");
    expect(parseRoleName("new-custom_template")).toBe("newCustomTemplate");
  });

  it("accepts a numeric level", () => {
    expect(parseRoleName(60)).toBe("admin");
    expect(parseRoleName("100")).toBe("super");
    expect(parseRoleName(61)).toBeNull();
  });

  it("gives null for unknown or empty input", () => {
    expect(parseRoleName("root")).toBeNull();
    expect(parseRoleName("")).toBeNull();
    expect(parseRoleName(null)).toBeNull();
    expect(parseRoleName(undefined)).toBeNull();
  });

  it("isRoleName accepts only exact names", () => {
    expect(isRoleName("admin")).toBe(true);
    expect(isRoleName("Admin")).toBe(false);
    expect(isRoleName("toString")).toBe(false);
    expect(isRoleName(60)).toBe(false);
  });
});
