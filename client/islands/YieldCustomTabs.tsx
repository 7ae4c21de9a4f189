/**
 * The cog of the custom metric tabs (/yield/custom): the caller's tabs in order, each opened, edited in the
 * metric builder dialog, moved up or down, or deleted after a confirmation; "Add a tab" opens the builder.
 * Every change saves the whole list (POST SaveCustomDashboard: the yieldCustomDashboard user setting) and
 * toasts; a refused save (400 in words) is toasted by the api client and nothing changes here.
 */
import { useState } from "react";
import { api } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { type BuilderChoices, type BuilderTab, YieldCustomBuilder } from "./YieldCustomBuilder.tsx";

export interface YieldCustomTabsProps extends BuilderChoices {
  tabs: BuilderTab[];
  saveUrl: string;
  /** a tab's page is this followed by its id */
  tabHref: string;
}

/** A new tab's id: its name in lower case and dashes, unique among the caller's. */
function newId(name: string, taken: string[]): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 32) || "tab";
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

export default function YieldCustomTabs(props: YieldCustomTabsProps) {
  const [tabs, setTabs] = useState(props.tabs);
  const [editing, setEditing] = useState<BuilderTab | null>(null);
  const [deleting, setDeleting] = useState<BuilderTab | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (list: { id: string; name: string }[], id: string) =>
    list.find((x) => x.id === id)?.name ?? id;

  const save = async (next: BuilderTab[], done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await api("POST", props.saveUrl, { tabs: next });
      setTabs(next);
      toast("success", done);
      return true;
    } catch {
      return false; // the api client toasted why
    } finally {
      setBusy(false);
    }
  };
  const blank = (): BuilderTab => ({
    id: "",
    name: "",
    metricKeys: [],
    groupBy: "date",
    aggregation: 0,
    chartType: "line",
  });
  const saveTab = async (tab: BuilderTab) => {
    const isNew = !tab.id;
    const saved = isNew ? { ...tab, id: newId(tab.name, tabs.map((t) => t.id)) } : tab;
    const next = isNew ? [...tabs, saved] : tabs.map((t) => (t.id === tab.id ? saved : t));
    const ok = await save(
      next,
      isNew ? `The tab “${saved.name}” was added.` : `The tab “${saved.name}” was saved.`,
    );
    if (ok) setEditing(null);
    return ok;
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...tabs];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    void save(next, "The tabs were reordered.");
  };
  const describe = (t: BuilderTab) =>
    `${t.metricKeys.length} ${t.metricKeys.length === 1 ? "metric" : "metrics"} by ${
      nameOf(props.groupings, t.groupBy).toLowerCase()
    }, ${t.aggregation === 1 ? "averaged" : "summed"}, ${
      nameOf(props.chartTypes, t.chartType).toLowerCase()
    }`;

  return (
    <div className="yc-tabs">
      {tabs.length === 0
        ? <p className="muted">You have no custom tabs yet. Add one to chart the metrics you follow.</p>
        : (
          <ol className="yc-tab-list" aria-label="Your custom tabs">
            {tabs.map((t, i) => (
              <li key={t.id} className="yc-tab-item">
                <div className="yc-tab-text">
                  <a href={`${props.tabHref}${t.id}`}>{t.name}</a>
                  <span className="muted small">{describe(t)}</span>
                </div>
                <div className="yc-tab-actions">
                  <Button
                    variant="ghost"
                    disabled={busy || i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move ${t.name} up`}
                  >
                    Up
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={busy || i === tabs.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move ${t.name} down`}
                  >
                    Down
                  </Button>
                  <Button onClick={() => setEditing(t)} disabled={busy} aria-label={`Edit ${t.name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => setDeleting(t)}
                    disabled={busy}
                    aria-label={`Delete ${t.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      <Button variant="primary" onClick={() => setEditing(blank())} disabled={busy || tabs.length >= 20}>
        Add a tab
      </Button>
      {editing && (
        <YieldCustomBuilder
          initial={editing}
          choices={props}
          onSave={saveTab}
          onCancel={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this tab?"
          confirmLabel="Delete tab"
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const gone = deleting;
            if (await save(tabs.filter((t) => t.id !== gone.id), `The tab “${gone.name}” was deleted.`)) {
              setDeleting(null);
            }
          }}
        >
          <p>“{deleting.name}” goes from your custom tabs. Its metrics stay, for any other tab.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
