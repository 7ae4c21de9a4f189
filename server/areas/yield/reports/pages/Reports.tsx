/**
 * Yield Summary Reports (customreports) and Operational Yield Reports (operationalyield): the saved
 * reports the caller sees, each with its owner and last change; Delete only where allowed (the owner, an
 * admin). The builder (createreport, editreport/{id}, createopyieldreport, editoperationalyieldreport/{id})
 * is the data form island over UpsertYieldReport.
 */
import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { idNumber } from "../../../../http/params.ts";
import { ApiError } from "../../../../http/errors.ts";
import { pageAreaContext } from "../../../context.ts";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { hasYieldRevenue, yieldPlants } from "../../access.ts";
import { visibleMetrics } from "../../metrics.ts";
import { yieldReference } from "../../reference.ts";
import { SHIFT_NAMES, SHIFTS } from "../../rules.ts";
import { GROUP_BY, GROUP_BY_NAMES } from "../../schemas.ts";
import { YIELD_REPORTS_API } from "../api.ts";
import { getReport, listReports } from "../operations/reports.ts";
import type { ReportKind } from "../rules.ts";
import type { ReportListItem, YieldReport } from "../schemas.ts";

export const REPORT_PATHS = {
  summary: { list: "/yield/customreports", create: "/yield/createreport", edit: "/yield/editreport" },
  operational: {
    list: "/yield/operationalyield",
    create: "/yield/createopyieldreport",
    edit: "/yield/editoperationalyieldreport",
  },
  view: (r: { id: number; kind: string }) =>
    r.kind === "operational" ? `/display/operationalyield/${r.id}` : `/yield/viewreport?id=${r.id}`,
};

const KIND_WORDS: Record<ReportKind, { title: string; one: string; create: string }> = {
  summary: { title: "Yield summary reports", one: "summary report", create: "New summary report" },
  operational: {
    title: "Operational yield reports",
    one: "operational report",
    create: "New operational report",
  },
};

function ReportList({ kind, rows }: { kind: ReportKind; rows: ReportListItem[] }) {
  const words = KIND_WORDS[kind];
  return (
    <section className="panel" aria-label={words.title}>
      <div className="panel-head">
        <h2>{words.title}</h2>
        <a className="btn btn-primary" href={REPORT_PATHS[kind].create}>{words.create}</a>
      </div>
      <Table
        rows={rows}
        rowKey={(r) => r.id}
        empty={`No ${words.one}s yet: make one with “${words.create}”.`}
        columns={[
          {
            header: "Name",
            cell: (r) => (
              <>
                <a href={REPORT_PATHS.view(r)}>{r.name}</a>
                {r.kind === "summary" && (
                  <div className="small">
                    <a href={`/yield/table?templateId=${r.id}`}>Open as the yield table</a>
                  </div>
                )}
              </>
            ),
          },
          { header: "Species", cell: (r) => r.species },
          { header: "Range", cell: (r) => r.range, optional: true },
          { header: "Owner", cell: (r) => `${r.ownerName}${r.isShared ? "" : " (private)"}` },
          { header: "Last modified", cell: (r) => formatDate(r.lastModified.slice(0, 10)) },
          { header: "Columns", className: "num", cell: (r) => r.columns.length },
          {
            header: "Actions",
            srOnly: true,
            cell: (r) =>
              r.isDeleteAllowed && (
                <span className="yr-actions">
                  <a className="btn btn-small" href={`${REPORT_PATHS[kind].edit}/${r.id}`}>Edit</a>
                  <ActionButton
                    label="Delete"
                    url={YIELD_REPORTS_API.delete}
                    body={{ id: r.id, lastModified: r.lastModified }}
                    variant="danger"
                    confirm={`Delete the report “${r.name}”?`}
                    successToast="The report was deleted."
                    redirectTo={REPORT_PATHS[kind].list}
                  />
                </span>
              ),
          },
        ]}
      />
    </section>
  );
}

const listScreen = (kind: ReportKind) =>
  defineScreen({
    loader: async ({ context }) => await listReports(await pageAreaContext(context), kind),
    component: ({ data }) => <ReportList kind={kind} rows={data} />,
  });

/** yieldCustomReports */
export const SummaryReportsScreen = listScreen("summary");
/** yieldOperational */
export const OperationalReportsScreen = listScreen("operational");

const options = (list: { id: number | string; name: string }[]) =>
  list.map((x) => ({ value: String(x.id), label: x.name }));

async function formOptions(context: PageContext, speciesId: number | undefined) {
  const ctx = await pageAreaContext(context);
  const plants = await yieldPlants(ctx);
  const species = plants.species.find((s) => s.id === speciesId) ?? plants.species[0] ?? null;
  const reference = species ? await yieldReference(ctx, species.id) : null;
  const level = (l: string) => reference?.segments.filter((s) => s.level === l) ?? [];
  return {
    species,
    allSpecies: plants.species,
    plants: species ? plants.plants.get(species.id) ?? [] : [],
    rooms: (species ? plants.rooms.get(species.id) ?? [] : []).map((r) => ({
      id: r.id,
      name: `${r.name} (${ctx.scope.siteName(r.tenantSiteId)})`,
    })),
    bodySegments: level("bodySegment"),
    primals: level("primal"),
    cuts: level("cut"),
    metrics: visibleMetrics(hasYieldRevenue(ctx)),
  };
}
type FormOptions = Awaited<ReturnType<typeof formOptions>>;

function reportFields(o: FormOptions, editing: boolean): FieldSpec[] {
  const multi = (
    name: string,
    label: string,
    list: { id: number | string; name: string }[],
    help?: string,
  ) => ({
    name,
    label,
    type: "multiselect" as const,
    options: options(list),
    valueType: typeof list[0]?.id === "number" ? "number" as const : "string" as const,
    help,
  });
  return [
    { name: "id", label: "Id", type: "id" },
    { name: "name", label: "Name", type: "text", required: true },
    {
      name: "speciesId",
      label: "Species",
      type: "select",
      required: true,
      readOnly: editing,
      options: options(o.allSpecies),
      valueType: "number",
      help: editing
        ? undefined
        : "Plants, rooms and segments below are this species'; change it from the list.",
    },
    {
      ...multi("plantIds", "Plants", o.plants, "None ticked: every plant you see."),
      section: "What to count",
    },
    multi("boningRoomIds", "Boning rooms", o.rooms, "None: every room."),
    multi("shiftTypes", "Shifts", SHIFTS.map((s) => ({ id: s, name: SHIFT_NAMES[s] }))),
    multi("bodySegments", "Body segments", o.bodySegments),
    multi("primalSegments", "Primals", o.primals),
    multi("cuts", "Cuts", o.cuts),
    {
      name: "rangeKind",
      label: "Date range",
      type: "select",
      section: "When",
      options: [{ value: "relative", label: "Relative to today" }, { value: "fixed", label: "Fixed dates" }],
    },
    {
      name: "relativeDays",
      label: "Days",
      type: "number",
      shownWhen: { field: "rangeKind", oneOf: ["relative"] },
      help: "0: today; 14: the 14 days ending yesterday.",
    },
    { name: "fromDate", label: "From", type: "date", shownWhen: { field: "rangeKind", oneOf: ["fixed"] } },
    { name: "toDate", label: "To", type: "date", shownWhen: { field: "rangeKind", oneOf: ["fixed"] } },
    {
      name: "groupBy",
      label: "A row per",
      type: "select",
      section: "What to show",
      options: GROUP_BY.filter((g) => g !== "kind").map((g) => ({ value: g, label: GROUP_BY_NAMES[g] })),
    },
    {
      name: "columns",
      label: "Columns",
      type: "multiselect",
      required: true,
      valueType: "number",
      options: o.metrics.map((m) => ({ value: String(m.key), label: `${m.name} (${m.unit})` })),
    },
    { name: "isShared", label: "Shared with everyone who sees yield reports", type: "checkbox" },
  ];
}

function initialOf(report: YieldReport | null, kind: ReportKind, speciesId: number | undefined) {
  if (!report) {
    return kind === "operational"
      ? {
        kind,
        speciesId,
        rangeKind: "relative",
        relativeDays: 0,
        groupBy: "cut",
        columns: [16, 18, 9, 5],
        isShared: true,
      }
      : {
        kind,
        speciesId,
        rangeKind: "relative",
        relativeDays: 14,
        groupBy: "primal",
        columns: [2, 9, 16, 17, 18],
      };
  }
  const f = report.filters;
  return {
    id: report.id,
    lastModified: report.lastModified,
    kind: report.kind,
    name: report.name,
    speciesId: report.speciesId,
    plantIds: f.plantIds ?? [],
    boningRoomIds: f.boningRoomIds ?? [],
    shiftTypes: f.shiftTypes ?? [],
    bodySegments: f.bodySegments ?? [],
    primalSegments: f.primalSegments ?? [],
    cuts: f.cuts ?? [],
    rangeKind: f.fromDate ? "fixed" : "relative",
    relativeDays: f.relativeDays ?? null,
    fromDate: f.fromDate ?? "",
    toDate: f.toDate ?? "",
    groupBy: report.groupBy,
    columns: report.columns,
    isShared: report.isShared,
  };
}

function ReportForm(
  { kind, options: o, report, speciesId }: {
    kind: ReportKind;
    options: FormOptions;
    report: YieldReport | null;
    speciesId?: number;
  },
) {
  if (!o.species) {
    return (
      <section className="panel">
        <p>No species: Yield Reporting is not available.</p>
      </section>
    );
  }
  const paths = REPORT_PATHS[kind];
  const others = report ? [] : o.allSpecies.filter((s) => s.id !== o.species!.id);
  return (
    <section className="panel">
      {others.length > 0 && (
        <p className="muted">
          For another species: {others.map((s, i) => (
            <span key={s.id}>
              {i > 0 && ", "}
              <a href={`${paths.create}?species=${s.id}`}>{s.name}</a>
            </span>
          ))}
          .
        </p>
      )}
      <DataForm
        id={`yield-${kind}-report`}
        title={report ? `Edit ${KIND_WORDS[kind].one}` : KIND_WORDS[kind].create}
        fields={reportFields(o, !!report)}
        initial={initialOf(report, kind, speciesId ?? o.species.id)}
        submit={{ method: "POST", url: YIELD_REPORTS_API.upsert }}
        successToast="The report was saved."
        cancelHref={paths.list}
        redirectTo={kind === "operational" ? paths.list : "/yield/viewreport?id={id}"}
      />
    </section>
  );
}

const createScreen = (kind: ReportKind) =>
  defineScreen({
    validateSearch: z.object({ species: idNumber().optional() }),
    loader: async ({ context, search }) => await formOptions(context, search.species),
    component: ({ data }) => <ReportForm kind={kind} options={data} report={null} />,
  });

const editScreen = (kind: ReportKind) =>
  defineScreen({
    loader: async ({ context, params }) => {
      const id = Number(params.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
      const report = await getReport(await pageAreaContext(context), id);
      if (report.kind !== kind || !report.isEditAllowed) {
        throw ApiError.notFound("That report does not exist.");
      }
      return { report, options: await formOptions(context, report.speciesId) };
    },
    component: ({ data }) => <ReportForm kind={kind} options={data.options} report={data.report} />,
  });

/** yieldCreateReport, yieldEditReport, yieldCreateOperational, yieldEditOperational */
export const CreateSummaryScreen = createScreen("summary");
export const EditSummaryScreen = editScreen("summary");
export const CreateOperationalScreen = createScreen("operational");
export const EditOperationalScreen = editScreen("operational");
