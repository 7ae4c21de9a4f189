/**
 * The skin room's count sheet for a production day (spec 2 §7.2 UpsertSkinCountForOrdersForDate): a row
 * per order killed that day, a box per grade. The row's total is checked against the head processed as
 * people type; "Rest grade 1" fills grade 1 with what is left; Enter moves down the column. Save sends the
 * changed rows at once (all or nothing); a refused row is marked with the server's words. Rows on a
 * published or finalised invoice are read-only.
 */
import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { api, ApiError } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { countProblems, countTotal, gradeLabel, SKIN_GRADES } from "../../server/areas/skins/rules.ts";

export interface SkinCountRow {
  livestockOrderId: number;
  lotReference: string;
  supplierName: string;
  speciesCategory: string;
  totalToProcess: number;
  counts: Record<string, number>;
  lastModified: string | null;
  /** set when the order's invoice for the day is published or finalised */
  lockedBy: string | null;
}

export interface SkinCountSheetProps {
  url: string;
  productionDate: string;
  /** "skins" or "hides" */
  word: string;
  rows: SkinCountRow[];
}

type Draft = Record<number, Record<string, string>>;

const draftOf = (rows: SkinCountRow[]): Draft =>
  Object.fromEntries(rows.map((r) => [
    r.livestockOrderId,
    Object.fromEntries(SKIN_GRADES.map((g) => [g, r.counts[g] ? String(r.counts[g]) : ""])),
  ]));

const numbers = (d: Record<string, string>) =>
  Object.fromEntries(SKIN_GRADES.map((g) => [g, d[g] === "" ? 0 : Number(d[g])]));

export default function SkinCountSheet(props: SkinCountSheetProps) {
  const [rows, setRows] = useState(props.rows);
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.rows));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const saved = useMemo(() => draftOf(rows), [rows]);
  const changed = rows.filter((r) =>
    SKIN_GRADES.some((g) => draft[r.livestockOrderId][g] !== saved[r.livestockOrderId][g])
  );
  const problemOf = (r: SkinCountRow) => {
    const d = draft[r.livestockOrderId];
    if (SKIN_GRADES.some((g) => d[g] !== "" && !/^\d{1,6}$/.test(d[g]))) return "Whole numbers only.";
    return countProblems(numbers(d), r.totalToProcess, props.word);
  };
  const blocked = changed.some((r) => problemOf(r) !== null);

  useEffect(() => { // leaving with unsaved counts asks first
    const warn = (e: BeforeUnloadEvent) => {
      if (changed.length) e.preventDefault();
    };
    addEventListener("beforeunload", warn);
    return () => removeEventListener("beforeunload", warn);
  }, [changed.length]);

  const set = (orderId: number, grade: string, value: string) =>
    setDraft((d) => ({ ...d, [orderId]: { ...d[orderId], [grade]: value.replace(/[^\d]/g, "") } }));

  const restAsGradeOne = (r: SkinCountRow) => {
    const d = draft[r.livestockOrderId];
    const others = countTotal(numbers({ ...d, "1": "" }));
    set(r.livestockOrderId, "1", String(Math.max(0, r.totalToProcess - others)));
  };

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await api<
        { livestockOrderId: number; counts: Record<string, number>; lastModified: string | null }[]
      >(
        "POST",
        props.url,
        {
          productionDate: props.productionDate,
          countRecords: changed.map((r) => ({
            livestockOrderId: r.livestockOrderId,
            counts: numbers(draft[r.livestockOrderId]),
            lastModified: r.lastModified,
          })),
        },
      );
      const byOrder = new Map(answer.map((a) => [a.livestockOrderId, a]));
      const next = rows.map((r) => {
        const a = byOrder.get(r.livestockOrderId);
        return a ? { ...r, counts: a.counts, lastModified: a.lastModified } : r;
      });
      setRows(next);
      setDraft(draftOf(next));
      toast(
        "success",
        `The ${props.word} of ${changed.length} ${changed.length === 1 ? "lot were" : "lots were"} saved.`,
      );
    } catch (e) {
      if (e instanceof ApiError) {
        const out: Record<number, string> = {};
        for (const err of e.errors) {
          const i = Number(/^countRecords\.(\d+)/.exec(err.field)?.[1]);
          if (Number.isInteger(i) && changed[i]) out[changed[i].livestockOrderId] = err.message;
        }
        setErrors(out);
      }
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const [row, col] = (e.currentTarget.dataset.cell ?? "").split(":").map(Number);
    const next = document.querySelector<HTMLInputElement>(
      `[data-cell="${row + (e.shiftKey ? -1 : 1)}:${col}"]`,
    );
    next?.focus();
    next?.select();
  };

  if (!rows.length) return <p className="muted">No {props.word} to count: nothing was killed that day.</p>;
  return (
    <form
      className="skin-sheet"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed.length && !blocked) void save();
      }}
    >
      <div className="table-wrap">
        <table className="table table-compact">
          <thead>
            <tr>
              <th>Lot</th>
              <th>Supplier</th>
              {SKIN_GRADES.map((g) => <th key={g} className="num">{gradeLabel(g)}</th>)}
              <th className="num">Counted</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const d = draft[r.livestockOrderId];
              const total = countTotal(numbers(d));
              const problem = errors[r.livestockOrderId] ?? problemOf(r);
              const who = `${r.lotReference || `order ${r.livestockOrderId}`}`;
              return (
                <tr key={r.livestockOrderId} className={problem ? "is-invalid" : undefined}>
                  <td>
                    <strong className="nowrap">{r.lotReference || "—"}</strong>
                    <div className="muted small">{r.speciesCategory}</div>
                  </td>
                  <td>
                    {r.supplierName}
                    {problem && <div className="field-error" role="alert">{problem}</div>}
                    {r.lockedBy && <div className="muted small">{r.lockedBy}</div>}
                  </td>
                  {SKIN_GRADES.map((g, col) => (
                    <td key={g} className="num">
                      <input
                        className="input skin-count"
                        inputMode="numeric"
                        aria-label={`${gradeLabel(g)}, lot ${who}`}
                        data-cell={`${i}:${col}`}
                        value={d[g]}
                        disabled={!hydrated || Boolean(r.lockedBy)}
                        onChange={(e) => set(r.livestockOrderId, g, e.currentTarget.value)}
                        onKeyDown={onKeyDown}
                        onFocus={(e) => e.currentTarget.select()}
                      />
                    </td>
                  ))}
                  <td className="num">
                    <span
                      className={total === r.totalToProcess ? "badge badge-success" : "badge badge-muted"}
                    >
                      {total} / {r.totalToProcess}
                    </span>
                    {!r.lockedBy && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={!hydrated}
                        onClick={() => restAsGradeOne(r)}
                        aria-label={`Rest as 1: count the rest of lot ${who} as grade 1`}
                      >
                        Rest as 1
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          busy={busy}
          disabled={!hydrated || !changed.length || blocked}
        >
          Save counts
        </Button>
        <span className="muted small" aria-live="polite">
          {changed.length
            ? `${changed.length} ${changed.length === 1 ? "lot" : "lots"} changed, not saved`
            : "All saved"}
        </span>
      </div>
    </form>
  );
}
