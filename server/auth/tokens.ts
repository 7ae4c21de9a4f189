/**
 * The secrets mailed in links (password resets, invitations): 160 random bits in base32, of which only the
 * SHA-256 is stored, so a copy of the database opens nothing.
 */
import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

export const newLinkSecret = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));

/**
 * The SHA-256 of a secret in lower-case hex: what is stored of session tokens, API keys, link secrets and
 * device tokens. Node's native hash: every signed-in request hashes its token (the pure JS one cost more).
 */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Whether `token` could be one of ours at all (a forged or mangled one is not looked up). */
export const isLinkSecret = (token: string) => /^[a-z2-7]{20,64}$/.test(token);
