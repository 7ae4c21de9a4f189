/**
 * The dashboards' filter: a plain GET form (no script) for the period, the species and the site, and the
 * address's search shared by the three screens.
 */
import type { ReactNode } from "react";
import { z } from "zod";
import { idNumber } from "../../../../http/params.ts";
import { isoDate } from "../../../../http/validation.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { pageAreaContext } from "../../../context.ts";
import type { AreaContext } from "../../../context.ts";
import { canSeeRouteNamed } from "../../../../access/policy.ts";
import { type DashboardView, viewOf } from "../operations.ts";
import { type OrdersLink, ordersLinkFor } from "./panels.tsx";

export const DashboardSearch = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  species: idNumber().optional(),
  site: idNumber().optional(),
  /** a table's sort: a column key, `-key` descending */
  sort: z.string().max(40).optional(),
});
export type DashboardSearch = z.output<typeof DashboardSearch>;

/** What every dashboard screen hands its page, shown or not: links, address, sort and the caller's scope. */
export interface DashboardPage {
  ordersLink: OrdersLink;
  url: URL;
  sort: string | undefined;
  species: readonly { id: number; name: string }[];
  sites: readonly { id: number; name: string }[];
}

export type Loaded =
  & { ctx: AreaContext; ordersLink: OrdersLink; url: URL; page: DashboardPage }
  & ({ ok: true; view: DashboardView } | { ok: false; problem: string; view: null });

/** The caller's context, the checked view of the address (or why it cannot be shown) and the order links. */
export async function loadView(context: PageContext, search: DashboardSearch): Promise<Loaded> {
  const ctx = await pageAreaContext(context);
  const ordersLink = ordersLinkFor(
    canSeeRouteNamed(context.caller!.subject, "orderreporting", context.routes),
  );
  const { species, sites } = context.caller!;
  const page = { ordersLink, url: context.url, sort: search.sort, species, sites };
  const common = { ctx, ordersLink, url: context.url, page };
  try {
    const view = viewOf(ctx, {
      fromDate: search.from,
      toDate: search.to,
      speciesId: search.species,
      tenantSiteId: search.site,
    });
    return { ...common, ok: true, view };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ...common, ok: false, problem: error.message.replace(/^\w+: /, ""), view: null };
  }
}

type Named = { id: number; name: string };

/** A dashboard page's frame: the filter, why the period cannot be shown (when so), then its figures. */
export function DashFrame({ path, data, showSite = true, children }: {
  path: string;
  data: {
    view: DashboardView | null;
    species: readonly Named[];
    sites: readonly Named[];
    problem: string | null;
  };
  showSite?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="dash">
      <DashboardFilter
        path={path}
        view={data.view}
        species={data.species}
        sites={showSite ? data.sites : []}
        showSite={showSite}
      />
      {data.problem && <p className="alert alert-warning">{data.problem}</p>}
      {children}
    </div>
  );
}

export function DashboardFilter({ path, view, species, sites, showSite = true }: {
  path: string;
  view: DashboardView | null;
  species: readonly Named[];
  sites: readonly Named[];
  showSite?: boolean;
}) {
  return (
    <form method="get" action={path} className="inline-form toolbar no-print dash-filter">
      <label>
        From <input className="input" type="date" name="from" defaultValue={view?.fromDate} required />
      </label>
      <label>
        To <input className="input" type="date" name="to" defaultValue={view?.toDate} required />
      </label>
      <Pick label="Species" name="species" value={view?.speciesId} every="Every species" rows={species} />
      {showSite && sites.length > 1 && (
        <Pick label="Site" name="site" value={view?.tenantSiteId} every="Whole plant" rows={sites} />
      )}
      <button className="btn" type="submit">Show</button>
    </form>
  );
}

/** A labelled select of named rows (the id is sent), blank first: `every`, the whole of them. */
function Pick({ label, name, value, every, rows }: {
  label: string;
  name: string;
  value: number | null | undefined;
  every: string;
  rows: readonly { id: number; name: string }[];
}) {
  return (
    <label>
      {label}{" "}
      <select className="input" name={name} defaultValue={value ?? ""}>
        <option value="">{every}</option>
        {rows.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
      </select>
    </label>
  );
}
