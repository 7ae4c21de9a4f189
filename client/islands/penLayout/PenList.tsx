/** The "Pens as a list" table under the canvas: every pen's numbers (tests read its data attributes). */
import type { Layout } from "./model.ts";

/** Every pen's numbers, for screen readers and for checking a layout by eye. */
export function PenList({ layout }: { layout: Layout }) {
  return (
    <details className="pen-editor-list">
      <summary>Pens as a list ({layout.length})</summary>
      <div className="table-wrap">
        <table className="table table-compact">
          <thead>
            <tr>
              <th>Pen</th>
              <th className="num">Left</th>
              <th className="num">Top</th>
              <th className="num">Width</th>
              <th className="num">Height</th>
              <th className="num">Turn</th>
              <th className="num">Capacity</th>
              <th className="num">Head</th>
              <th>In use</th>
            </tr>
          </thead>
          <tbody>
            {layout.map((p) => (
              <tr
                key={p.key}
                data-pen-row={p.name}
                data-x={p.x}
                data-y={p.y}
                data-width={p.width}
                data-height={p.height}
                data-angle={p.angle}
              >
                <td>{p.name}{p.id ? "" : " (new)"}</td>
                <td className="num">{p.x}</td>
                <td className="num">{p.y}</td>
                <td className="num">{p.width}</td>
                <td className="num">{p.height}</td>
                <td className="num">{p.angle}°</td>
                <td className="num">{p.capacity || "—"}</td>
                <td className="num">{p.head || "—"}</td>
                <td>{p.isOperational ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
