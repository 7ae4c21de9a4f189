/**
 * The kill floor's day (home/livestock/carcassdistribution): for a day, species and site, the mobs killed
 * with their head counts reconciled with the yard, the day's weight and fat distributions, the carcasses
 * of one mob a page at a time with their corrections, and the files owed to others (NLIS, MSA, supplier
 * feedback). Server-rendered; only the correction form and the simulator button are islands.
 */
import { href } from "../../../access/routes.ts";
import { type AccessRule, decideAccess } from "../../../access/apiAccess.ts";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import type { PageContext } from "../../../pages/context.ts";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { pageAreaContext } from "../../context.ts";
import { formatDate, formatHead, formatKg } from "../../../../kernel/format.ts";
import { Facts } from "../../../../client/ui/Facts.tsx";
import { type Column, Table } from "../../../../client/ui/Table.tsx";
import { DistributionChart } from "../../../../client/ui/charts/DistributionChart.tsx";
import {
  apiDayHref,
  DayFilter,
  dayHref,
  dayQuery,
  DaySearch,
  NothingOnDay,
  pickersOf,
} from "../../../pages/DayFilter.tsx";
import { carcass, carcassPage, killFloorDay } from "../queries.ts";
import { CORRECT, SIMULATE } from "../dayApi.ts";
import { KILL_FLOOR_API as K } from "../rules.ts";
import { CarcassTable, correctionFields, PAGE_SIZE } from "./Carcasses.tsx";
import { orderMsa } from "../msa/operations.ts";
import { MSA_REQUERY } from "../msa/api.ts";
import { MsaPanel } from "./MsaPanel.tsx";

const Search = DaySearch.extend({
  mob: idNumber().optional(),
  page: wholeNumber({ min: 1, max: 10_000 }).optional(),
  correct: idNumber().optional(),
});

type Day = Awaited<ReturnType<typeof killFloorDay>>;
type MobRow = Day["mobs"][number];

function mobColumns(day: Day, link: (mob: number) => string): Column<MobRow>[] {
  const feedback = (m: MobRow) =>
    `${apiDayHref(K.feedbackFile, { date: day.date, speciesId: day.speciesId, tenantSiteId: day.siteId })}` +
    `&supplierId=${m.supplierId}`;
  return [
    {
      header: "Lot",
      cell: (m) => (
        <>
          <a href={link(m.stockMobId)}>{m.lot}</a>
          <div className="muted small">{m.category}</div>
        </>
      ),
    },
    {
      header: "Supplier",
      cell: (m) => (
        <>
          {m.supplierName}
          <div className="muted small">
            PIC {m.pic || "—"} · <a href={feedback(m)} download className="no-print">feedback file</a>
          </div>
        </>
      ),
    },
    { header: "Head sent", cell: (m) => formatHead(m.head) },
    {
      header: "Carcasses",
      cell: (m) => (
        <>
          {formatHead(m.processed)}
          {(m.condemned > 0 || m.partCondemned > 0) && (
            <div className="muted small">{m.condemned} condemned · {m.partCondemned} part</div>
          )}
        </>
      ),
    },
    {
      header: "Average",
      cell: (m) => (
        <>
          {m.averageKg ? formatKg(m.averageKg) : "—"}
          {m.averageFatMm != null && <div className="muted small">fat {m.averageFatMm} mm</div>}
        </>
      ),
    },
    {
      header: "Accounted for",
      cell: (m) => (
        <span
          className={m.isOrderComplete ? "badge badge-success" : m.awaiting ? "badge badge-warning" : "badge"}
        >
          {m.isOrderComplete
            ? "Complete"
            : m.awaiting
            ? `${formatHead(m.awaiting)} awaiting`
            : m.orderSummary}
        </span>
      ),
    },
  ];
}

export const KillFloorDayScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const day = await killFloorDay(ctx, dayQuery(search));
    const mob = search.mob ? day.mobs.find((m) => m.stockMobId === search.mob) ?? null : null;
    const page = mob
      ? await carcassPage(ctx, { ...dayQuery(search), stockMobId: mob.stockMobId }, {
        offset: ((search.page ?? 1) - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      })
      : null;
    const correcting = search.correct ? await carcass(ctx, search.correct) : null;
    // a cattle mob's order: its MSA grading beside the carcasses
    const msa = mob && day.speciesId === 2 ? await orderMsa(ctx, mob.livestockOrderId) : null;
    return {
      msa,
      canRequery: may(context, MSA_REQUERY),
      day,
      mob,
      page,
      correcting,
      pageNumber: search.page ?? 1,
      pickers: pickersOf(context),
      canCorrect: may(context, CORRECT),
      canSimulate: may(context, SIMULATE),
    };
  },
  component: ({ data }) => {
    const { day, mob, page, correcting } = data;
    const q = { date: day.date, speciesId: day.speciesId, tenantSiteId: day.siteId };
    const path = href("carcassdistribution");
    const here = dayHref(path, q);
    const mobLink = (id: number) => `${here}&mob=${id}#carcasses`;
    const t = day.totals;
    return (
      <section className="panel" aria-labelledby="kf-title">
        <div className="panel-head">
          <h2 id="kf-title">
            Kill floor · {day.species} · {formatDate(day.date)}
            {day.siteName && <span className="muted">{` · ${day.siteName}`}</span>}
          </h2>
          <nav className="actions no-print" aria-label="Files">
            <a className="btn" href={apiDayHref(K.nlisFile, q)} download>NLIS kill file</a>
            {day.speciesId === 2 && (
              <a className="btn" href={apiDayHref(K.msaFile, q)} download>MSA grading data</a>
            )}
            <a className="btn" href={href("dataupload")}>Upload data</a>
            {data.canSimulate && t.awaiting > 0 && (
              <ActionButton
                label="Simulate the plant"
                url={K.simulateKill}
                body={{
                  date: day.date,
                  speciesId: day.speciesId,
                  ...(day.siteId ? { tenantSiteId: day.siteId } : {}),
                }}
                confirm={`Make up carcass records for the ${
                  formatHead(t.awaiting)
                } head awaiting them (demo data)?`}
                successToast="The plant simulator sent the day's carcasses."
              />
            )}
          </nav>
        </div>
        <DayFilter
          path={path}
          date={day.date}
          speciesId={day.speciesId}
          siteId={day.siteId}
          pickers={data.pickers}
        />
        <Facts
          items={[
            ["Head sent to the kill floor", formatHead(t.head)],
            ["Carcasses recorded", formatHead(t.processed)],
            ["Awaiting records", formatHead(t.awaiting)],
            ["Condemned", `${formatHead(t.condemned)} whole · ${formatHead(t.partCondemned)} part`],
            ["Total HSCW", formatKg(t.weightKg)],
            ["Average HSCW", t.averageKg ? formatKg(t.averageKg) : "—"],
          ]}
        />
        {t.processed > 0 && (
          <div className="chart-pair">
            <DistributionChart
              id="kf-weights"
              title="HSCW (kg, band from)"
              unit="carcasses"
              bars={day.weightBands}
            />
            <DistributionChart
              id="kf-fat"
              title="Fat score"
              unit="carcasses"
              bars={day.fatScores.map((f) => ({ label: String(f.score), count: f.count }))}
            />
          </div>
        )}
        <h3>Mobs</h3>
        <div>
          <Table
            columns={mobColumns(day, mobLink)}
            rows={day.mobs}
            rowKey={(m) => m.stockMobId}
            empty={
              <NothingOnDay
                words="No mob was sent to the kill floor that day."
                nearest={day.nearestDays}
                href={(date) => dayHref(path, { ...q, date })}
              />
            }
          />
        </div>
        {mob && page && (
          <CarcassTable
            mob={mob}
            page={page}
            pageNumber={data.pageNumber}
            link={(n) => `${mobLink(mob.stockMobId).replace("#carcasses", "")}&page=${n}#carcasses`}
            correctLink={data.canCorrect
              ? (id) =>
                `${
                  mobLink(mob.stockMobId).replace("#carcasses", "")
                }&page=${data.pageNumber}&correct=${id}#correct`
              : null}
          />
        )}
        {data.msa && <MsaPanel data={data.msa} canRequery={data.canRequery} />}
        {correcting && data.canCorrect && (
          <section id="correct" className="panel no-print" aria-labelledby="correct-title">
            <h3 id="correct-title">Correct body {correcting.bodyNumber}</h3>
            <DataForm
              fields={correctionFields}
              initial={{
                carcassId: correcting.id,
                lastModified: correcting.lastModified,
                hscwKg: correcting.hscwKg,
                fatDepthMm: correcting.fatDepthMm,
                fatScore: correcting.fatScore,
                gradeCode: correcting.gradeCode,
                dentition: correcting.dentition,
                condemned: correcting.condemned,
                condemnedReason: correcting.condemnedReason,
                trimKg: correcting.trimKg,
                reason: "",
              }}
              submit={{ method: "POST", url: K.correctCarcass }}
              submitLabel="Save correction"
              successToast="The carcass was corrected."
              cancelHref={`${
                mobLink(correcting.stockMobId).replace("#carcasses", "")
              }&page=${data.pageNumber}#carcasses`}
              redirectTo={`${
                mobLink(correcting.stockMobId).replace("#carcasses", "")
              }&page=${data.pageNumber}#carcasses`}
            />
          </section>
        )}
      </section>
    );
  },
});

/** Whether the caller may use an endpoint: its own access rule decides, so the page shows what works. */
function may(context: PageContext, rule: AccessRule): boolean {
  const subject = context.caller!.subject;
  return decideAccess({ subject, passwordPending: false, viaApiKey: false }, rule).allowed;
}
