import { describe, expect, test } from "vitest";
import { accountStatus, choiceProblems } from "./rules.ts";

describe("account status on a user list", () => {
  test("disabled first, then a temporary password, else active", () => {
    expect(accountStatus({ isDisabled: true, isPasswordUpdated: false })).toEqual({
      text: "Disabled",
      tone: "danger",
    });
    expect(accountStatus({ isDisabled: false, isPasswordUpdated: false }))
      .toEqual({ text: "Temporary password", tone: "warning" });
    expect(accountStatus({ isDisabled: false, isPasswordUpdated: true })).toEqual({
      text: "Active",
      tone: null,
    });
  });
});

describe("what an admin may give", () => {
  const choices = { species: [{ id: 1 }, { id: 2 }], sites: [{ id: 7 }] };
  test("a role above theirs, another's species or sites are refused by field", () => {
    expect(choiceProblems({ roleLevel: "admin" }, {
      roleLevel: "user",
      allowedSpeciesIds: [1],
      allowedTenantSiteIds: [7],
    }, choices)).toEqual([]);
    expect(
      choiceProblems({ roleLevel: "admin" }, {
        roleLevel: "super",
        allowedSpeciesIds: [3],
        allowedTenantSiteIds: [8],
      }, choices)
        .map((e) => e.field),
    ).toEqual(["roleLevel", "allowedSpeciesIds", "allowedTenantSiteIds"]);
  });
});
