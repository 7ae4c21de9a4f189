/** Find at the API boundary (ours: the spec shows no search; docs/decisions.md "Find"). */
import { z } from "@hono/zod-openapi";
import { FIND_MAX_LENGTH } from "./rules.ts";

export const FindParams = z.object({
  q: z.string().trim()
    // a number of one digit is taken (order 7); shorter words are refused by the operation, in words
    .min(1, "Type what to find: a number, a name, a PIC or an NLIS tag.")
    .max(FIND_MAX_LENGTH, `Type at most ${FIND_MAX_LENGTH} characters to find.`),
});

export const FoundRecord = z.object({
  title: z.string(),
  /** what tells it from another of the same name: its date, species, status */
  detail: z.string(),
  /** the page of this app that shows it */
  href: z.string(),
}).openapi("FoundRecord");

export const FoundGroup = z.object({
  /** the kind of record ("Livestock orders") */
  kind: z.string(),
  records: z.array(FoundRecord),
  /** more matched than are listed: type more to narrow it */
  more: z.boolean(),
}).openapi("FoundGroup");

export const FindAnswer = z.object({
  /** what was looked for, as read (spaces collapsed) */
  query: z.string(),
  /** the kinds with a match, each kind the caller may open */
  groups: z.array(FoundGroup),
}).openapi("FindAnswer");
export type FindAnswer = z.infer<typeof FindAnswer>;
