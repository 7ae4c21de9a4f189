/**
 * Skin Grade (spec 2 §2.1 home/skingrade): the skin room's screen, per species with skins.
 * - Count a day (default): the count sheet island for a production day (the latest kill by default).
 * - To count: the records still incomplete in a period, 50 a page (a page past the end steps back).
 * - Invoices waiting: drafts that cannot be published for want of skin counts or a price.
 * - Report: the completed skin invoice report for a period (skins/SkinReport.tsx).
 * - An order (?orderId=): its skins day by day.
 * Everything but the count sheet is server-rendered.
 */
import { headerSpeciesAmong } from "../../../pages/ListScope.tsx";
import { Pager } from "../../../../client/ui/Pager.tsx";
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { TabBar } from "../../../../client/ui/TabBar.tsx";
import { formatDate } from "../../../../kernel/format.ts";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { addDays } from "../../../../kernel/dates.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { SkinCountSheet } from "../../../pages/islands.tsx";
import { SKIN_API as API, SKIN_PATHS as PATHS } from "../paths.ts";
import { SKIN_PAGE_SIZE, skinWord } from "../rules.ts";
import type { SkinRecord } from "../schemas.ts";
import { SkinRecordTable } from "./SkinReport.tsx";
import { PeriodForm } from "../../../../client/ui/PeriodForm.tsx";
import { pageAreaContext } from "../../context.ts";
import {
  completedSkins,
  gradingSpecies,
  incompleteSkinInvoices,
  incompleteSkins,
  latestKillDay,
  skinDay,
  skinsOfOrder,
  speciesOf,
} from "../counts.ts";
import { FilterDate } from "../../../../client/ui/FilterControls.tsx";

const VIEWS = [
  { key: "count", title: "Count a day" },
  { key: "incomplete", title: "To count" },
  { key: "invoices", title: "Invoices waiting" },
  { key: "report", title: "Report" },
] as const;
type View = (typeof VIEWS)[number]["key"];

const Search = z.object({
  view: z.enum(VIEWS.map((v) => v.key) as [View, ...View[]]).optional(),
  species: z.string().max(40).optional(),
  date: isoDate.optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  start: wholeNumber({ min: 0 }).optional(),
  orderId: idNumber().optional(),
});
type Search = z.infer<typeof Search>;

const href = (s: Search) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v !== undefined && v !== "") q.set(k, String(v));
  const text = q.toString();
  return text ? `${PATHS.grade}?${text}` : PATHS.grade;
};

async function load(context: PageContext, search: Search) {
  const ctx = await pageAreaContext(context);
  const speciesList = gradingSpecies(ctx);
  if (!speciesList.length) return { kind: "none" as const };
  const species = speciesOf(ctx, search.species ?? headerSpeciesAmong(context, speciesList)!.name);
  const base = { species, speciesList, search };
  if (search.orderId) {
    return { ...base, kind: "order" as const, records: await skinsOfOrder(ctx, search.orderId) };
  }
  const view: View = search.view ?? "count";
  if (view === "incomplete") {
    const toDate = search.toDate ?? context.today;
    const fromDate = search.fromDate ?? addDays(toDate, -60);
    const page = await incompleteSkins(ctx, { speciesName: species.name, fromDate, toDate }, {
      offset: search.start ?? 0,
      limit: SKIN_PAGE_SIZE,
    });
    return { ...base, kind: view, fromDate, toDate, page };
  }
  if (view === "invoices") {
    const page = await incompleteSkinInvoices(ctx, { speciesName: species.name }, {
      offset: search.start ?? 0,
      limit: SKIN_PAGE_SIZE,
    });
    return { ...base, kind: view, page };
  }
  if (view === "report") {
    const toDate = search.toDate ?? context.today;
    const fromDate = search.fromDate ?? addDays(toDate, -6);
    const records = await completedSkins(ctx, { speciesName: species.name, fromDate, toDate });
    return { ...base, kind: view, fromDate, toDate, records };
  }
  const date = search.date ?? await latestKillDay(ctx, species.id, context.today);
  return {
    ...base,
    kind: "count" as const,
    date,
    records: await skinDay(ctx, { speciesName: species.name, productionDate: date }),
  };
}

type Data = Awaited<ReturnType<typeof load>>;

function CountDay({ data }: { data: Extract<Data, { kind: "count" }> }) {
  const { species, date, records } = data;
  const word = skinWord(species.id);
  const keep = { species: species.name };
  return (
    <section className="panel" aria-label={`${species.name} ${word} counted on ${formatDate(date)}`}>
      <div className="panel-head">
        <h2>{species.name} {word} killed {formatDate(date)}</h2>
        <form method="get" className="inline-form no-print" aria-label="Choose the day">
          {Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
          <FilterDate id="skin-day" label="Production day" name="date" defaultValue={date} />
          <button className="btn" type="submit">Show</button>
        </form>
      </div>
      <p className="muted small">
        Count the {word} of each lot by grade. A lot is complete when every head processed has its{" "}
        {word.slice(0, -1)} counted; the supplier's invoice is paid at that day's price.
      </p>
      <SkinCountSheet
        url={API.upsertCounts}
        productionDate={date}
        word={word}
        rows={records.map((r) => ({
          livestockOrderId: r.livestockOrderId,
          lotReference: r.lotReference,
          supplierName: r.supplierName,
          speciesCategory: r.speciesCategory,
          totalToProcess: r.totalToProcess,
          counts: r.counts,
          lastModified: r.lastModified,
          lockedBy: r.invoiceStatus === "Published" || r.invoiceStatus === "Finalised"
            ? `On ${r.invoiceStatus.toLowerCase()} invoice ${r.invoiceNumber ?? ""}: unpublish it to recount.`
            : null,
        }))}
      />
    </section>
  );
}

function ToCount({ data }: { data: Extract<Data, { kind: "incomplete" }> }) {
  const { species, page, fromDate, toDate } = data;
  const word = skinWord(species.id);
  const keep = { view: "incomplete", species: species.name };
  return (
    <section className="panel" aria-label={`${species.name} ${word} to count`}>
      <div className="panel-head">
        <h2>{species.name} {word} to count</h2>
        <PeriodForm id="skins-open" keep={keep} fromDate={fromDate} toDate={toDate} />
      </div>
      <SkinRecordTable
        rows={page.rows}
        empty={`Every ${word.slice(0, -1)} killed from ${formatDate(fromDate)} to ${
          formatDate(toDate)
        } is counted.`}
        countHref={(r) => href({ species: species.name, date: r.productionDate })}
        orderHref={(r) => href({ species: species.name, orderId: r.livestockOrderId })}
        grades={false}
      />
      <Pager
        pageSize={SKIN_PAGE_SIZE}
        offset={page.startIndex}
        total={page.total}
        what={`${word} to count`}
        link={(start) => href({ ...keep, view: "incomplete", fromDate, toDate, start })}
      />
    </section>
  );
}

function InvoicesWaiting({ data }: { data: Extract<Data, { kind: "invoices" }> }) {
  const { species, page } = data;
  return (
    <section className="panel" aria-label="Invoices waiting for skins">
      <h2>{species.name} invoices waiting for {skinWord(species.id)}</h2>
      <p className="muted small">
        Draft invoices that cannot be published until their skins are counted and priced.
      </p>
      <div className="table-wrap">
        <Table
          rows={page.rows}
          rowKey={(r) => r.invoiceId}
          empty="No draft invoice is waiting for skins."
          columns={[
            { header: "Killed", cell: (r) => formatDate(r.productionDate) },
            {
              header: "Lot",
              cell: (r) => <a href={`/home/invoicemanager/edit/${r.invoiceId}`}>{r.lotReference || "—"}</a>,
            },
            { header: "Supplier", cell: (r) => r.supplierName },
            { header: "Counted", cell: (r) => `${r.totalSkinCount} / ${r.headProcessed}` },
            { header: "Waiting for", cell: (r) => r.reason },
            {
              header: "Count",
              srOnly: true,
              cell: (r) => (
                <a href={href({ species: species.name, orderId: r.livestockOrderId })}>Skins of the order</a>
              ),
            },
          ]}
        />
      </div>
      <Pager
        pageSize={SKIN_PAGE_SIZE}
        offset={page.startIndex}
        total={page.total}
        what="invoices"
        link={(start) => href({ view: "invoices", species: species.name, start })}
      />
    </section>
  );
}

function OrderSkins({ records, species }: { records: SkinRecord[]; species: { id: number; name: string } }) {
  const first = records[0];
  return (
    <section className="panel" aria-label="The order's skins">
      <h2>
        {first
          ? `Lot ${first.lotReference || first.livestockOrderId}: ${first.supplierName}`
          : "The order's skins"}
      </h2>
      <SkinRecordTable
        rows={records}
        empty="No carcasses of this order have skins to count."
        countHref={(r) => href({ species: species.name, date: r.productionDate })}
        showValue
      />
    </section>
  );
}

/** skingrade */
export const SkinGradeScreen = defineScreen({
  validateSearch: Search,
  loader: ({ context, search }) => load(context, search),
  component: ({ data }) => {
    if (data.kind === "none") {
      return (
        <section className="panel">
          <h2>Skin grade</h2>
          <p className="muted">None of your species has skins or hides to grade: ask an admin.</p>
        </section>
      );
    }
    const { species, speciesList, kind } = data;
    return (
      <>
        <div className="toolbar no-print">
          {speciesList.length > 1 && (
            <TabBar
              tabs={speciesList.map((s) => ({ key: s.name, title: s.name }))}
              current={species.name}
              href={(key) => href({ view: kind === "order" ? undefined : kind, species: key })}
            />
          )}
          <TabBar
            tabs={VIEWS.map((v) => ({ key: v.key, title: v.title }))}
            current={kind}
            href={(key) => href({ view: key as View, species: species.name })}
          />
        </div>
        {kind === "count" && <CountDay data={data} />}
        {kind === "incomplete" && <ToCount data={data} />}
        {kind === "invoices" && <InvoicesWaiting data={data} />}
        {kind === "report" && <ReportView data={data} />}
        {kind === "order" && <OrderSkins records={data.records} species={species} />}
      </>
    );
  },
});

function ReportView({ data }: { data: Extract<Data, { kind: "report" }> }) {
  const { species, fromDate, toDate, records } = data;
  const keep = { view: "report", species: species.name };
  return (
    <section className="panel" aria-label="Completed skin report">
      <div className="panel-head">
        <h2>{species.name} {skinWord(species.id)} counted, {formatDate(fromDate)} to {formatDate(toDate)}</h2>
        <PeriodForm id="skins-report" keep={keep} fromDate={fromDate} toDate={toDate} />
      </div>
      <SkinRecordTable
        rows={records}
        empty="No lot was completely counted in this period."
        orderHref={(r) => href({ species: species.name, orderId: r.livestockOrderId })}
        showValue
        totals
      />
    </section>
  );
}
