/** A save's audit action (server/areas/audit.ts `savedEntry`): update with the changes, else create. */
import { describe, expect, test } from "vitest";
import { savedEntry } from "../../../server/areas/audit.ts";

describe("savedEntry", () => {
  test("an existing record: update, with only the changed fields before and after", () => {
    const current = { name: "Rack", fat: 5, lastModified: "a" };
    expect(savedEntry(current, { name: "Rack", fat: 6 })).toEqual({
      action: "update",
      before: { fat: 5 },
      after: { fat: 6 },
    });
  });
  test("a new record: create, with the values or what the caller adds", () => {
    expect(savedEntry(null, { name: "Rack" })).toEqual({ action: "create", after: { name: "Rack" } });
    expect(savedEntry(undefined, { name: "Rack" }, { name: "Rack", lines: [1] })).toEqual({
      action: "create",
      after: { name: "Rack", lines: [1] },
    });
  });
});
