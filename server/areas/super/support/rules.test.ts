import { describe, expect, test } from "vitest";
import { mergeReports, supportFileLink, supportFileOf } from "./rules.ts";

const report = (tenantName: string, id: number, createdAt: string, handledAt: string | null = null) => ({
  tenantName,
  id,
  createdAt,
  handledAt,
});

describe("the support desk's list", () => {
  test("open ones first, then newest first, across organisations", () => {
    const merged = mergeReports([
      [report("B", 1, "2026-05-02T00:00:00Z"), report("B", 2, "2026-05-03T00:00:00Z", "2026-05-04")],
      [report("A", 7, "2026-05-01T00:00:00Z"), report("A", 8, "2026-05-02T00:00:00Z")],
    ]);
    expect(merged.map((r) => `${r.tenantName}${r.id}`)).toEqual(["A8", "B1", "A7", "B2"]);
  });
});

describe("support files", () => {
  test("a key's folder and name, and the link an author pastes", () => {
    expect(supportFileOf("support/manuals/kill-floor/guide.pdf", 10, "2026-05-01T00:00:00.000Z")).toEqual({
      reference: "support/manuals/kill-floor/guide.pdf",
      folder: "manuals/kill-floor",
      name: "guide.pdf",
      size: 10,
      lastModified: "2026-05-01T00:00:00.000Z",
    });
    expect(supportFileLink("/api/storage/DownloadSupportBlob", "support/manuals/guide.pdf"))
      .toBe("/api/storage/DownloadSupportBlob?fullBlobReference=support/manuals/guide.pdf");
  });
});
