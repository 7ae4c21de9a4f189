/**
 * The table's "Save" (spec 3 §3 Report grid model): its filters, range and columns as a Yield Summary
 * Report — a new one, or the report the table was opened from when the caller may change it. The data
 * form sends the name and sharing it asks for with the rest of the report as it stands.
 */
import { DataForm } from "../../../../pages/islands.tsx";
import { YIELD_REPORTS_API } from "../../reports/api.ts";
import type { reportBodyOf } from "../template.ts";

export function SaveAsReport({ body, newHref }: {
  body: ReturnType<typeof reportBodyOf>;
  /** the same table without its report, to save a new one instead */
  newHref: string | null;
}) {
  return (
    <div className="no-print yc-save-report">
      <DataForm
        id="yield-table-report"
        title={body.id ? `Save to the report “${body.name}”` : "Save as a yield summary report"}
        fields={[
          { name: "name", label: "Report name", type: "text", required: true },
          { name: "isShared", label: "Shared with everyone who sees yield reports", type: "checkbox" },
        ]}
        initial={body}
        submit={{ method: "POST", url: YIELD_REPORTS_API.upsert }}
        submitLabel={body.id ? "Save the report" : "Save as a report"}
        successToast="The report was saved."
        redirectTo="/yield/table?templateId={id}"
      />
      {newHref && (
        <p className="small">
          <a href={newHref}>Save as a new report instead</a>
        </p>
      )}
    </div>
  );
}
