/** The arguments of the hub's methods, read with zod: a bad one is a HubError, never a thrown parse. */
import { z } from "zod";
import { HubError } from "./connection.ts";

export const InterestName = z.string().min(1).max(100);
export const InterestNames = z.union([
  z.array(InterestName).max(50),
  z.object({ refreshGroupNames: z.array(InterestName).max(50) }).transform((o) => o.refreshGroupNames),
]);
const Registration = z.union([
  z.tuple([InterestNames]),
  z.tuple([InterestNames, z.number().int().nonnegative()]),
]);

/** RegisterRefreshInterests: the names, and optionally when the page was rendered (ms since 1970: changeLog.ts). */
export function registration(args: unknown[]): [names: string[], since: number | undefined] {
  const parsed = Registration.safeParse(args);
  if (!parsed.success) {
    throw new HubError("Expected a list of refresh group names, and optionally when the page was rendered.");
  }
  return [parsed.data[0], parsed.data[1]];
}

/** The one argument of a method that takes one. */
export function arg<T>(schema: z.ZodType<T>, args: unknown[], what: string): T {
  const parsed = schema.safeParse(args[0]);
  if (!parsed.success || args.length !== 1) throw new HubError(`Expected one argument: ${what}.`);
  return parsed.data;
}
