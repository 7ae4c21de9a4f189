/**
 * A yield figure screen on a TV across the boning room: the title and days, a few big figures (yield,
 * variance against standard, head, cartons) and a short table. Figures come written and toned from the
 * server (server/areas/yield/reports/operations/tv.ts); the tone is said in words too (▲ / ▼), never by
 * colour alone. Server-rendered; nothing to click.
 */

export interface TvCell {
  text: string;
  /** good, bad or level (a variance against standard) */
  tone: string;
}
export interface YieldTvModel {
  title: string;
  subtitle: string;
  headline: ({ label: string } & TvCell)[];
  columns: string[];
  rows: { label: string; cells: TvCell[] }[];
  empty: string;
}

const mark = (tone: string) => (tone === "good" ? " ▲" : tone === "bad" ? " ▼" : "");

export function YieldTv({ tv }: { tv: YieldTvModel }) {
  return (
    <section className="tv-screen tv-yield" aria-label={tv.title}>
      <header className="tv-head">
        <h1>{tv.title}</h1>
        <p>{tv.subtitle}</p>
      </header>
      {tv.headline.length > 0 && (
        <dl className="tv-yield-big">
          {tv.headline.map((h) => (
            <div key={h.label} className={`tv-yield-figure is-${h.tone}`}>
              <dt>{h.label}</dt>
              <dd>{h.text}{mark(h.tone)}</dd>
            </div>
          ))}
        </dl>
      )}
      {tv.rows.length === 0 ? <p className="tv-empty">{tv.empty}</p> : (
        <table className="tv-table">
          <thead>
            <tr>
              <th></th>
              {tv.columns.map((c) => <th key={c} className="num">{c}</th>)}
            </tr>
          </thead>
          <tbody>
            {tv.rows.map((r, i) => (
              <tr key={`${r.label}-${i}`}>
                <td>{r.label}</td>
                {r.cells.map((c, j) => <td key={j} className={`num is-${c.tone}`}>{c.text}{mark(c.tone)}
                </td>)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
