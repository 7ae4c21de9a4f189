/**
 * The metric builder dialog of the custom metric tabs (spec 3 §2.1 "a cog and a metric builder dialog"):
 * a name, one to six metrics from the caller's enumeration grouped by theme, a grouping, Sum or Average
 * and a chart type. A component of the YieldCustomTabs island, not an island of its own: it opens as a
 * modal dialog, Escape or Cancel closes it, and it stays open (the error toasted) when a save fails.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../ui/Button.tsx";

export interface BuilderTab {
  id: string;
  name: string;
  metricKeys: number[];
  groupBy: string;
  aggregation: 0 | 1;
  chartType: string;
}

export interface BuilderChoices {
  metrics: { key: number; name: string; unit: string; theme: string }[];
  themes: { id: string; name: string }[];
  groupings: { id: string; name: string }[];
  chartTypes: { id: string; name: string }[];
  maxMetrics: number;
}

export function YieldCustomBuilder({ initial, choices, onSave, onCancel }: {
  initial: BuilderTab;
  choices: BuilderChoices;
  /** resolves true when saved (the dialog closes), false to stay open */
  onSave: (tab: BuilderTab) => Promise<boolean>;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [tab, setTab] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLInputElement>("input[name=name]")?.focus();
    return () => dialog?.close();
  }, []);
  const full = tab.metricKeys.length >= choices.maxMetrics;
  const toggle = (key: number, on: boolean) =>
    setTab((t) => ({
      ...t,
      metricKeys: on ? [...t.metricKeys, key] : t.metricKeys.filter((k) => k !== key),
    }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!tab.name.trim()) return setProblem("Give the tab a name.");
    if (!tab.metricKeys.length) return setProblem("Choose at least one metric.");
    setProblem("");
    setBusy(true);
    const saved = await onSave({ ...tab, name: tab.name.trim() });
    if (!saved) setBusy(false);
  };
  return (
    <dialog
      ref={ref}
      className="yc-builder"
      aria-labelledby={`${id}t`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h3 id={`${id}t`}>{initial.name ? `Edit “${initial.name}”` : "New custom tab"}</h3>
        {problem && <p className="form-error" role="alert">{problem}</p>}
        <label className="field">
          <span className="field-label">Name</span>
          <input
            name="name"
            className="input"
            value={tab.name}
            maxLength={60}
            required
            onChange={(e) => setTab({ ...tab, name: e.currentTarget.value })}
          />
        </label>
        <fieldset className="yc-builder-metrics">
          <legend>
            Metrics ({tab.metricKeys.length} of at most {choices.maxMetrics})
          </legend>
          {choices.themes.map((theme) => {
            const inTheme = choices.metrics.filter((m) => m.theme === theme.id);
            if (!inTheme.length) return null;
            return (
              <fieldset key={theme.id} className="yc-builder-theme">
                <legend>{theme.name}</legend>
                {inTheme.map((m) => {
                  const on = tab.metricKeys.includes(m.key);
                  return (
                    <label key={m.key} className="check">
                      <input
                        type="checkbox"
                        name="metricKeys"
                        value={m.key}
                        checked={on}
                        disabled={!on && full}
                        onChange={(e) => toggle(m.key, e.currentTarget.checked)}
                      />
                      {m.name} <span className="muted small">{m.unit}</span>
                    </label>
                  );
                })}
              </fieldset>
            );
          })}
        </fieldset>
        <div className="yc-builder-row">
          <label className="field">
            <span className="field-label">Grouping</span>
            <select
              name="groupBy"
              className="input select"
              value={tab.groupBy}
              onChange={(e) => setTab({ ...tab, groupBy: e.currentTarget.value })}
            >
              {choices.groupings.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
            </select>
          </label>
          <fieldset className="yc-builder-radios">
            <legend>Over the days</legend>
            {([[0, "Sum"], [1, "Average"]] as const).map(([value, name]) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name="aggregation"
                  value={value}
                  checked={tab.aggregation === value}
                  onChange={() =>
                    setTab({ ...tab, aggregation: value })}
                />
                {name}
              </label>
            ))}
          </fieldset>
          <fieldset className="yc-builder-radios">
            <legend>Chart</legend>
            {choices.chartTypes.map((c) => (
              <label key={c.id} className="check">
                <input
                  type="radio"
                  name="chartType"
                  value={c.id}
                  checked={tab.chartType === c.id}
                  onChange={() => setTab({ ...tab, chartType: c.id })}
                />
                {c.name}
              </label>
            ))}
          </fieldset>
        </div>
        <div className="confirm-dialog-buttons">
          <Button type="submit" variant="primary" busy={busy}>Save tab</Button>
          <Button onClick={onCancel} disabled={busy}>Cancel</Button>
        </div>
      </form>
    </dialog>
  );
}
