/**
 * Yield reprocessing per client (spec 3 §4, §5, §8): choose the client, species and days (1 to 21,
 * counted inclusively), count its boning runs and summaries, then its carcasses and cartons, then
 * reprocess with those counts; the days done show as they go. The buttons wait while the range is
 * invalid or a request runs, and Reprocess also while the client's interchange is not available. A
 * failure shows 'Error occurred!' and then whether the interchange answers.
 */
import { useEffect, useState } from "react";
import { ApiError, apiGet, apiPost, localClockHeaders } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { Field, SelectInput, TextInput } from "../ui/Field.tsx";
import {
  COUNT_LABELS,
  ERROR_OCCURRED,
  INTERCHANGE_UNAVAILABLE,
  RANGE_HINT,
  rangeDays,
  rangeProblem,
  type ReprocessCounts,
} from "../../server/areas/super/yieldReprocess/rules.ts";

export interface YieldReprocessProps {
  clients: { tenantId: number; tenantName: string; species: { id: number; name: string }[] }[];
  /** whether each client's interchange is available, by organisation */
  available: Record<string, boolean>;
  fromDate: string;
  toDate: string;
  urls: {
    countAllocations: string;
    countMembers: string;
    request: string;
    info: string;
    productCodes: string;
  };
}

type Result = { reprocessedSummarys: number; days: number; responseTimes: { totalSeconds: number } };
type Busy = null | "counting" | "checking" | { done: number; total: number };

const NDJSON = "application/x-ndjson";

/** The request, its progress lines read as they arrive; the result, or the catalogue error thrown. */
async function reprocess(url: string, body: unknown, onDay: (done: number, total: number) => void) {
  const res = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      Accept: NDJSON,
      "Content-Type": "application/json",
      "X-Api-Version": "1",
      ...localClockHeaders(),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) {
    const e = await res.json().catch(() => ({}));
    throw new Error(e.message || `The server answered ${res.status}.`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) text += value;
    let end;
    while ((end = text.indexOf("\n")) >= 0) {
      const line = JSON.parse(text.slice(0, end));
      text = text.slice(end + 1);
      if (line.type === "progress") onDay(line.done, line.total);
      else if (line.type === "result") return line as Result;
      else throw new Error(line.message || "The reprocessing failed.");
    }
    if (done) throw new Error("The answer broke off before the end.");
  }
}

export default function YieldReprocess(props: YieldReprocessProps) {
  const first = props.clients[0];
  const [tenantId, setTenant] = useState(first ? String(first.tenantId) : "");
  const client = props.clients.find((c) => String(c.tenantId) === tenantId);
  const [speciesId, setSpecies] = useState(first?.species[0] ? String(first.species[0].id) : "");
  const [productCodeId, setProductCode] = useState("");
  const [codes, setCodes] = useState<{ id: number; code: string; description: string }[]>([]);
  const [from, setFrom] = useState(props.fromDate);
  const [to, setTo] = useState(props.toDate);
  const [available, setAvailable] = useState(props.available);
  const [busy, setBusy] = useState<Busy>(null);
  const [counts, setCounts] = useState<ReprocessCounts | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [failure, setFailure] = useState<{ message: string; ping?: string } | null>(null);

  const problem = rangeProblem(from, to);
  const isAvailable = available[tenantId] === true;
  const range = {
    tenantId: Number(tenantId),
    speciesId: Number(speciesId),
    fromDate: from,
    toDate: to,
    ...(productCodeId ? { productCodeId: Number(productCodeId) } : {}),
  };
  const ready = Boolean(client && speciesId) && !problem && busy === null;
  // a changed choice needs counting again
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setCounts(null);
    setResult(null);
    setFailure(null);
  };

  // the chooser lists the client's codes of the species; a new client or species starts at 'All products'
  useEffect(() => {
    setProductCode("");
    setCodes([]);
    if (!tenantId || !speciesId) return;
    let current = true;
    const query = new URLSearchParams({ tenantId, speciesId });
    apiGet<typeof codes>(`${props.urls.productCodes}?${query}`, { silent: true })
      .then((rows) => current && setCodes(rows))
      .catch(() => current && setCodes([]));
    return () => {
      current = false;
    };
  }, [tenantId, speciesId]);

  const recheck = async () => {
    setBusy("checking");
    try {
      const info = await apiGet<
        { interchangeClientStatus: { tenants: { tenantId: number; isAvailable: boolean }[] } }
      >(
        props.urls.info,
        { silent: true },
      );
      const next = Object.fromEntries(
        info.interchangeClientStatus.tenants.map((t) => [String(t.tenantId), t.isAvailable]),
      );
      setAvailable(next);
      return next[tenantId] === true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };

  const fail = async (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    setFailure({ message });
    const up = await recheck();
    setFailure({ message, ping: up ? "Interchange is available." : "Interchange NOT available." });
  };

  const count = async () => {
    setBusy("counting");
    setFailure(null);
    setResult(null);
    try {
      const a = await apiPost<Pick<ReprocessCounts, "allocations" | "summaries">>(
        props.urls.countAllocations,
        range,
        { silent: true },
      );
      const m = await apiPost<Pick<ReprocessCounts, "carcasses" | "products">>(
        props.urls.countMembers,
        range,
        {
          silent: true,
        },
      );
      setCounts({ ...a, ...m });
      setBusy(null);
    } catch (error) {
      setBusy(null);
      await fail(error instanceof ApiError ? new Error(error.message) : error);
    }
  };

  const run = async () => {
    if (!counts) return;
    setBusy({ done: 0, total: rangeDays(from, to) });
    setFailure(null);
    try {
      const answer = await reprocess(
        props.urls.request,
        { ...range, counts },
        (done, total) => setBusy({ done, total }),
      );
      setResult(answer);
      setCounts(null);
      setBusy(null);
      toast("success", `${answer.reprocessedSummarys.toLocaleString("en-AU")} yield summaries were rebuilt.`);
    } catch (error) {
      setBusy(null);
      await fail(error);
    }
  };

  if (!props.clients.length) {
    return <p className="muted">No organisation allows yield reprocessing during onboarding.</p>;
  }
  const progress = busy && typeof busy === "object" ? busy : null;
  return (
    <div className="yield-reprocess">
      <div className="form-grid">
        <Field id="yr-client" label="Client">
          <SelectInput
            id="yr-client"
            name="tenantId"
            value={tenantId}
            required
            onValue={change((v) => {
              setTenant(v);
              const c = props.clients.find((x) => String(x.tenantId) === v);
              setSpecies(c?.species[0] ? String(c.species[0].id) : "");
            })}
            options={props.clients.map((c) => ({ value: String(c.tenantId), label: c.tenantName }))}
          />
        </Field>
        <Field id="yr-species" label="Species">
          <SelectInput
            id="yr-species"
            name="speciesId"
            value={speciesId}
            required
            onValue={change(setSpecies)}
            options={(client?.species ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          />
        </Field>
        <Field id="yr-product" label="Product code">
          <SelectInput
            id="yr-product"
            name="productCodeId"
            value={productCodeId}
            onValue={change(setProductCode)}
            placeholder="All products"
            options={codes.map((c) => ({ value: String(c.id), label: `${c.code} · ${c.description}` }))}
          />
        </Field>
        <Field id="yr-from" label="From">
          <TextInput id="yr-from" name="fromDate" type="date" value={from} onValue={change(setFrom)} />
        </Field>
        <Field id="yr-to" label="To" error={problem ? `${problem} ${RANGE_HINT}` : undefined}>
          <TextInput
            id="yr-to"
            name="toDate"
            type="date"
            value={to}
            onValue={change(setTo)}
            invalid={Boolean(problem)}
          />
        </Field>
      </div>
      {!problem && <p className="muted small">{rangeDays(from, to)} days, counted inclusively.</p>}
      {!isAvailable && (
        <p className="alert alert-warning" role="status">
          {INTERCHANGE_UNAVAILABLE}{" "}
          <Button onClick={recheck} busy={busy === "checking"} disabled={busy !== null}>Check again</Button>
        </p>
      )}
      <div className="actions">
        <Button onClick={count} disabled={!ready} busy={busy === "counting"}>Count</Button>
        <Button
          variant="primary"
          onClick={run}
          disabled={!ready || !counts || !isAvailable}
          busy={Boolean(progress)}
        >
          Reprocess
        </Button>
      </div>
      {counts && (
        <dl className="facts" aria-label="Counts">
          {(Object.keys(COUNT_LABELS) as (keyof ReprocessCounts)[]).map((k) => (
            <div key={k}>
              <dt>{COUNT_LABELS[k]}</dt>
              <dd>{counts[k].toLocaleString("en-AU")}</dd>
            </div>
          ))}
        </dl>
      )}
      {progress && (
        <p role="status">
          <progress max={progress.total} value={progress.done} aria-label="Days reprocessed" />{" "}
          {progress.done} of {progress.total} days reprocessed
        </p>
      )}
      {result && (
        <p className="alert alert-success" role="status">
          {result.reprocessedSummarys.toLocaleString("en-AU")} yield summaries rebuilt over {result.days}{" "}
          days in {result.responseTimes.totalSeconds} seconds.
        </p>
      )}
      {failure && (
        <div className="alert alert-error" role="alert">
          <strong>{ERROR_OCCURRED}</strong> {failure.message}
          {failure.ping && <div>{failure.ping}</div>}
        </div>
      )}
    </div>
  );
}
