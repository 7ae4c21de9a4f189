/**
 * The statistic rows (kg per cut: Total, Orders, +, Filled, Unfilled) and the predicted products: drawn by
 * the builder island and, with no React in the browser, by the predicted products pages.
 */
import { formatDecimal, formatHead } from "../../../kernel/format.ts";
import { formatCents } from "../../../kernel/money.ts";
import {
  type PredictedProduct,
  STAT_CUTS,
  statCutLabel,
  type StatRow,
} from "../../../server/areas/planning/builder/rules.ts";

export function StatisticsTable({ rows, speciesId }: { rows: StatRow[]; speciesId: number }) {
  return (
    <table className="table builder-stats" aria-label="Predicted against ordered, kg per cut">
      <thead>
        <tr>
          <th scope="col">kg</th>
          {STAT_CUTS.map((c) => <th key={c} scope="col" className="num">{statCutLabel(c, speciesId)}</th>)}
          <th scope="col" className="num">All</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.row} data-row={r.row}>
            <th scope="row">{r.row === "+" ? "+ (surplus)" : r.row}</th>
            {STAT_CUTS.map((c) => <td key={c} className="num" data-cut={c}>{formatDecimal(r.values[c])}</td>)}
            <td className="num">{formatDecimal(r.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProductsTable({ products }: { products: PredictedProduct[] }) {
  if (!products.length) return <p className="builder-empty">No products yet: drop recipes on the groups.</p>;
  return (
    <table className="table" aria-label="Predicted products">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">kg</th>
          <th scope="col" className="num">Cartons</th>
          <th scope="col" className="num">Pieces</th>
          <th scope="col" className="num">Value</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.productId}>
            <td>{p.name}</td>
            <td className="num">{formatDecimal(p.kg)}</td>
            <td className="num">{formatHead(p.cartons)}</td>
            <td className="num">{formatHead(p.pieces)}</td>
            <td className="num">
              {p.priced ? formatCents(p.cents) : <span className="muted">No price</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
