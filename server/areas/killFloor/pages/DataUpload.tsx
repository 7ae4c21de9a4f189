/**
 * Data upload (home/dataupload for a plant's admins, super/fileupload for super users): the plant's kill
 * floor data as a CSV or JSON file, when its systems cannot send it by themselves. What the file holds
 * and its templates, the upload island (choose, match the columns, upload with progress, the result or
 * the rows to fix), and the recent imports (server-rendered).
 */
import { href } from "../../../access/routes.ts";
import { canSeeRouteNamed } from "../../../access/mod.ts";
import { CarcassUpload } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import type { PageContext } from "../../../pages/context.ts";
import { pageAreaContext } from "../../context.ts";
import { formatDateTime, formatDayNumbers as auDate, formatHead } from "../../../../kernel/format.ts";
import { type ImportRow, recentImports } from "../queries.ts";
import { KILL_FLOOR_API as K } from "../rules.ts";
import { UPLOAD_MAX_BYTES } from "../upload.ts";

/** Imports the list shows (newest first). */
const RECENT = 20;

const SOURCES: Record<string, string> = {
  upload: "File upload",
  api: "Plant system",
  simulator: "Plant simulator",
};

function Days({ dates, dayPath }: { dates: readonly string[]; dayPath: string | null }) {
  const sorted = [...dates].sort();
  if (!sorted.length) return <span className="muted">—</span>;
  const day = (d: string) => (dayPath ? <a href={`${dayPath}?date=${d}`}>{auDate(d)}</a> : auDate(d));
  if (sorted.length === 1) return day(sorted[0]);
  return (
    <>
      {day(sorted[0])} to {day(sorted[sorted.length - 1])}
      <div className="muted small">{sorted.length} days</div>
    </>
  );
}

function ImportsTable({ rows, timeZone, dayPath }: {
  rows: ImportRow[];
  timeZone: string;
  dayPath: string | null;
}) {
  return (
    <div className="table-wrap">
      <table className="table table-compact" data-imports>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">File</th>
            <th scope="col" className="num">Rows</th>
            <th scope="col" className="num">Added</th>
            <th scope="col" className="num">Replaced</th>
            <th scope="col">Days</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            return (
              <tr key={r.id} data-import={r.id}>
                <td>
                  {formatDateTime(r.sentAt, timeZone)}
                  <div className="muted small">by {r.sentBy}</div>
                </td>
                <td className="u-wrap-anywhere">
                  {r.name}
                  <div className="muted small">{SOURCES[r.source] ?? r.source}</div>
                </td>
                <td className="num">{formatHead(r.rows)}</td>
                <td className="num">{formatHead(r.added)}</td>
                <td className="num">{formatHead(r.replaced)}</td>
                <td>
                  <Days dates={r.productionDates} dayPath={dayPath} />
                </td>
              </tr>
            );
          })}
          {!rows.length && (
            <tr>
              <td colSpan={6} className="muted">No carcass data has come in yet.</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The kill floor day screen, when the caller may open it (the result and the list link to its days). */
function dayPathFor(context: PageContext): string | null {
  return canSeeRouteNamed(context.caller!.subject, "carcassdistribution")
    ? href("carcassdistribution")
    : null;
}

export const DataUploadScreen = defineScreen({
  loader: async ({ context }) => ({
    imports: await recentImports(await pageAreaContext(context), RECENT),
    dayPath: dayPathFor(context),
  }),
  component: ({ data, context }) => (
    <>
      <section className="panel" aria-labelledby="upload-title">
        <div className="panel-head">
          <h2 id="upload-title">Upload kill floor data</h2>
          <nav className="actions" aria-label="Templates">
            <a className="btn" href={`${K.carcassTemplate}?format=csv`} download>Download the CSV template</a>
            <a className="btn" href={`${K.carcassTemplate}?format=json`} download>JSON template</a>
          </nav>
        </div>
        <p className="u-flush-top u-measure">
          For the plant's carcass records when its systems cannot send them by themselves: one row per carcass
          with the kill date, the body number, the hot standard carcass weight (HSCW) and the lot or our mob
          id; grading, MSA, defects and condemnations when you have them. A CSV's columns may have your own
          names: you match them to ours before it goes. A body number sent again for the same day replaces its
          record.
        </p>
        <p className="hint">
          Every row is checked first: if any row has a problem, nothing is saved and you get the rows to fix.
        </p>
        <CarcassUpload uploadUrl={K.uploadCarcassFile} maxBytes={UPLOAD_MAX_BYTES} dayPath={data.dayPath} />
      </section>
      <section className="panel" aria-labelledby="recent-imports">
        <div className="panel-head">
          <h2 id="recent-imports">Recent imports</h2>
          <span className="muted small">the latest {RECENT}, newest first</span>
        </div>
        <ImportsTable rows={data.imports} timeZone={context.timeZone} dayPath={data.dayPath} />
      </section>
    </>
  ),
});

/** The super user's file upload: the same screen. */
export const SuperFileUploadScreen = DataUploadScreen;
