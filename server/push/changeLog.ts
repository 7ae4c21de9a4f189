/**
 * When each refresh group last had an event, as this instance heard it, so a page can ask on joining
 * whether it missed one since it was rendered.
 *
 * Why: a page's islands join their groups only once they run, after the page is shown; a change made
 * between the page's render and that moment sent them nothing. The page carries its render time
 * (`<meta name="push-hub" data-since>`), the client sends it with its registration, and the hub tells the
 * connection which of the groups it joined have changed since (`missed`), so the island fetches again
 * only when something did.
 *
 * Times are this instance's clock on arrival; the render time is the rendering instance's. An event is
 * counted from `SKEW_MS` before the render, so a little clock difference between instances (and an event
 * that arrived just after a render that already showed it) errs towards one fetch too many. Before
 * `knownFrom` (this instance's start, or the last time the bus may have dropped messages) nothing is
 * known, and every group counts as changed.
 */

export const SKEW_MS = 2_000;

/** `tenant|group` in lower case, as the hub keys its groups. */
const key = (tenantId: number | null, group: string) => `${tenantId ?? "*"}|${group.toLowerCase()}`;

export class GroupChanges {
  #at = new Map<string, number>();
  #knownFrom: number;

  constructor(private readonly now: () => number = Date.now) {
    this.#knownFrom = now();
  }

  /**
   * An event for a group of a tenant (every tenant when null). A qualified group (Stockyard:2) also
   * counts for the whole group (Stockyard), whose members hear it too.
   */
  changed(tenantId: number | null, group: string) {
    const at = this.now();
    this.#at.set(key(tenantId, group), at);
    const colon = group.indexOf(":");
    if (colon !== -1) this.#at.set(key(tenantId, group.slice(0, colon)), at);
  }

  /** The bus may have lost messages: nothing before now is known. */
  forget() {
    this.#knownFrom = this.now();
    this.#at.clear();
  }

  /** Which of these groups (canonical names) of the tenant had an event at or after `since` (less the skew). */
  since(tenantId: number, groups: readonly string[], since: number): string[] {
    const from = since - SKEW_MS;
    if (from < this.#knownFrom) return [...groups];
    return groups.filter((g) => {
      const at = Math.max(
        this.#at.get(key(tenantId, g)) ?? -Infinity,
        this.#at.get(key(null, g)) ?? -Infinity,
      );
      return at >= from;
    });
  }
}
