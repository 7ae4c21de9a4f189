import { describe, expect, it } from "vitest";
import { formatBytes, sniffImage } from "./rules.ts";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("storage rules", () => {
  it("tells PNG, JPEG and WebP by their first bytes, and nothing else", () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpg");
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("<svg>"))).toBeNull();
    expect(sniffImage(bytes())).toBeNull();
  });

  it("reads sizes in plain words", () => {
    expect(formatBytes(900)).toBe("900 bytes");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});
