import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import { idNumber } from "../../../../http/params.ts";
/**
 * Settings › Livestock targets (spec 2 §2.2 tab volumetargets, sub-forms volumeTargetsNew and
 * volumeTargets/{id}). The list page has no island: species tabs and the site choice are links and a GET
 * form, the chart is SVG drawn on the server, and the targets are server-rendered tables, so it ships no
 * React. The add and edit pages use the data form island (weekday checkboxes Monday to Sunday).
 */
import { z } from "zod";
import { TARGETS_API } from "../api.ts";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import { type DataFormProps, type FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { OrdersVersusTargetsChart } from "../../../../../client/ui/charts/OrdersVersusTargetsChart.tsx";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { pageAreaContext } from "../../../context.ts";
import { ApiError } from "../../../../http/errors.ts";
import { getTarget, listTargets, ordersAgainstTargets } from "../operations.ts";
import type { KillVolumeTarget } from "../schemas.ts";
import { DEFAULT_WEEKDAYS, describeWeekdays, NEXT_DAYS, WEEKDAYS } from "../rules.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { siteChoiceFields, speciesField } from "../../../../pages/scopeFields.ts";
import { TabBar } from "../../../../../client/ui/TabBar.tsx";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

export const TARGET_PATHS = {
  list: (speciesId?: number) => `/settings/volumetargets${speciesId ? `?speciesId=${speciesId}` : ""}`,
  create: (speciesId?: number) => `/settings/volumeTargetsNew${speciesId ? `?speciesId=${speciesId}` : ""}`,
  edit: (id: number) => `/settings/volumeTargets/${id}`,
};

// no .catch/.default here: they make the router redirect to a "canonical" URL (STACK-NOTES)
const optionalId = idNumber().optional();

/** The species asked for when it is one of the caller's, else the header's. */
function chosenSpecies(context: PageContext, speciesId?: number) {
  const species = context.caller!.species;
  return species.find((s) => s.id === speciesId) ?? headerSpeciesAmong(context, species) ?? null;
}

const TIMING_GROUPS = [
  { timing: "current", title: "Current", empty: "No target runs today: the chart's target is 0." },
  { timing: "future", title: "Upcoming", empty: "Nothing planned yet." },
  { timing: "past", title: "Past", empty: "No ended targets." },
] as const;

function periodText(t: KillVolumeTarget) {
  return `${formatDate(t.startDate)} – ${t.endDate ? formatDate(t.endDate) : "onwards"}`;
}

function TargetsTable({ rows, empty }: { rows: KillVolumeTarget[]; empty: string }) {
  return (
    <Table
      rows={rows}
      rowKey={(t) => t.id}
      empty={empty}
      columns={[
        { header: "Period", cell: (t) => <a href={TARGET_PATHS.edit(t.id)}>{periodText(t)}</a> },
        { header: "Site", cell: (t) => t.tenantSite },
        { header: "Head a week", cell: (t) => formatHead(t.weeklyTarget) },
        { header: "Head a day", cell: (t) => formatHead(t.dailyTarget) },
        { header: "Operating days", cell: (t) => describeWeekdays(t.weekDaysSelected) },
        { header: "Days a week", cell: (t) => t.daysOperatingPerWeek },
      ]}
    />
  );
}

/** settingsVolumeTargets: per species, the next 60 days chart and the targets by current/upcoming/past. */
export const VolumeTargetsScreen = defineScreen({
  validateSearch: z.object({ speciesId: optionalId, siteId: optionalId }),
  loader: async ({ context, search }) => {
    const species = chosenSpecies(context, search.speciesId);
    if (!species) return { species: null, siteId: null, targets: [], series: null };
    const siteId = context.caller!.sites.some((s) => s.id === search.siteId) ? search.siteId! : null;
    const ctx = await pageAreaContext(context);
    const [targets, volumes] = await Promise.all([
      listTargets(ctx, species.id),
      ordersAgainstTargets(ctx, { speciesId: species.id, tenantSiteId: siteId ?? undefined }),
    ]);
    return { species, siteId, targets, series: volumes.series[0] ?? null };
  },
  component: ({ data, context }) => {
    const { species: allSpecies, sites } = context.caller!;
    if (!data.species) {
      return (
        <section className="panel">
          <h2>Livestock targets</h2>
          <p className="muted">No species is enabled for you: ask an admin.</p>
        </section>
      );
    }
    const species = data.species;
    const siteName = sites.find((s) => s.id === data.siteId)?.name;
    return (
      <>
        {allSpecies.length > 1 && (
          <TabBar
            tabs={allSpecies.map((s) => ({ key: String(s.id), title: s.name }))}
            current={String(species.id)}
            href={(key) => TARGET_PATHS.list(Number(key))}
          />
        )}
        <section className="panel" aria-label={`${species.name}: orders versus targets`}>
          <div className="panel-head">
            <h2>{species.name}: next {NEXT_DAYS} days</h2>
            {sites.length > 1 && (
              <form method="get" className="inline-form" aria-label="Show the chart for a site">
                <input type="hidden" name="speciesId" value={species.id} />
                <FilterSelect
                  id="vt-site"
                  label="Site"
                  name="siteId"
                  defaultValue={data.siteId ?? ""}
                  empty="Whole plant"
                  options={sites.map((s) => [s.id, s.name])}
                />
                <button className="btn" type="submit">Show</button>
              </form>
            )}
            <a className="btn btn-primary" href={TARGET_PATHS.create(species.id)}>New target</a>
          </div>
          {data.series && (
            <OrdersVersusTargetsChart
              title={`${species.name}${siteName ? ` at ${siteName}` : ""}: head ordered versus target`}
              points={data.series.days}
            />
          )}
          <p className="muted small">
            Orders count on their production date (else their delivery date); cancelled orders do not count.
          </p>
        </section>
        <section className="panel" aria-label={`${species.name} targets`}>
          <h2>{species.name} targets</h2>
          {TIMING_GROUPS.map((g) => (
            <section key={g.timing} aria-label={`${g.title} targets`}>
              <h3>{g.title}</h3>
              <TargetsTable rows={data.targets.filter((t) => t.timing === g.timing)} empty={g.empty} />
            </section>
          ))}
        </section>
      </>
    );
  },
});

function targetFields(context: PageContext): FieldSpec[] {
  const { species, sites } = context.caller!;
  return [
    { name: "id", label: "Id", type: "id" },
    speciesField(species),
    ...siteChoiceFields(sites, "Whole plant (all sites)", { help: "Blank: one target for the whole plant." }),
    {
      name: "weeklyTarget",
      label: "Head a week",
      type: "number",
      required: true,
      help: "Split evenly over the ticked days.",
    },
    { name: "startDate", label: "From", type: "date", required: true },
    { name: "endDate", label: "Until", type: "date", help: "Blank: onwards." },
    ...WEEKDAYS.map((day, i): FieldSpec => ({
      name: `weekDaysSelected.${i}`,
      label: day,
      type: "checkbox",
      ...(i === 0 ? { section: "Operating days" } : {}),
    })),
  ];
}

function targetFormProps(context: PageContext, initial: Record<string, unknown>): DataFormProps {
  return {
    id: "volume-target",
    title: initial.id ? "Livestock target" : "New livestock target",
    fields: targetFields(context),
    initial,
    submit: { method: "POST", url: TARGETS_API.upsertKillVolumeTarget },
    cancelHref: TARGET_PATHS.list(typeof initial.speciesId === "number" ? initial.speciesId : undefined),
    redirectTo: "/settings/volumetargets?speciesId={speciesId}",
  };
}

/** settingsVolumeTargetNew: Monday to Friday ticked (spec 1 §9); the species from the list's tab. */
export const VolumeTargetNewScreen = defineScreen({
  validateSearch: z.object({ speciesId: optionalId }),
  loader: ({ context, search }) => ({ speciesId: chosenSpecies(context, search.speciesId)?.id ?? null }),
  component: ({ data, context }) => (
    <section className="panel">
      <DataForm
        {...targetFormProps(context, {
          speciesId: data.speciesId,
          weekDaysSelected: [...DEFAULT_WEEKDAYS],
        })}
      />
    </section>
  ),
});

/** settingsVolumeTarget: edit one; delete it when it was entered by mistake. */
export const VolumeTargetScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
    return await getTarget(await pageAreaContext(context), id);
  },
  component: ({ data, context }) => {
    // days operating is derived from the ticked days on save, so the form does not send it back
    const initial = {
      id: data.id,
      speciesId: data.speciesId,
      tenantSiteId: data.tenantSiteId,
      weeklyTarget: data.weeklyTarget,
      startDate: data.startDate,
      endDate: data.endDate,
      weekDaysSelected: data.weekDaysSelected,
      lastModified: data.lastModified,
    };
    return (
      <>
        <section className="panel">
          <DataForm {...targetFormProps(context, initial)} />
        </section>
        <section className="panel" aria-label="Remove">
          <p className="muted small">
            To stop a target from a date, give it an end date: the chart keeps its past. Delete only a target
            entered by mistake.
          </p>
          <ActionButton
            label="Delete target"
            url={TARGETS_API.deleteKillVolumeTarget}
            body={{ killVolumeTargetId: data.id, lastModified: data.lastModified }}
            variant="danger"
            confirm={`Delete the ${data.species} target ${periodText(data)}?`}
            successToast="The target was deleted."
            redirectTo={TARGET_PATHS.list(data.speciesId)}
          />
        </section>
      </>
    );
  },
});
