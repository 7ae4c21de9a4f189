/**
 * A price grid's cells as a table, wherever a grid is shown: bands of hot standard carcass weight down,
 * fat scores across, cents per kg; the top price in bold and a cell not bought as a dash. The price grid
 * editor's preview, a grid group's grids and the super user's copy preview all read it.
 */
import { bandLabel, type GridCells, topCellPrice } from "../../server/areas/pricing/rules.ts";

/** The matrix as a table: bands down, fat scores across, c/kg; the top price in bold. */
export function GridMatrix({ cells, caption }: { cells: GridCells; caption?: string }) {
  const top = topCellPrice(cells);
  return (
    <div className="table-wrap">
      <table className="table table-compact grid-matrix">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">HSCW kg</th>
            {cells.fatScores.map((f) => <th key={f} scope="col" className="num">Fat {f}</th>)}
          </tr>
        </thead>
        <tbody>
          {cells.weightBands.map((band, i) => (
            <tr key={i}>
              <th scope="row" className="nowrap">{bandLabel(band)}</th>
              {cells.fatScores.map((_, j) => {
                const price = cells.prices[i]?.[j] ?? null;
                return (
                  <td key={j} className="num">
                    {price === null
                      ? <span className="muted" title="not bought">–</span>
                      : price === top
                      ? <strong>{price}</strong>
                      : price}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
