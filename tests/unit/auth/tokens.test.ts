/**
 * What is stored of secrets (server/auth/tokens.ts): SHA-256 in lower-case hex, the same digest every
 * stored session, API key and link secret was written with, so existing rows keep matching.
 */
import { describe, expect, it } from "vitest";
import { hashSecret, isLinkSecret, newLinkSecret } from "../../../server/auth/tokens.ts";

describe("secrets", () => {
  it("are stored as their SHA-256 in lower-case hex (FIPS 180-2 test vectors)", () => {
    expect(hashSecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashSecret("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    // UTF-8, as the stored hashes were made
    expect(hashSecret("é")).toBe("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
  });

  it("link secrets are 160 random bits in base32, and only such strings are looked up", () => {
    const a = newLinkSecret();
    expect(a).toMatch(/^[a-z2-7]{32}$/);
    expect(newLinkSecret()).not.toBe(a);
    expect(isLinkSecret(a)).toBe(true);
    expect(isLinkSecret("../etc/passwd")).toBe(false);
  });
});
