/**
 * One product code's effective-dated values on Settings › Yield: its history (past, in force, from a later
 * day), a form to add a value from a date or edit one not yet in force, and a confirmed delete of a future
 * one. The standard yields and the $/kg price list are two of these.
 */
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { TIMING_TEXT } from "./common.tsx";

interface DatedRow {
  id: number;
  effectiveFrom: string;
  timing: keyof typeof TIMING_TEXT;
  lastModified: string;
}

export interface DatedPanelProps<R extends DatedRow> {
  /** "standard-yield" or "price": element ids and the edit link's query name */
  kind: string;
  title: string;
  /** "standard yield", "price" */
  what: string;
  code: { id: number; code: string };
  rows: R[];
  /** the value's column header, its text, its form field and its value in a form */
  valueHeader: string;
  valueText: (row: R) => string;
  valueField: FieldSpec;
  valueOf: (row: R) => number;
  /** the row being edited (a future one), if any */
  editing: R | null;
  /** a link to this page with the edit query (or none) */
  href: (editId?: number) => string;
  api: { upsert: string; delete: string; idName: string };
  /** tomorrow: the usual first day of a new value */
  defaultFrom: string;
}

export function DatedPanel<R extends DatedRow>(p: DatedPanelProps<R>) {
  const initial = p.editing
    ? {
      id: p.editing.id,
      productCodeId: p.code.id,
      effectiveFrom: p.editing.effectiveFrom,
      [p.valueField.name]: p.valueOf(p.editing),
      lastModified: p.editing.lastModified,
    }
    : { productCodeId: p.code.id, effectiveFrom: p.defaultFrom };
  return (
    <section className="panel yield-dated" aria-label={p.title}>
      <h2>{p.title}</h2>
      <p className="muted small">
        Each {p.what}{" "}
        counts from its date until the next one. Only one not yet in force can be changed or deleted; a date
        in the past recalculates the days since (at most 400 days back).
      </p>
      <Table
        rows={[...p.rows].reverse()}
        rowKey={(r) => r.id}
        empty={`No ${p.what} yet.`}
        columns={[
          { header: "From", cell: (r) => formatDate(r.effectiveFrom) },
          { header: p.valueHeader, cell: p.valueText, className: "num" },
          { header: "Status", cell: (r) => TIMING_TEXT[r.timing] },
          {
            header: "Actions",
            srOnly: true,
            cell: (r) =>
              r.timing === "future"
                ? (
                  <span className="row-actions">
                    <a href={p.href(r.id)}>Edit</a>
                    <ActionButton
                      label="Delete"
                      url={p.api.delete}
                      body={{ [p.api.idName]: r.id, lastModified: r.lastModified }}
                      variant="ghost"
                      confirm={`Delete the ${p.what} of ${p.code.code} from ${formatDate(r.effectiveFrom)}?`}
                      successToast={`The ${p.what} was deleted.`}
                      redirectTo={p.href()}
                    />
                  </span>
                )
                : null,
          },
        ]}
      />
      <DataForm
        key={p.editing?.id ?? "new"}
        id={`${p.kind}-form`}
        title={p.editing
          ? `Change the ${p.what} from ${formatDate(p.editing.effectiveFrom)}`
          : `New ${p.what} from a date`}
        fields={[
          { name: "effectiveFrom", label: "From", type: "date", required: true },
          p.valueField,
        ]}
        initial={initial}
        submit={{ method: "POST", url: p.api.upsert }}
        cancelHref={p.editing ? p.href() : undefined}
        redirectTo={p.href()}
        successToast={`The ${p.what} was saved.`}
      />
    </section>
  );
}
