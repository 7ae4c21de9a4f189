/** The /user/required rule: who is sent there, from where, and never in a loop. */
import { describe, expect, test } from "vitest";
import { requiredRedirect, requirementsOf } from "../../../server/access/required.ts";

const temporary = { isPasswordUpdated: false };
const settled = { isPasswordUpdated: true };

describe("requiredRedirect", () => {
  test("nothing required: every page goes on", () => {
    expect(requirementsOf(settled)).toEqual([]);
    expect(requiredRedirect(settled, "/home/stockyard")).toBeNull();
  });

  test("a temporary password: every other page goes to /user/required with the page to come back to", () => {
    expect(requirementsOf(temporary).map((r) => r.key)).toEqual(["passwordChange"]);
    expect(requiredRedirect(temporary, "/home/stockyard")).toBe("/user/required?next=%2Fhome%2Fstockyard");
    expect(requiredRedirect(temporary, "/user/account")).toBe("/user/required?next=%2Fuser%2Faccount");
  });

  test("never a loop: the required page, the page that fulfils it and signing out are not redirected", () => {
    for (const path of ["/user/required", "/user/changepassword", "/logout"]) {
      expect(requiredRedirect(temporary, path)).toBeNull();
    }
  });
});
