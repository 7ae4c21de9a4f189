/**
 * Settings › Carcass Defects (spec 2 §2.2 tab carcassdefects): which defect codes the kill floor sent in a
 * period, how often, and how each is paid. Codes without a rule come first with a link that opens the new
 * defect detail form filled in; the species' rules no carcass carried come last. Server-rendered tables
 * and a GET form: the page ships no React.
 */
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { PeriodForm } from "../../../../client/ui/PeriodForm.tsx";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { periodProblem } from "../../../../kernel/dates.ts";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { pageAreaContext } from "../../context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { headerSpeciesAmong } from "../../../pages/ListScope.tsx";
import { SpeciesTabs } from "../../../pages/SpeciesTabs.tsx";
import { carcassDefects, periodOf } from "../defects/operations.ts";
import { type CarcassDefectRow, shareWords } from "../defects/rules.ts";
import { INVOICE_SETTINGS_PATHS as PATHS } from "../paths.ts";

type Period = { fromDate: string; toDate: string };

const listHref = (speciesId: number, p: Period) =>
  `${PATHS.carcassDefects}?speciesId=${speciesId}&fromDate=${p.fromDate}&toDate=${p.toDate}`;
const addRuleHref = (r: CarcassDefectRow) =>
  `${PATHS.newDefect}?code=${encodeURIComponent(r.code)}&speciesId=${r.speciesId}&back=carcassDefects`;

/** "Mon 1 Sep to Fri 28 Nov", the year shown when the period crosses one. */
function seenWords(r: CarcassDefectRow, p: Period) {
  if (!r.firstDay || !r.lastDay) return "—";
  const withYear = p.fromDate.slice(0, 4) !== p.toDate.slice(0, 4);
  if (r.firstDay === r.lastDay) return formatDate(r.firstDay, withYear);
  return (
    <>
      <span className="nowrap">{formatDate(r.firstDay, withYear)}</span> to{" "}
      <span className="nowrap">{formatDate(r.lastDay, withYear)}</span>
    </>
  );
}

function CategoryCell({ r }: { r: CarcassDefectRow }) {
  if (r.status === "noRule") return <span className="badge badge-warning">No rule</span>;
  return (
    <>
      {r.name}
      {r.everySpecies && <div className="muted small">Rule for every species</div>}
    </>
  );
}

function SeenTable({ rows, period, species }: { rows: CarcassDefectRow[]; period: Period; species: string }) {
  return (
    <div className="table-wrap">
      <Table
        rows={rows}
        rowKey={(r) => r.code}
        empty={`No ${species.toLowerCase()} carcass carried a defect code or was condemned in this period.`}
        columns={[
          { header: "Code", cell: (r) => <strong className="nowrap">{r.code}</strong> },
          { header: "Category on the invoice", cell: (r) => <CategoryCell r={r} /> },
          { header: "Carcasses", className: "num", cell: (r) => formatHead(r.carcasses) },
          { header: "Share", className: "num nowrap", cell: (r) => shareWords(r.sharePercent) },
          { header: "Seen", cell: (r) => seenWords(r, period) },
          {
            header: "Paid",
            cell: (r) =>
              r.status === "noRule" ? <strong className="defect-unruled">{r.paid}</strong> : r.paid,
          },
          {
            header: "Rule",
            srOnly: true,
            cell: (r) =>
              r.ruleId === null
                ? (
                  <a className="btn btn-primary nowrap" href={addRuleHref(r)}>
                    Add a rule<span className="sr-only">for {r.code}</span>
                  </a>
                )
                : (
                  <a href={PATHS.defect(r.ruleId)} className="nowrap">
                    Edit rule<span className="sr-only">for {r.code}</span>
                  </a>
                ),
          },
        ]}
      />
    </div>
  );
}

function UnusedTable({ rows }: { rows: CarcassDefectRow[] }) {
  return (
    <div className="table-wrap">
      <Table
        rows={rows}
        rowKey={(r) => r.code}
        empty=""
        columns={[
          { header: "Code", cell: (r) => <a href={PATHS.defect(r.ruleId!)}>{r.code}</a> },
          { header: "Category on the invoice", cell: (r) => <CategoryCell r={r} /> },
          { header: "Paid", cell: (r) => r.paid },
        ]}
      />
    </div>
  );
}

/** settingsCarcassDefects */
export const CarcassDefectsScreen = defineScreen({
  validateSearch: z.object({
    speciesId: idNumber().optional(),
    fromDate: isoDate.optional(),
    toDate: isoDate.optional(),
  }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const species = context.caller!.species;
    const chosen = species.find((s) => s.id === search.speciesId) ?? headerSpeciesAmong(context, species);
    const period = periodOf(ctx, search);
    const problem = periodProblem(period.fromDate, period.toDate);
    if (!chosen || problem) return { chosen, period, problem: problem?.message ?? null, result: null };
    const answer = await carcassDefects(ctx, { ...period, speciesId: chosen.id });
    return { chosen, period, problem: null, result: answer.species[0] };
  },
  component: ({ data, context }) => {
    const { chosen, period, problem, result } = data;
    if (!chosen) {
      return (
        <section className="panel">
          <h2>Carcass defects</h2>
          <p className="muted">No species is enabled for you: ask an admin.</p>
        </section>
      );
    }
    const seen = result?.rows.filter((r) => r.status !== "unused") ?? [];
    const unused = result?.rows.filter((r) => r.status === "unused") ?? [];
    const unruled = seen.filter((r) => r.status === "noRule").length;
    return (
      <>
        <SpeciesTabs
          species={context.caller!.species}
          current={chosen.id}
          href={(id) => listHref(id, period)}
        />
        <section className="panel" aria-label={`${chosen.name} carcass defects`}>
          <div className="panel-head">
            <h2>{chosen.name}: defect codes from the kill floor</h2>
            <PeriodForm
              id="defects"
              keep={{ speciesId: String(chosen.id) }}
              fromDate={period.fromDate}
              toDate={period.toDate}
            />
          </div>
          {problem
            ? <p className="banner banner-error" role="alert">{problem} Choose the dates again.</p>
            : (
              <>
                <p className="muted small">
                  {formatHead(result!.carcasses)} {chosen.name.toLowerCase()} carcasses killed from{" "}
                  {formatDate(period.fromDate)} to{" "}
                  {formatDate(period.toDate)}. A whole condemnation counts as CONDEMNED, a part condemnation
                  as PART_CONDEMNED. Of several defects on a carcass the one that pays least decides.
                </p>
                {unruled > 0 && (
                  <p className="banner banner-warning">
                    {unruled === 1 ? "1 code has" : `${unruled} codes have`} no rule, so invoices do not price
                    {" "}
                    {unruled === 1 ? "it" : "them"}{" "}
                    as a defect (listed first). Add a rule for each to say how it is paid.
                  </p>
                )}
                <SeenTable rows={seen} period={period} species={chosen.name} />
              </>
            )}
        </section>
        {!problem && (
          <section className="panel" aria-label="Rules no carcass carried">
            <div className="panel-head">
              <h2>Rules no carcass carried in this period</h2>
              <a className="btn" href={PATHS.list + `?speciesId=${chosen.id}`}>All defect rules</a>
            </div>
            {unused.length ? <UnusedTable rows={unused} /> : (
              <p className="muted">
                Every {chosen.name.toLowerCase()} defect rule was used in this period.
              </p>
            )}
          </section>
        )}
      </>
    );
  },
});
