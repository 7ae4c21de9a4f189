/**
 * The carcass data upload (issue 15, "file upload"): a plant's CSV or JSON file of kill floor records.
 * Choose a file (or drop it on the box) → for a CSV, match our fields to its columns (first guessed from
 * the names; the first rows show under each choice; Upload waits until every required field has a column)
 * → the upload, with the bytes sent and then the server's reading, checking and saving in words and a bar
 * → the result, or the rejected file's rows in error (nothing was saved).
 *
 * Renders the same on the server and on the first client render (the choose step; buttons wait for
 * hydration). The file's first 64 KB is all the browser reads; the server reads the rest.
 */
import { type DragEvent, useEffect, useRef, useState } from "react";
import { type CarcassFieldKey, mappingProblems, suggestMapping } from "../../server/areas/killFloor/rules.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { type Chosen, readChosen } from "./carcassUpload/file.ts";
import { type Mapping, MappingTable } from "./carcassUpload/Mapping.tsx";
import { RejectedStep } from "./carcassUpload/Rejected.tsx";
import { sendFile, type Sending } from "./carcassUpload/send.ts";
import {
  auDate,
  type ImportResult,
  type Phase,
  phaseShare,
  phaseText,
  plural,
  type Rejection,
  resultText,
  sizeText,
} from "./carcassUpload/words.ts";
import { pctClass } from "../ui/inlineFree.ts";

export interface CarcassUploadProps {
  /** the UploadCarcassFile endpoint */
  uploadUrl: string;
  /** the largest file the endpoint takes, bytes */
  maxBytes: number;
  /** the kill floor day screen (the result links to its days), or null when the caller cannot open it */
  dayPath: string | null;
}

type State =
  | { step: "choose"; problem?: string }
  | { step: "ready"; chosen: Chosen; mapping: Mapping }
  | { step: "sending"; chosen: Chosen; mapping: Mapping; phase: Phase }
  | { step: "done"; chosen: Chosen; mapping: Mapping; result: ImportResult }
  | { step: "rejected"; chosen: Chosen; mapping: Mapping; error: Rejection };

/** The first guess for a new file; choices made by hand for an earlier file stay where its columns exist. */
function mappingFor(headers: readonly string[], earlier: Mapping | null): Mapping {
  const mapping: Mapping = suggestMapping(headers);
  for (const [key, column] of Object.entries(earlier ?? {}) as [CarcassFieldKey, string][]) {
    if (column === "" || headers.includes(column)) mapping[key] = column;
  }
  return mapping;
}

const BOX_ID = "cu-file";

export default function CarcassUpload({ uploadUrl, maxBytes, dayPath }: CarcassUploadProps) {
  const [state, setState] = useState<State>({ step: "choose" });
  const [hydrated, setHydrated] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const sending = useRef<Sending | null>(null);
  useEffect(() => setHydrated(true), []);

  const busy = state.step === "sending";
  useEffect(() => {
    if (!busy) return;
    const stay = (e: BeforeUnloadEvent) => e.preventDefault();
    globalThis.addEventListener("beforeunload", stay);
    return () => globalThis.removeEventListener("beforeunload", stay);
  }, [busy]);
  // the result or the errors take the focus: a keyboard or screen reader user lands on them
  useEffect(() => {
    if (state.step === "done" || state.step === "rejected") outcome.current?.focus();
  }, [state.step]);

  const earlierMapping = "mapping" in state ? state.mapping : null;

  const choose = async (file: File | undefined) => {
    if (!file || busy) return;
    const chosen = await readChosen(file, maxBytes);
    if (typeof chosen === "string") return setState({ step: "choose", problem: chosen });
    setState({
      step: "ready",
      chosen,
      mapping: chosen.format === "csv" ? mappingFor(chosen.headers, earlierMapping) : {},
    });
  };

  const setColumn = (key: CarcassFieldKey, column: string) =>
    setState((s) => (s.step === "ready" ? { ...s, mapping: { ...s.mapping, [key]: column } } : s));

  const upload = async (chosen: Chosen, mapping: Mapping) => {
    const form = new FormData();
    form.append("file", chosen.file, chosen.file.name);
    form.append("format", chosen.format);
    if (chosen.format === "csv") {
      form.append(
        "mapping",
        JSON.stringify(Object.fromEntries(Object.entries(mapping).filter(([, c]) => c))),
      );
    }
    setState({
      step: "sending",
      chosen,
      mapping,
      phase: { stage: "upload", loaded: 0, total: chosen.file.size },
    });
    const send = sendFile(
      uploadUrl,
      form,
      (phase) => setState((s) => (s.step === "sending" ? { ...s, phase } : s)),
    );
    sending.current = send;
    const answer = await send.done;
    sending.current = null;
    if (answer.type === "result") {
      toast("success", resultText(answer));
      setState({ step: "done", chosen, mapping, result: answer });
    } else {
      setState({ step: "rejected", chosen, mapping, error: answer });
    }
  };

  const onDrag = (e: DragEvent<HTMLDivElement>) => {
    if (!hydrated || busy || !e.dataTransfer.types.includes("Files")) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  };

  const chosen = "chosen" in state ? state.chosen : null;
  const problems = state.step === "ready" && state.chosen.format === "csv"
    ? mappingProblems(state.mapping)
    : [];

  return (
    <div className="cu" aria-busy={busy || undefined}>
      <div
        className="cu-drop"
        onDragEnter={onDrag}
        onDragOver={onDrag}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
      >
        <input
          ref={input}
          id={BOX_ID}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = ""; // the same file chosen again is a change too
            void choose(file);
          }}
        />
        <Button
          variant={chosen ? "default" : "primary"}
          disabled={!hydrated || busy}
          onClick={() => input.current?.click()}
          aria-describedby="cu-drop-help"
          data-action="choose"
        >
          {chosen ? "Choose another file" : "Choose a file"}
        </Button>
        <div id="cu-drop-help" className="cu-drop-help">
          {chosen
            ? (
              <span data-chosen>
                <strong>{chosen.file.name}</strong>{" "}
                <span className="muted">
                  {chosen.format.toUpperCase()} · {sizeText(chosen.file.size)}
                </span>
              </span>
            )
            : <span>A CSV or JSON file of carcass records, up to {sizeText(maxBytes)}.</span>}
          <div className="muted small">Or drop the file on this box.</div>
        </div>
      </div>

      {state.step === "choose" && state.problem && (
        <p className="banner banner-error" role="alert">{state.problem}</p>
      )}

      {state.step === "ready" && (
        <ReadyStep
          chosen={state.chosen}
          mapping={state.mapping}
          problems={problems}
          onColumn={setColumn}
          onUpload={() => void upload(state.chosen, state.mapping)}
        />
      )}

      {state.step === "sending" && <Progress phase={state.phase} onCancel={() => sending.current?.abort()} />}

      {state.step === "done" && (
        <div
          ref={outcome}
          tabIndex={-1}
          className="banner banner-success"
          role="status"
          data-outcome="done"
        >
          <p className="u-flush">
            <strong>{resultText(state.result)}</strong>
          </p>
          {state.result.completedOrderIds.length > 0 && (
            <p className="u-space-top">
              {plural(state.result.completedOrderIds.length, "order")} now{" "}
              {state.result.completedOrderIds.length === 1 ? "has" : "have"} every head accounted for.
            </p>
          )}
          <p className="cu-links">
            {dayPath &&
              state.result.productionDates.slice(0, 7).map((d) => (
                <a key={d} href={`${dayPath}?date=${d}`}>See the kill floor for {auDate(d)}</a>
              ))}
            <Button variant="ghost" onClick={() => globalThis.location.reload()} data-action="refresh">
              Refresh the recent imports
            </Button>
          </p>
        </div>
      )}

      {state.step === "rejected" && (
        <RejectedStep
          ref={outcome}
          chosen={state.chosen}
          mapping={state.mapping}
          error={state.error}
          onRetry={() => void upload(state.chosen, state.mapping)}
        />
      )}
    </div>
  );
}

function ReadyStep({ chosen, mapping, problems, onColumn, onUpload }: {
  chosen: Chosen;
  mapping: Mapping;
  problems: string[];
  onColumn: (key: CarcassFieldKey, column: string) => void;
  onUpload: () => void;
}) {
  return (
    <section aria-labelledby="cu-step-title" className="cu-step">
      {chosen.format === "csv"
        ? (
          <>
            <div>
              <h3 id="cu-step-title" className="u-flush">Match the columns</h3>
              <p className="hint u-space-top">
                For each of our fields, choose the column of your file that holds it. We guessed from the
                column names: check the first rows shown beside each choice.
              </p>
            </div>
            <MappingTable
              headers={chosen.headers}
              preview={chosen.preview}
              mapping={mapping}
              onChange={onColumn}
            />
          </>
        )
        : (
          <div>
            <h3 id="cu-step-title" className="u-flush">Ready to upload</h3>
            <p className="hint u-space-top">
              A JSON file needs no matching: each record's names are our field names (see the JSON template).
            </p>
          </div>
        )}
      {problems.length > 0 && (
        <ul
          className="banner banner-warning cu-problems"
          id="cu-problems"
          aria-live="polite"
        >
          {problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
      <div className="form-actions">
        <Button
          variant="primary"
          disabled={problems.length > 0}
          aria-describedby={problems.length ? "cu-problems" : undefined}
          onClick={onUpload}
          data-action="upload"
        >
          Upload {chosen.file.name}
        </Button>
      </div>
    </section>
  );
}

function Progress({ phase, onCancel }: { phase: Phase; onCancel: () => void }) {
  const share = Math.round(phaseShare(phase) * 100);
  const text = phaseText(phase);
  return (
    <section aria-label="Upload progress" className="cu-step" data-stage={phase.stage}>
      <p className="u-flush" aria-live="polite" data-progress-text>
        <strong>{text}</strong>
      </p>
      <div
        className="yard-bar bar-tall bar-fill-moving"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-valuetext={text}
      >
        <span className={pctClass(share)} />
      </div>
      {phase.stage === "upload" && (
        <div>
          <Button onClick={onCancel} data-action="cancel">Cancel</Button>
        </div>
      )}
    </section>
  );
}
