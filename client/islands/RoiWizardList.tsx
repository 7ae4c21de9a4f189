/**
 * The ROI report list (wizard/RoiWizard; issue 42 item 2): each report's periods and columns, with open,
 * edit, copy, publish or unpublish, save as a template, favourite, and delete (asked first, and only while
 * not published); a new report blank or from a template.
 */
import { useState } from "react";
import { api } from "../runtime/api.ts";
import { toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import type { ReportListItem } from "../../reports/roi/model.ts";

export interface RoiWizardListProps {
  reports: ReportListItem[];
  templates: { id: number; name: string }[];
  canFavourite: boolean;
  urls: {
    wizard: string;
    display: string;
    copy: string;
    delete: string;
    publish: string;
    favourite: string;
    saveTemplate: string;
    fromTemplate: string;
  };
}

export default function RoiWizardList({ reports, templates, canFavourite, urls }: RoiWizardListProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ReportListItem | null>(null);
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? 0);

  const run = async (
    key: string,
    url: string,
    body: unknown,
    done: string,
    go?: (answer: { id: number }) => string,
  ) => {
    setBusy(key);
    try {
      const answer = await api<{ id: number }>("POST", url, body);
      toastOnNextPage("success", done);
      if (go) globalThis.location.assign(go(answer));
      else globalThis.location.reload();
    } catch {
      setBusy(null); // the api client has toasted why
    }
  };

  return (
    <div className="roi-list">
      <div className="actions">
        <a className="btn btn-primary" href={`${urls.wizard}/new`}>New report</a>
        {templates.length > 0 && (
          <span className="inline-form">
            <label htmlFor="roi-template">Start from the template</label>
            <select
              id="roi-template"
              className="input"
              value={templateId}
              onChange={(e) => setTemplateId(Number(e.target.value))}
            >
              {templates.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </select>
            <Button
              type="button"
              busy={busy === "template"}
              onClick={() =>
                run(
                  "template",
                  urls.fromTemplate,
                  { id: templateId },
                  "A report was started from the template.",
                  (a) => `${urls.wizard}/${a.id}`,
                )}
            >
              Start
            </Button>
          </span>
        )}
      </div>
      {reports.length === 0
        ? <p className="muted">No ROI reports yet.</p>
        : (
          <table className="table roi-report-list">
            <thead>
              <tr>
                <th scope="col">Report</th>
                <th scope="col">About</th>
                <th scope="col">Periods</th>
                <th scope="col">Columns</th>
                <th scope="col">Owner</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <tr key={r.id}>
                  <td>
                    <a href={`${urls.display}/${r.id}`}>{r.name}</a>
                    {r.isPublished && <span className="badge">Published</span>}
                    {r.isFavourite && <span className="badge">Favourite</span>}
                  </td>
                  <td>{r.reportOptionName}</td>
                  <td>{r.columnRanges}</td>
                  <td>
                    {r.dataColumnCount}{" "}
                    periods{r.isHasBudgetColumns ? `, ${r.budgetColumnCount} budgets` : ""}
                  </td>
                  <td>{r.ownerName}</td>
                  <td className="actions">
                    <a className="btn" href={`${urls.wizard}/${r.id}`} aria-label={`Edit ${r.name}`}>Edit</a>
                    <Button
                      type="button"
                      busy={busy === `copy${r.id}`}
                      aria-label={`Copy ${r.name}`}
                      onClick={() => run(`copy${r.id}`, urls.copy, { id: r.id }, `“${r.name}” was copied.`)}
                    >
                      Copy
                    </Button>
                    <Button
                      type="button"
                      busy={busy === `pub${r.id}`}
                      aria-label={`${r.isPublished ? "Unpublish" : "Publish"} ${r.name}`}
                      onClick={() =>
                        run(
                          `pub${r.id}`,
                          urls.publish,
                          { id: r.id, isPublished: !r.isPublished },
                          `“${r.name}” was ${r.isPublished ? "unpublished" : "published"}.`,
                        )}
                    >
                      {r.isPublished ? "Unpublish" : "Publish"}
                    </Button>
                    <Button
                      type="button"
                      busy={busy === `tpl${r.id}`}
                      aria-label={`Save as template: ${r.name}`}
                      onClick={() => {
                        const name = globalThis.prompt?.("Name of the template", r.name)?.trim();
                        if (name) {
                          run(
                            `tpl${r.id}`,
                            urls.saveTemplate,
                            { id: r.id, name },
                            `The template “${name}” was saved.`,
                          );
                        }
                      }}
                    >
                      Save as template
                    </Button>
                    {canFavourite && (
                      <Button
                        type="button"
                        busy={busy === `fav${r.id}`}
                        aria-pressed={r.isFavourite}
                        aria-label={`${r.name}: favourite`}
                        onClick={() =>
                          run(
                            `fav${r.id}`,
                            urls.favourite,
                            { id: r.id, isFavourite: !r.isFavourite },
                            r.isFavourite ? "No longer a favourite." : "Marked as a favourite.",
                          )}
                      >
                        {r.isFavourite ? "Unfavourite" : "Favourite"}
                      </Button>
                    )}
                    {r.isDeleteAllowed && (
                      <Button
                        type="button"
                        variant="danger"
                        aria-label={`Delete ${r.name}`}
                        onClick={() => setDeleting(r)}
                      >
                        Delete
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          confirmLabel="Delete"
          busy={busy === "delete"}
          onCancel={() => setDeleting(null)}
          onConfirm={() => run("delete", urls.delete, { id: deleting.id }, `“${deleting.name}” was deleted.`)}
        >
          <p>The report and its layouts go. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
