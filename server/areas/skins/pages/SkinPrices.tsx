/**
 * Settings › Skin/Hide Price (spec 2 §2.2 tab skinprice): per species, what the plant pays a piece for
 * skins (hides for cattle) by grade, from a start date until archived: the prices in use, upcoming,
 * superseded by a newer one, and archived. Server-rendered tables and links: the page ships no React.
 */
import { headerSpeciesAmong } from "../../../pages/ListScope.tsx";
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../kernel/format.ts";
import { formatCents } from "../../../../kernel/money.ts";
import { idNumber } from "../../../http/params.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { SpeciesTabs } from "../../../pages/SpeciesTabs.tsx";
import { TimingBadge } from "../../../pages/TimingBadge.tsx";
import { pageAreaContext } from "../../context.ts";
import { skinPriceList, skinSpecies } from "../prices.ts";
import { SKIN_PATHS as PATHS } from "../paths.ts";
import { SKIN_GRADES, skinKindOf, skinWord } from "../rules.ts";
import type { SkinPrice } from "../schemas.ts";

function PriceTable({ rows, empty }: { rows: SkinPrice[]; empty: string }) {
  return (
    <div className="table-wrap">
      <Table
        rows={rows}
        rowKey={(p) => p.id}
        empty={empty}
        columns={[
          { header: "Price", cell: (p) => <a href={PATHS.price(p)}>{p.name}</a> },
          { header: "Category", cell: (p) => p.speciesCategory },
          {
            header: "Applies",
            cell: (p) => (
              <>
                <span>from {formatDate(p.startDate)}</span>
                {p.archivedDate && (
                  <div className="nowrap muted small">until {formatDate(p.archivedDate)}</div>
                )}
              </>
            ),
          },
          ...SKIN_GRADES.map((grade) => ({
            header: grade === "reject" ? "Reject" : `Gr ${grade}`,
            cell: (p: SkinPrice) => {
              const g = p.grades.find((x) => x.grade === grade);
              return g ? formatCents(g.centsPerPiece) : "—";
            },
          })),
          {
            header: "Status",
            cell: (p) => (
              <>
                <TimingBadge timing={p.timing} />
                <div className="small">
                  <a
                    href={PATHS.copyPrice(p.id)}
                    aria-label={`Copy ${p.name} from ${formatDate(p.startDate)}`}
                  >
                    Copy
                  </a>
                </div>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

/** settingsSkinPrice */
export const SkinPricesScreen = defineScreen({
  validateSearch: z.object({ speciesId: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const species = skinSpecies(ctx);
    const chosen = species.find((s) => s.id === search.speciesId) ?? headerSpeciesAmong(context, species) ??
      null;
    return { species, chosen, prices: chosen ? await skinPriceList(ctx, chosen.id) : [] };
  },
  component: ({ data }) => {
    const { species, chosen, prices } = data;
    if (!chosen) {
      return (
        <section className="panel">
          <h2>Skin and hide prices</h2>
          <p className="muted">None of your species has skins or hides to pay for: ask an admin.</p>
        </section>
      );
    }
    const word = skinWord(chosen.id);
    const kind = skinKindOf(chosen.id);
    const live = prices.filter((p) => p.timing === "current" || p.timing === "future");
    const old = prices.filter((p) => p.timing === "superseded" || p.timing === "archived");
    return (
      <>
        <SpeciesTabs species={species} current={chosen.id} href={(id) => `${PATHS.prices}?speciesId=${id}`} />
        <section className="panel" aria-label={`${chosen.name} ${word} prices`}>
          <div className="panel-head">
            <h2>{chosen.name}: {kind} prices</h2>
            <a className="btn btn-primary" href={PATHS.newPrice(chosen.id)}>New {kind} price</a>
          </div>
          <p className="muted small">
            What the supplier is paid a piece for {word}{" "}
            by grade, on the invoice of a kill on or after the start date. The newest begun price applies; a
            category's own price beats the every-category price. A new season's price: copy the row and give
            the copy its start date, so earlier kills keep the old one.
          </p>
          <PriceTable rows={live} empty={`No ${kind} price is set for ${chosen.name.toLowerCase()}.`} />
          {old.length > 0 && (
            <details className="superseded">
              <summary>Superseded and archived ({old.length})</summary>
              <PriceTable rows={old} empty="" />
            </details>
          )}
        </section>
      </>
    );
  },
});
