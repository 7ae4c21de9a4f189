import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ACCESS_DIR = fileURLToPath(new URL("../../../server/access/", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []
  );
}

describe("server/access stays pure", () => {
  it("imports only its own files (no framework, no I/O)", () => {
    const files = sourceFiles(ACCESS_DIR);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const specifiers = [...text.matchAll(/(?:import|export)[^'"]*from\s+["']([^"']+)["']/g)].map((m) =>
        m[1]
      );
      for (const spec of specifiers) {
        expect(spec.startsWith("./") || spec.startsWith("../"), `${file}: ${spec}`).toBe(true);
      }
      expect(text, file).not.toMatch(/\bDeno\.|\bfetch\(|\bprocess\./);
    }
  });
});
