/** The download header of a file (server/http/files.ts): nothing a name holds can break out of it. */
import { describe, expect, test } from "vitest";
import { contentDisposition, isInlineImageType } from "../../../server/http/files.ts";

describe("contentDisposition", () => {
  test("quotes, backslashes, slashes and line breaks never reach the header", () => {
    const header = contentDisposition("attachment", 'a"b\\c/d\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    const plain = header.split('filename="')[1].split('"')[0];
    expect(plain).toBe("a-b-c-d-Set-Cookie- x-1.pdf");
    expect(header.split("UTF-8''")[1]).toBe("a-b-c-d-Set-Cookie%3A%20x%3D1.pdf");
  });

  test("a name in any script: printable ASCII in filename, the name itself in filename*", () => {
    expect(contentDisposition("attachment", "Rapport d'été.pdf")).toBe(
      `attachment; filename="Rapport d-ete.pdf"; filename*=UTF-8''Rapport%20d%27%C3%A9t%C3%A9.pdf`,
    );
    expect(contentDisposition("attachment", "屠宰.csv")).toBe(
      `attachment; filename="-.csv"; filename*=UTF-8''%E5%B1%A0%E5%AE%B0.csv`,
    );
    expect(contentDisposition("inline")).toBe("inline");
  });
});

describe("isInlineImageType", () => {
  test("raster images we show; never SVG, HTML or a PDF", () => {
    for (const t of ["image/png", "image/jpeg", "image/webp", "image/gif", "IMAGE/PNG"]) {
      expect(isInlineImageType(t)).toBe(true);
    }
    for (const t of ["image/svg+xml", "text/html", "application/pdf", "application/octet-stream", ""]) {
      expect(isInlineImageType(t)).toBe(false);
    }
  });
});
