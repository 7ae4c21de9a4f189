/**
 * The initial data load (super › Initial data load): choose the filled-in template → the server checks
 * every row and answers a preview (counts, the rows with problems by row and column, the rows to check,
 * what each row will do; nothing written) → Load, confirmed, writes the good rows in one transaction →
 * a toast with the counts and what was loaded. The load sends the same file with the preview's
 * fingerprint, so what is loaded is what was previewed.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { api, ApiError } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { Field, helpId } from "../ui/Field.tsx";
import { formatHead } from "../../kernel/format.ts";
import { type Answer, countsText, NotesTable, OutcomesTable, type Preview } from "./initialLoad/Tables.tsx";

export interface InitialLoadProps {
  tenantId: number;
  tenantName: string;
  /** the API's kind (suppliers, stakeholders, buyers, transportCompanies) */
  kind: string;
  /** "supplier" / "suppliers" */
  one: string;
  many: string;
  /** rows are matched by name and PIC (suppliers, stakeholders), not by name alone */
  withPic: boolean;
  previewUrl: string;
  loadUrl: string;
  maxBytes: number;
  maxRows: number;
}

type State =
  | { step: "choose"; problems?: string[] }
  | { step: "checking"; file: File }
  | { step: "previewed"; file: File; preview: Preview; confirming: boolean }
  | { step: "loading"; file: File; preview: Preview }
  | { step: "loaded"; file: File; result: Answer };

const FILE_ID = "il-file";
/** a section given the focus so a screen reader reads it from its heading: not a control, no ring */

/** The server's refusal as the lines to show (a validation error lists one a problem). */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) {
    return ["The file could not be sent: check the connection and try again."];
  }
  return error.errors.length ? error.errors.map((e) => e.message) : [error.message];
}

export default function InitialLoad(props: InitialLoadProps) {
  const [state, setState] = useState<State>({ step: "choose" });
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLElement>(null);
  useEffect(() => setHydrated(true), []);
  // the preview or the result takes the focus: a keyboard or screen reader user lands on it
  useEffect(() => {
    if (state.step === "previewed" && !state.confirming) outcome.current?.focus();
    if (state.step === "loaded") outcome.current?.focus();
  }, [state.step]);

  const form = (file: File, digest?: string) => {
    const data = new FormData();
    data.set("tenantId", String(props.tenantId));
    data.set("kind", props.kind);
    if (digest) data.set("digest", digest);
    data.set("file", file, file.name);
    return data;
  };

  const check = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(csv|txt)$/i.test(file.name)) {
      return setState({
        step: "choose",
        problems: [
          `${file.name} is not a CSV file: in the spreadsheet choose Save As › CSV UTF-8, and choose that.`,
        ],
      });
    }
    if (file.size > props.maxBytes) {
      return setState({
        step: "choose",
        problems: [
          `${file.name} is ${Math.ceil(file.size / 1024)} KB: at most ${
            formatHead(Math.ceil(props.maxBytes / 1024))
          } KB is loaded at once. Split it into smaller files.`,
        ],
      });
    }
    setState({ step: "checking", file });
    try {
      const preview = await api<Preview>("POST", props.previewUrl, form(file), { silent: true });
      setState({ step: "previewed", file, preview, confirming: false });
    } catch (error) {
      setState({ step: "choose", problems: problemsOf(error) });
    }
  };

  const load = async (file: File, preview: Preview) => {
    setState({ step: "loading", file, preview });
    try {
      const result = await api<Answer>("POST", props.loadUrl, form(file, preview.digest), { silent: true });
      const written = result.counts.added + result.counts.updated;
      toast(
        "success",
        written
          ? `${countsText(result, props)} ${written === 1 ? "was" : "were"} loaded into ${props.tenantName}.`
          : `Nothing was loaded: every row is already in ${props.tenantName} or has a problem.`,
      );
      setState({ step: "loaded", file, result });
    } catch (error) {
      setState({ step: "choose", problems: problemsOf(error) });
    }
  };

  const again = () => {
    setState({ step: "choose" });
    input.current?.focus();
  };

  const busy = state.step === "checking" || state.step === "loading";
  return (
    <div className="initial-load stack" aria-busy={busy || undefined}>
      <Field
        id={FILE_ID}
        label="Filled-in template"
        help={`A CSV file of at most ${formatHead(props.maxRows)} rows and ${
          formatHead(Math.ceil(props.maxBytes / 1024))
        } KB. It is checked first: nothing is loaded until you confirm.`}
      >
        <input
          ref={input}
          id={FILE_ID}
          className="input"
          type="file"
          name="file"
          accept=".csv,text/csv"
          disabled={!hydrated || busy}
          aria-describedby={helpId(FILE_ID)}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = ""; // the same file chosen again (after fixing it) is a change too
            void check(file);
          }}
        />
      </Field>

      {state.step === "choose" && state.problems && (
        <div className="banner banner-error" role="alert" data-file-problems>
          <strong>The file was not checked.</strong>
          <ul>{state.problems.map((p) => <li key={p}>{p}</li>)}</ul>
        </div>
      )}
      {state.step === "checking" && <p role="status">Checking {state.file.name}…</p>}

      {(state.step === "previewed" || state.step === "loading") && (
        <section
          ref={outcome}
          tabIndex={-1}
          aria-labelledby="il-preview-title"
          data-preview
          className="stack u-no-outline"
        >
          <h3 id="il-preview-title">Preview of {state.preview.fileName}</h3>
          <p data-counts>
            {formatHead(state.preview.rows)} rows: <strong>{state.preview.counts.added} new</strong>,{" "}
            <strong>{state.preview.counts.updated} updating</strong> an existing {props.one},{" "}
            {state.preview.counts.unchanged} already there and unchanged,{" "}
            <strong>{state.preview.counts.rejected} with problems</strong> (left out).
          </p>
          {state.preview.ignoredColumns.length > 0 && (
            <p className="banner banner-info">
              Not loaded (no such column): {state.preview.ignoredColumns.join(", ")}.
            </p>
          )}
          <NotesTable
            title="Rows with problems"
            notes={state.preview.problems}
            more={state.preview.moreProblems}
            kind="problems"
          />
          <NotesTable
            title="Rows to check"
            notes={state.preview.warnings}
            more={state.preview.moreWarnings}
            kind="warnings"
          />
          <LoadActions
            state={state}
            props={props}
            onConfirm={(confirming) => setState({ ...state, step: "previewed", confirming } as State)}
            onLoad={() => void load(state.file, state.preview)}
            onAgain={again}
          />
          <OutcomesTable
            answer={state.preview}
            one={props.one}
            withPic={props.withPic}
            caption="What each row will do"
          />
        </section>
      )}

      {state.step === "loaded" && (
        <section
          ref={outcome}
          tabIndex={-1}
          aria-labelledby="il-result-title"
          data-result
          className="stack u-no-outline"
        >
          <div className="banner banner-success" role="status">
            <h3 id="il-result-title">Loaded into {props.tenantName}</h3>
            <p>
              {countsText(state.result, props)} from {state.result.fileName}; {state.result.counts.unchanged}
              {" "}
              already there and unchanged; {state.result.counts.rejected} with problems left out.
            </p>
          </div>
          <div className="form-actions">
            <Button variant="primary" onClick={again} data-action="again">Load another file</Button>
            <Button onClick={() => globalThis.location.reload()} data-action="refresh">
              Refresh the list of loads
            </Button>
          </div>
          <NotesTable
            title="Rows with problems (left out)"
            notes={state.result.problems}
            more={state.result.moreProblems}
            kind="problems"
          />
          <OutcomesTable
            answer={state.result}
            one={props.one}
            withPic={props.withPic}
            caption="What was loaded"
          />
        </section>
      )}
    </div>
  );
}

/** Load (asking first: it writes into another organisation) and Back; Escape backs out of the question. */
function LoadActions({ state, props, onConfirm, onLoad, onAgain }: {
  state: Extract<State, { step: "previewed" | "loading" }>;
  props: InitialLoadProps;
  onConfirm: (confirming: boolean) => void;
  onLoad: () => void;
  onAgain: () => void;
}) {
  const { added, updated } = state.preview.counts;
  const loading = state.step === "loading";
  // backing out of the question gives the focus back to Load
  const actions = useRef<HTMLDivElement>(null);
  const asking = state.step === "loading" || state.confirming;
  const wasAsking = useRef(asking);
  useEffect(() => {
    if (wasAsking.current && !asking) actions.current?.querySelector("button")?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!added && !updated) {
    return (
      <div className="form-actions">
        <p className="muted" data-nothing>
          Nothing to load: every row is already in {props.tenantName} or has a problem.
        </p>
        <Button onClick={onAgain} data-action="again">Choose another file</Button>
      </div>
    );
  }
  if (!asking) {
    return (
      <div className="form-actions" ref={actions}>
        <Button variant="primary" onClick={() => onConfirm(true)} data-action="load">
          Load {added + updated} {added + updated === 1 ? props.one : props.many}
        </Button>
        <Button onClick={onAgain} data-action="again">Choose another file</Button>
      </div>
    );
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && !loading) onConfirm(false);
  };
  return (
    <ConfirmLoad onKeyDown={onKeyDown}>
      <span>
        {[added ? `Add ${added}` : "", updated ? `${added ? "update" : "Update"} ${updated}` : ""].filter(
          Boolean,
        )
          .join(" and ")} {added + updated === 1 ? props.one : props.many} in{" "}
        {props.tenantName}? Rows with problems are left out.
      </span>
      <Button variant="primary" busy={loading} onClick={onLoad} data-action="confirm">Load</Button>
      <Button variant="ghost" disabled={loading} onClick={() => onConfirm(false)}>Back</Button>
    </ConfirmLoad>
  );
}

/** The question's group, whose first button takes the focus when it opens (Enter loads, Escape backs out). */
function ConfirmLoad(
  { onKeyDown, children }: { onKeyDown: (e: KeyboardEvent) => void; children: ReactNode },
) {
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => group.current?.querySelector("button")?.focus(), []);
  return (
    <div ref={group} className="action-ask" role="group" aria-label="Confirm the load" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
