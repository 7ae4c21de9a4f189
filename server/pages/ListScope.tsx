/**
 * What a list shows by default: the species and site chosen in the header (spec 1 §2's pickers), so a
 * plant user working on sheep at one site sees sheep at that site on every list, and the list says so.
 */
import type { PageContext } from "./context.ts";
import { defaultSiteId, defaultSpeciesId } from "../auth/userModel.ts";

export interface ListScope {
  speciesId: number | null;
  siteId: number | null;
  speciesName: string;
  siteName: string;
  /** more than one site to choose from: worth naming */
  severalSites: boolean;
}

export function listScope(context: PageContext): ListScope {
  const caller = context.caller!;
  const speciesId = defaultSpeciesId(caller);
  const siteId = defaultSiteId(caller);
  return {
    speciesId,
    siteId,
    speciesName: caller.species.find((s) => s.id === speciesId)?.name ?? "every species",
    siteName: caller.sites.find((s) => s.id === siteId)?.name ?? "",
    severalSites: caller.sites.length > 1,
  };
}

/** Of the species a screen offers, the header's when it is one of them, else the first. */
export function headerSpeciesAmong<T extends { id: number }>(
  context: PageContext,
  offered: T[],
): T | undefined {
  const chosen = defaultSpeciesId(context.caller!);
  return offered.find((s) => s.id === chosen) ?? offered[0];
}

/** "Sheep at Wagga Wagga, as chosen at the top of the page." */
export function ScopeNote({ scope, children }: { scope: ListScope; children?: React.ReactNode }) {
  return (
    <p className="muted scope-note">
      {children} <strong>{scope.speciesName}</strong>
      {scope.severalSites && scope.siteName
        ? (
          <>
            {" at "}
            <strong>{scope.siteName}</strong>
          </>
        )
        : null}
      {", as chosen at the top of the page."}
    </p>
  );
}
