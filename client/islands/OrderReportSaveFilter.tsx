/**
 * Save the order report's current filter and columns under a name (the user's own saved filters): the
 * whole list goes to SaveOrderReportFilters, a filter of the same name is replaced, then a toast and the
 * page again (where the saved filter is listed). Starts when reached for.
 */
import { type FormEvent, useState } from "react";
import { api } from "../runtime/api.ts";
import { toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";

interface Saved {
  name: string;
  [field: string]: unknown;
}

export interface OrderReportSaveFilterProps {
  url: string;
  saved: Saved[];
  current: Record<string, unknown>;
}

export default function OrderReportSaveFilter({ url, saved, current }: OrderReportSaveFilterProps) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const replaces = saved.some((s) => s.name.toLowerCase() === trimmed.toLowerCase());

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    setBusy(true);
    const others = saved.filter((s) => s.name.toLowerCase() !== trimmed.toLowerCase());
    try {
      await api("POST", url, { filters: [...others, { ...current, name: trimmed }] });
      toastOnNextPage("success", `The filter “${trimmed}” was saved.`);
      globalThis.location?.reload();
    } catch {
      setBusy(false); // the api client has toasted the error
    }
  };

  return (
    <form className="or-save inline-form" onSubmit={onSubmit} aria-label="Save this filter">
      <label htmlFor="or-save-name">Save this filter as</label>
      <input
        id="or-save-name"
        className="input"
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="e.g. Beef this month"
      />
      <Button type="submit" busy={busy} disabled={!trimmed}>{replaces ? "Replace" : "Save"}</Button>
    </form>
  );
}
