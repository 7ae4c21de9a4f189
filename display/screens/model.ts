/** What the TV screens show (built by server/areas/display/service.ts, drawn by the screens). Pure types. */

/**
 * A lot on today's kill: done (every head has its carcass record), at the kill floor (sent there, or
 * carcasses coming in), or waiting (still expected or in the yard). `status` is what the kill agenda says
 * of it ("In yard", "Going to kill floor", "At kill floor"…), "Done" once killed: the TV and the agenda
 * never disagree.
 */
export interface LotProgress {
  order: number;
  lot: string;
  supplier: string;
  head: number;
  killed: number;
  state: "done" | "floor" | "waiting";
  status: string;
}

export interface AgendaTv {
  species: string;
  date: string;
  site: string;
  /** 0: a plant without sites */
  siteId: number;
  lots: LotProgress[];
  head: number;
  killed: number;
  /** the day's kill volume target (head); 0 when none is set */
  target: number;
  /** with nothing on today's agenda, the next day that has lots (within the planning days), else null */
  next: { date: string; head: number; lots: number } | null;
}

/** The share of the day's head killed so far, 0–100 (of the target when one is set). */
export function progressPercent(a: Pick<AgendaTv, "head" | "killed" | "target">): number {
  const of = a.target || a.head;
  return of ? Math.min(100, Math.round((a.killed / of) * 100)) : 0;
}
