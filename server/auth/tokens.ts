/**
 * The secrets mailed in links (password resets, invitations): 160 random bits in base32, of which only the
 * SHA-256 is stored, so a copy of the database opens nothing.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

export const newLinkSecret = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));

export const hashSecret = (secret: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));

/** Whether `token` could be one of ours at all (a forged or mangled one is not looked up). */
export const isLinkSecret = (token: string) => /^[a-z2-7]{20,64}$/.test(token);
