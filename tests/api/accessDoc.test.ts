/**
 * docs/access.md is generated from the declared access rules and the page route table: it must match
 * what server/tasks/accessDoc.ts renders today, so a changed rule cannot leave the document behind.
 */
import { describe, expect, it } from "vitest";
import { ACCESS_DOC_PATH, renderAccessDoc } from "../../server/tasks/accessDoc.ts";
import { declaredAccess } from "../../server/http/openapi.ts";
import { allRoutes } from "../../server/access/routes.ts";

describe("docs/access.md", () => {
  it("is up to date with the declared rules and the route table", async () => {
    const expected = await renderAccessDoc();
    const actual = await Deno.readTextFile(ACCESS_DOC_PATH).catch(() => "(docs/access.md is missing)");
    expect(actual, "docs/access.md is out of date: run `deno task access:doc` and commit the file").toBe(
      expected,
    );
  });

  it("lists every declared endpoint and every page route", async () => {
    const text = await renderAccessDoc();
    for (const key of declaredAccess().keys()) {
      const [method, path] = key.split(" ");
      expect(text, key).toContain(`| ${method} | \`${path}\` |`);
    }
    for (const route of allRoutes()) {
      expect(text, route.name).toContain(`| \`${route.path}\` | \`${route.name}\` |`);
    }
    // the rules declared when the app is built are there too
    expect(text).toContain("| GET | `/api/openapi.json` | — | anyone |");
  });
});
