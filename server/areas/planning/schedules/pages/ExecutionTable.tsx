/** A schedule's products: planned, packed and remaining cartons and kg, and the yield against plan. */
import { formatDecimal, formatHead } from "../../../../../kernel/format.ts";
import type { ExecutionLine } from "../rules.ts";

type Totals = Omit<ExecutionLine, "productId" | "name">;
const pct = (v: number | null) => v === null ? "–" : `${formatDecimal(v)}%`;

export function ExecutionTable(
  { lines, totals, caption }: { lines: ExecutionLine[]; totals: Totals; caption: string },
) {
  return (
    <table className="table execution-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">Planned cartons</th>
          <th scope="col" className="num">Packed cartons</th>
          <th scope="col" className="num">Remaining</th>
          <th scope="col" className="num">Planned kg</th>
          <th scope="col" className="num">Packed kg</th>
          <th scope="col" className="num">Against plan</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.productId} data-product={l.productId}>
            <td>{l.name}</td>
            <td className="num">{formatHead(l.plannedCartons)}</td>
            <td className="num" data-cell="packed">{formatHead(l.packedCartons)}</td>
            <td className="num" data-cell="remaining">{formatHead(l.remainingCartons)}</td>
            <td className="num">{formatDecimal(l.plannedKg)}</td>
            <td className="num">{formatDecimal(l.packedKg)}</td>
            <td className="num">{pct(l.againstPlanPercent)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="num">{formatHead(totals.plannedCartons)}</td>
          <td className="num">{formatHead(totals.packedCartons)}</td>
          <td className="num">{formatHead(totals.remainingCartons)}</td>
          <td className="num">{formatDecimal(totals.plannedKg)}</td>
          <td className="num">{formatDecimal(totals.packedKg)}</td>
          <td className="num">{pct(totals.againstPlanPercent)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
