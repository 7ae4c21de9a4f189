/**
 * A rejected file: nothing was saved. Its rows in error (Row, Field with the file's column, Problem), or
 * the reason the whole file was refused; a failure of the connection or the server can be sent again.
 */
import type { Ref } from "react";
import { type CarcassFieldKey, FIELD_BY_KEY } from "../../../server/areas/killFloor/rules.ts";
import { Button } from "../../ui/Button.tsx";
import type { Chosen } from "./file.ts";
import type { Mapping } from "./Mapping.tsx";
import { count, plural, problemText, type Rejection } from "./words.ts";

export function RejectedStep({ ref, chosen, mapping, error, onRetry }: {
  ref: Ref<HTMLDivElement>;
  chosen: Chosen;
  mapping: Mapping;
  error: Rejection;
  onRetry: () => void;
}) {
  const rows = error.errors.filter((e) => e.row > 0);
  const heading = rows.length
    ? "Nothing was saved. Fix these rows and upload the file again."
    : error.message.startsWith("Nothing was saved")
    ? error.message
    : error.status === 400 || error.status === 413
    ? "Nothing was saved."
    : error.title;
  const general = error.errors.filter((e) => e.row <= 0 && e.message && !heading.includes(e.message));
  const detail = rows.length
    ? `${plural(error.errorRows, "row")} ${error.errorRows === 1 ? "has a problem" : "have problems"}` +
      (error.errorRows > rows.length ? `; the first ${count(rows.length)} are listed.` : ".") +
      (chosen.format === "csv" ? " Row 1 is the first row under the header." : " Row 1 is the first record.")
    : general.length || heading === error.message
    ? null
    : error.message;
  const canRetry = error.status === 0 || error.status >= 500;
  const fieldOf = (key: string) => ({
    label: FIELD_BY_KEY.get(key)?.label ?? (key || "—"),
    column: chosen.format === "csv" ? mapping[key as CarcassFieldKey] : undefined,
  });
  return (
    <div ref={ref} tabIndex={-1} className="cu-step" data-outcome="rejected">
      <div className="banner banner-error" role="alert">
        <p className="u-flush">
          <strong>{heading}</strong>
        </p>
        {detail && <p className="u-space-top">{detail}</p>}
        {general.length > 0 && (
          <ul className="cu-list">
            {general.map((e, i) => <li key={i}>{e.message}</li>)}
          </ul>
        )}
        {canRetry && (
          <p className="cu-retry">
            <Button onClick={onRetry} data-action="retry">Send it again</Button>
          </p>
        )}
      </div>
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table table-compact" data-errors>
            <caption className="sr-only">The rows in error</caption>
            <thead>
              <tr>
                <th scope="col" className="num">Row</th>
                <th scope="col">Field</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e, i) => {
                const f = fieldOf(e.field);
                return (
                  <tr key={i}>
                    <td className="num">{count(e.row)}</td>
                    <td>
                      {f.label}
                      {f.column && <div className="muted small">column “{f.column}”</div>}
                    </td>
                    <td>{problemText(e.message, f.label)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
