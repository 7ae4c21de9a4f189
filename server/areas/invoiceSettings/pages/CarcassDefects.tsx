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
import { addRuleHref, type CarcassDefectRow, shareWords } from "../defects/rules.ts";
import { INVOICE_SETTINGS_PATHS as PATHS } from "../paths.ts";

type Period = { fromDate: string; toDate: string };

const listHref = (speciesId: number, p: Period) =>
  `${PATHS.carcassDefects}?speciesId=${speciesId}&fromDate=${p.fromDate}&toDate=${p.toDate}`;

/** A kill day without its year unless the period crosses one ("Mon 1 Sep"); the first and last seen wrap between them. */
function DayCell({ day, period }: { day: string | null; period: Period }) {
  const withYear = period.fromDate.slice(0, 4) !== period.toDate.slice(0, 4);
  return <span className="nowrap">{day ? formatDate(day, withYear) : "—"}</span>;
}

function CategoryCell({ r }: { r: CarcassDefectRow }) {
  return r.status === "noRule" ? <span className="badge badge-warning">No rule</span> : <>{r.name}</>;
}

/** "A", "A and B", "A, B and C" */
const listWords = (items: string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** A ruled code opens its rule, as the Invoicing tab's codes do. */
function CodeCell({ r }: { r: CarcassDefectRow }) {
  if (r.ruleId === null) return <strong className="nowrap">{r.code}</strong>;
  return (
    <a className="nowrap" href={PATHS.defect(r.ruleId)} aria-label={`${r.code}: edit its rule`}>
      <strong>{r.code}</strong>
    </a>
  );
}

function PaidCell({ r }: { r: CarcassDefectRow }) {
  if (r.status !== "noRule") return <>{r.paid}</>;
  return (
    <>
      <strong className="defect-unruled">{r.paid}</strong>
      <div>
        <a
          className="btn btn-primary"
          href={addRuleHref(PATHS.newDefect, r)}
          aria-label={`Add a rule for ${r.code}`}
        >
          Add a rule
        </a>
      </div>
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
          { header: "Code", cell: (r) => <CodeCell r={r} /> },
          { header: "Category", cell: (r) => <CategoryCell r={r} /> },
          { header: "Carcasses", className: "num", cell: (r) => formatHead(r.carcasses) },
          { header: "Share", className: "num nowrap", cell: (r) => shareWords(r.sharePercent) },
          {
            header: "Seen",
            cell: (r) => (
              <>
                <DayCell day={r.firstDay} period={period} />
                {r.lastDay !== r.firstDay && (
                  <>
                    {" to "}
                    <DayCell day={r.lastDay} period={period} />
                  </>
                )}
              </>
            ),
          },
          { header: "Paid", cell: (r) => <PaidCell r={r} /> },
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
          { header: "Code", cell: (r) => <CodeCell r={r} /> },
          { header: "Category", cell: (r) => <CategoryCell r={r} /> },
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
    const unruled = seen.filter((r) => r.status === "noRule");
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
                  {result!.carcasses
                    ? `${formatHead(result!.carcasses)} ${chosen.name.toLowerCase()} carcasses were killed`
                    : `No ${chosen.name.toLowerCase()} carcasses were killed`} from{" "}
                  {formatDate(period.fromDate)}
                  {" to "}
                  {formatDate(period.toDate)}. A whole condemnation counts as CONDEMNED, a part condemnation
                  as PART_CONDEMNED. Of several defects on a carcass the one that pays least decides.
                </p>
                {unruled.length > 0 && (
                  <p className="banner banner-warning">
                    No rule for {listWords(unruled.map((r) => r.code))}: listed first, with how{" "}
                    {unruled.length === 1 ? "its" : "their"} carcasses are paid now. Add a rule to say how
                    {" "}
                    {unruled.length === 1 ? "it" : "each"} should be paid.
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
