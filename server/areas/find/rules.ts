/**
 * What Find makes of what was typed (pure): the text as typed, a compact form for identifiers people
 * write with spaces or dashes (PIC "3ABCD123", NLIS "982 000123456789", ABN "51 824 753 556"), and the
 * number when it is one (an order or invoice number: "123", "#123", "No. 123").
 */
import type { FindQuery } from "../area.ts";

/** Fewer letters than this find too much to read (a number may be shorter). */
export const FIND_MIN_LENGTH = 2;
export const FIND_MAX_LENGTH = 100;
/** What too little typed is told. */
export const TOO_LITTLE = `Type at least ${FIND_MIN_LENGTH} letters or digits to find.`;
/** Each kind of record shows at most this many; more says to type more. */
export const FIND_PER_KIND = 8;

export function readFindQuery(typed: string): FindQuery | null {
  const text = typed.trim().replace(/\s+/g, " ");
  // a number is a number at any length (order 7); a letter alone would match nearly everything
  if (text.length > FIND_MAX_LENGTH || (text.length < FIND_MIN_LENGTH && !/^\d+$/.test(text))) return null;
  const compact = text.toUpperCase().replace(/[\s\-./]/g, "");
  const number = /^(?:#|no\.?)?\s*(\d{1,9})$/i.exec(text);
  return { text, compact, number: number ? Number(number[1]) : null };
}
