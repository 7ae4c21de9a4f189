/** What the pricing settings screens share: species choice, badges and the id rule (paths: ../paths.ts). */
import { type PeriodStatus, periodStatus } from "../periods.ts";
import { defaultSpeciesId } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import type { PageContext } from "../../../pages/context.ts";
import { ActionButton } from "../../../pages/islands.tsx";
import { PRICING_API } from "../api.ts";

/** A positive id from a route param, else 404 (the one rule: server/pages/screen.ts). */
export { pathId as idParam } from "../../../pages/screen.ts";

/**
 * The species a page is about: the one in the path (id or name), else the one picked in the header,
 * else the caller's first. A species the caller does not work with is 404.
 */
export function chooseSpecies(context: PageContext, wanted?: string | number) {
  const species = context.caller!.species;
  if (!species.length) throw ApiError.notFound("This organisation has no species set up.");
  if (wanted !== undefined && wanted !== "") {
    const text = String(wanted).toLowerCase();
    const found = species.find((s) => String(s.id) === text || s.name.toLowerCase() === text);
    if (!found) throw ApiError.notFound("That species is not one this organisation works with.");
    return found;
  }
  const picked = defaultSpeciesId(context.caller!);
  return species.find((s) => s.id === picked) ?? species[0];
}

const STATUS_TEXT: Record<PeriodStatus, string> = { current: "Current", upcoming: "Upcoming", past: "Past" };
const STATUS_CLASS: Record<PeriodStatus, string> = {
  current: "badge-success",
  upcoming: "badge-primary",
  past: "badge-muted",
};

/** Current / upcoming / past (unless the list says so already), default, service kill. */
export function GroupBadges(
  { group, today, withPeriod = true }: {
    group: { startDate: string; endDate: string | null; isDefaultGroup: boolean; isServiceKill: boolean };
    today: string;
    withPeriod?: boolean;
  },
) {
  const status = periodStatus(group, today);
  return (
    <span className="actions">
      {withPeriod && (
        <span className={`badge ${STATUS_CLASS[status]}`} data-period={status}>{STATUS_TEXT[status]}</span>
      )}
      {group.isDefaultGroup && <span className="badge badge-warning" data-default>Default</span>}
      {group.isServiceKill && <span className="badge">Service kill</span>}
    </span>
  );
}

/** Delete one grid, asking first with its reference: from the group's grid list and the grid's own page. */
export function DeleteGridButton(
  { grid, label, variant, redirectTo }: {
    grid: { id: number; reference: string; lastModified?: string | null };
    label: string;
    variant: "ghost" | "danger";
    redirectTo?: string;
  },
) {
  return (
    <ActionButton
      label={label}
      url={PRICING_API.deleteGrid}
      body={{ pricingGridId: grid.id, lastModified: grid.lastModified }}
      variant={variant}
      confirm={`Delete grid ${grid.reference}?`}
      successToast="The grid was deleted."
      redirectTo={redirectTo}
    />
  );
}
