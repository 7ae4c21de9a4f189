/**
 * The demo data load (issue 43 item 3): a set, an option and the filters, loaded a day at a time so the
 * screen shows its progress; a purge asks first. Errors toast through the api client; the result toasts
 * on the reloaded page, whose table then shows the organisation's rows.
 */
import { type FormEvent, useEffect, useState } from "react";
import { apiPost } from "../runtime/api.ts";
import { toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import {
  DEFAULT_DEMO_OPTION,
  DEMO_OPTION_HELP,
  DEMO_OPTIONS,
  type DemoOption,
  FILTER_LIMITS,
} from "../../server/areas/super/demoData/rules.ts";

export interface DemoDataLoadProps {
  url: string;
  tenantId: number;
  tenantName: string;
  sets: { id: number; group: string; name: string; description: string }[];
  /** why a purge would be refused here (null: it would not) */
  purgeRefusal: string | null;
}

interface Answer {
  removed: number;
  added: number;
  updated: number;
  unchanged: number;
  total: number;
  /** what the day added behind the rows (the load's last days at a processor) */
  killFloor?: { carcasses: number; cartons: number };
}

const OPTIONS = [3, 1, 2] as const;
const nf = (n: number) => n.toLocaleString("en-AU");

export default function DemoDataLoad(props: DemoDataLoadProps) {
  const [setId, setSetId] = useState(String(props.sets[0]?.id ?? ""));
  const [option, setOption] = useState<DemoOption>(DEFAULT_DEMO_OPTION);
  const [filters, setFilters] = useState({
    productsPerDay: "5",
    maxDays: "7",
    cutId: "1",
    rowsToProcess: "",
  });
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ day: number; of: number } | null>(null);
  // the button waits for the script: clicked before it, the form would submit natively and reload the page
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const chosen = props.sets.find((s) => String(s.id) === setId);
  const groups = [...new Set(props.sets.map((s) => s.group))];

  const run = async () => {
    setConfirming(false);
    const maxDays = Number(filters.maxDays);
    const body = {
      tenantId: props.tenantId,
      setId: Number(setId),
      option,
      productsPerDay: Number(filters.productsPerDay),
      maxDays,
      cutId: Number(filters.cutId),
      rowsToProcess: filters.rowsToProcess.trim() === "" ? null : Number(filters.rowsToProcess),
    };
    const sum: Answer = { removed: 0, added: 0, updated: 0, unchanged: 0, total: 0 };
    const floor = { carcasses: 0, cartons: 0 };
    try {
      for (let day = 1; day <= maxDays; day++) {
        setProgress({ day, of: maxDays });
        const a = await apiPost<Answer>(props.url, { ...body, onlyDay: day });
        sum.removed += a.removed;
        sum.added += a.added;
        sum.updated += a.updated;
        sum.unchanged += a.unchanged;
        sum.total = a.total;
        floor.carcasses += a.killFloor?.carcasses ?? 0;
        floor.cartons += a.killFloor?.cartons ?? 0;
      }
    } catch {
      setProgress(null); // the api client has toasted the error
      return;
    }
    const words = [
      sum.removed ? `${nf(sum.removed)} removed` : "",
      `${nf(sum.added)} added`,
      option === 3 ? `${nf(sum.updated)} updated, ${nf(sum.unchanged)} unchanged` : "",
    ].filter(Boolean).join(", ");
    toastOnNextPage(
      "success",
      `${chosen?.name ?? "The set"} loaded: ${words}; ${nf(sum.total)} demo rows now.` +
        (floor.carcasses
          ? ` ${nf(floor.carcasses)} carcasses on the kill floor, ${nf(floor.cartons)} cartons boned.`
          : ""),
    );
    globalThis.location?.reload();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (option === 2) setConfirming(true);
    else void run();
  };
  const field = (name: keyof typeof filters, label: string, help?: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        name={name}
        type="number"
        min={1}
        max={FILTER_LIMITS[name]}
        step={1}
        required={name !== "rowsToProcess"}
        placeholder={name === "rowsToProcess" ? "All rows" : undefined}
        value={filters[name]}
        onChange={(e) => setFilters({ ...filters, [name]: e.currentTarget.value })}
        disabled={progress !== null}
      />
      {help && <span className="muted small">{help}</span>}
    </label>
  );

  return (
    <form className="demo-load" onSubmit={onSubmit} aria-busy={progress !== null}>
      <label className="field">
        <span className="field-label">Data set</span>
        <select
          className="input"
          name="setId"
          value={setId}
          onChange={(e) => setSetId(e.currentTarget.value)}
          disabled={progress !== null}
        >
          {groups.map((g) => (
            <optgroup key={g} label={g}>
              {props.sets.filter((s) => s.group === g).map((s) => (
                <option key={s.id} value={s.id}>{s.id} · {s.name}</option>
              ))}
            </optgroup>
          ))}
        </select>
        {chosen && <span className="muted small">{chosen.description}</span>}
      </label>
      <fieldset className="demo-options" disabled={progress !== null}>
        <legend>How to load</legend>
        {OPTIONS.map((o) => (
          <label key={o} className="demo-option">
            <input
              type="radio"
              name="option"
              value={o}
              checked={option === o}
              onChange={() => setOption(o)}
              disabled={o === 2 && props.purgeRefusal !== null}
            />{" "}
            <strong>{DEMO_OPTIONS[o]}</strong>
            {o === DEFAULT_DEMO_OPTION && " (default)"}{" "}
            <span className="muted small">{DEMO_OPTION_HELP[o]}</span>
          </label>
        ))}
        {props.purgeRefusal && <p className="muted small">Purge and create: {props.purgeRefusal}</p>}
      </fieldset>
      <div className="demo-filters">
        {field("productsPerDay", "Products per day")}
        {field("maxDays", "Max days")}
        {field("cutId", "Cut id", "The first day's cut; the next products count up from it.")}
        {field("rowsToProcess", "Rows to process", "Empty: all rows.")}
      </div>
      {progress && (
        <div className="demo-progress" role="status">
          <progress max={progress.of} value={progress.day - 1} aria-label="Demo data load progress" />{" "}
          Loading day {progress.day} of {progress.of}…
        </div>
      )}
      {confirming
        ? (
          <div className="action-ask" role="alertdialog" aria-label="Confirm purge">
            <span>Every demo row of {props.tenantName} is removed first. Purge and create?</span>
            <Button type="button" variant="primary" onClick={() => void run()}>Purge and create</Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>Back</Button>
          </div>
        )
        : (
          <Button type="submit" variant="primary" busy={progress !== null} disabled={!hydrated}>
            Load demo data
          </Button>
        )}
    </form>
  );
}
