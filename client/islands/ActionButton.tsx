/**
 * One action on a record (cancel, reinstate, delete…): a button that posts JSON to the API, asking
 * first for a reason or a confirmation when the action needs one, then toasts and reloads the page
 * (or goes to `redirectTo`). Keyboard: Enter confirms, Escape backs out. Errors toast (api client).
 * It starts when reached for; a click before then is given again once it has (client/runtime/intent.ts).
 */
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { api, apiConfig } from "../runtime/api.ts";
import { toastOnNextPage } from "../runtime/toast.ts";
import { Button, type ButtonVariant } from "../ui/Button.tsx";

export interface ActionButtonProps {
  label: string;
  url: string;
  /**
   * default POST; DELETE for an endpoint that removes a record named in its path; GET for the spec's
   * few GETs that change something (the body goes as the query)
   */
  method?: "POST" | "DELETE" | "GET";
  body: Record<string, unknown>;
  variant?: ButtonVariant;
  /** ask for a reason, sent as `reason` */
  reason?: { label: string; placeholder?: string };
  /** ask to confirm with this question */
  confirm?: string;
  successToast: string;
  /** after success go here; default: reload this page */
  redirectTo?: string;
}

export default function ActionButton(props: ActionButtonProps) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (asking) input.current?.focus();
  }, [asking]);

  const needsAsking = Boolean(props.reason || props.confirm);
  const run = async () => {
    setBusy(true);
    try {
      const body = props.reason ? { ...props.body, reason } : props.body;
      if (props.method === "GET") {
        await api("GET", props.url, undefined, { query: body as Record<string, string> });
      } else await api(props.method ?? "POST", props.url, body);
      // the page is left (another one, or this one again): the toast goes with the next page
      toastOnNextPage("success", props.successToast);
      if (props.redirectTo) apiConfig.navigate(props.redirectTo);
      else globalThis.location?.reload();
    } catch {
      setBusy(false); // the api client has toasted the error
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.reason || reason.trim().length >= 3) void run();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      setAsking(false);
    }
  };

  if (!asking) {
    return (
      <Button
        variant={props.variant}
        busy={busy}
        onClick={() => (needsAsking ? setAsking(true) : void run())}
        data-action={props.label}
      >
        {props.label}
      </Button>
    );
  }
  return (
    <form className="action-ask" onSubmit={onSubmit} onKeyDown={onKeyDown}>
      {props.reason
        ? (
          <label>
            <span className="sr-only">{props.reason.label}</span>
            <input
              ref={input}
              className="input"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              placeholder={props.reason.placeholder ?? props.reason.label}
              aria-label={props.reason.label}
              required
              minLength={3}
              maxLength={500}
            />
          </label>
        )
        : <span>{props.confirm}</span>}
      <Button
        type="submit"
        variant={props.variant ?? "primary"}
        busy={busy}
        disabled={Boolean(props.reason) && reason.trim().length < 3}
      >
        {props.label}
      </Button>
      <Button variant="ghost" onClick={() => setAsking(false)} disabled={busy}>Back</Button>
    </form>
  );
}
