/**
 * A live yard on a TV: the yard drawn from its pen layout (the same server-side SVG as the live yard,
 * client/ui/yard/YardSvg.tsx) in big type with the status colours and their legend, and the head in the
 * yard. Server-rendered; nothing to click.
 */
import { YardLegend, YardSvg } from "../../client/ui/yard/YardSvg.tsx";
import type { YardData } from "../../client/ui/yard/model.ts";
import { formatDate, formatHead } from "../../kernel/format.ts";

export function YardTv({ view, mapUrl }: { view: YardData; mapUrl: string | null }) {
  const head = view.pens.reduce((n, p) => n + p.head, 0);
  return (
    <section className="tv-screen tv-yard" aria-label={view.yard.name}>
      <header className="tv-head">
        <h1>{view.yard.name}</h1>
        <p>
          {formatDate(view.today)} · {formatHead(head)} head in {view.pens.filter((p) => p.head > 0).length}
          {" "}
          pens
        </p>
      </header>
      <div className="tv-yard-drawing">
        <YardSvg pens={view.pens} label={`${view.yard.name} pens`} mapUrl={mapUrl} />
      </div>
      <YardLegend />
    </section>
  );
}
