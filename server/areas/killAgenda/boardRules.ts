/**
 * The kill agenda's rules that its islands run, in a module of their own: the planner imports these and
 * nothing else of the area, so its JavaScript carries no calendar or status tables it does not use
 * (rules.ts brings kernel/dates and kernel/enums; docs/performance.md keeps the planner under 95 KB).
 * rules.ts re-exports them for the server.
 */
import { formatHead } from "../../../kernel/format.ts";

/** "49½" for halves, "1,234" for wholes. */
export function formatCarcasses(value: number): string {
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  return `${formatHead(whole)}${half ? "½" : ""}`;
}

/** Moves one element of a list to another place (the optimistic reorder, and the server's check). */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const out = list.slice();
  const [moved] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, moved);
  return out;
}
