import { describe, expect, it } from "vitest";
import { parseSupportReference, parseTenantReference, supportPrefix, tenantPrefix } from "./references.ts";
import { blobTypeOf, headMatches, safeBlobName } from "../rules.ts";

const refused = (r: { ok: boolean; message?: string }) => (r.ok ? "" : r.message);

describe("full blob references", () => {
  it("reads a tenant reference of the caller's own tenant into its parts", () => {
    expect(parseTenantReference("tenant-7/data/price-lists/2026/March.csv", 7)).toEqual({
      ok: true,
      value: {
        kind: "tenant",
        tenantId: 7,
        category: "data",
        folder: "price-lists/2026",
        name: "March.csv",
        key: "tenant-7/data/price-lists/2026/March.csv",
        local: "data/price-lists/2026/March.csv",
      },
    });
    expect(parseTenantReference("tenant-7/published/invoices/12-2026.pdf", 7).ok).toBe(true);
  });

  it("refuses other tenants, traversal, absolute paths and odd characters in words", () => {
    expect(refused(parseTenantReference("tenant-8/data/a/x.pdf", 7))).toMatch(/another organisation's/);
    expect(refused(parseTenantReference("tenant-07/data/a/x.pdf", 7))).toMatch(/starts with tenant-7/);
    expect(refused(parseTenantReference("tenant-7/data/../../x.pdf", 7))).toMatch(/'\.\.'/);
    expect(refused(parseTenantReference("tenant-7/data/a/x..pdf", 7))).toMatch(/'\.\.'/);
    expect(refused(parseTenantReference("/tenant-7/data/a/x.pdf", 7))).toMatch(/slash/);
    expect(refused(parseTenantReference("tenant-7/data/a\\b/x.pdf", 7))).toMatch(/letters, digits/);
    expect(refused(parseTenantReference("tenant-7/data/a/x\u0000.pdf", 7))).toMatch(/letters, digits/);
    expect(refused(parseTenantReference("tenant-7/data/a/b/c/d/x.pdf", 7))).toMatch(/three folders/);
    expect(refused(parseTenantReference("tenant-7/data/a/noext", 7))).toMatch(/ends with its type/);
    expect(refused(parseTenantReference("tenant-7/maps/1.png", 7))).toMatch(/data\/ or published\//);
    expect(refused(parseTenantReference("", 7))).toMatch(/Give the file reference/);
  });

  it("keeps support references under support/ and prefixes to the caller's own space", () => {
    expect(parseSupportReference("support/images/a.png").ok).toBe(true);
    expect(refused(parseSupportReference("tenant-1/data/a/x.png"))).toMatch(/starts with support\//);
    expect(tenantPrefix("", 3)).toEqual({ ok: true, value: "tenant-3/" });
    expect(tenantPrefix("tenant-3/data/a/", 3)).toEqual({ ok: true, value: "tenant-3/data/a/" });
    expect(tenantPrefix("tenant-4/data", 3).ok).toBe(false);
    expect(tenantPrefix("tenant-3/../tenant-4", 3).ok).toBe(false);
    expect(supportPrefix("support/images")).toEqual({ ok: true, value: "support/images/" });
    expect(supportPrefix("tenant-3").ok).toBe(false);
  });
});

describe("kinds of file", () => {
  it("takes the type from the name and checks the first bytes against it", () => {
    expect(blobTypeOf("a.PDF")?.contentType).toBe("application/pdf");
    expect(blobTypeOf("a.svg")).toBeNull();
    expect(blobTypeOf("a.toString")).toBeNull();
    const text = (s: string) => new TextEncoder().encode(s);
    expect(headMatches("pdf", text("%PDF-1.7"))).toBe(true);
    expect(headMatches("pdf", text("<html>"))).toBe(false);
    expect(headMatches("xlsx", new Uint8Array([0x50, 0x4b, 3, 4]))).toBe(true);
    expect(headMatches("csv", new Uint8Array([65, 0]))).toBe(false);
    expect(headMatches("jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
  });

  it("makes a browser's file name a blob name", () => {
    expect(safeBlobName("Skin prices (March).csv")).toBe("Skin-prices-March.csv");
    expect(safeBlobName("C:\\Users\\me\\Résumé.PDF")).toBe("Resume.pdf");
    expect(safeBlobName("../../etc/passwd")).toBe("");
    expect(safeBlobName(".env")).toBe("");
    expect(safeBlobName("报告.pdf")).toBe("");
  });
});
