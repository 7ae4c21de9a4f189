/**
 * Vanilla toasts (no React), usable from any page script and from islands.
 *
 * - `toast(kind, message, title?)` shows a toast in a stack at the bottom right.
 * - Identical toasts (same kind, title and message) within 200 ms of each other are shown once
 *   (spec 1 §9: toast debounce 200 ms); each repeat extends the window, so a burst shows one toast.
 * - An empty message falls back to 'An unexpected error occurred' (spec 1 §8).
 * - Accessible: screen readers hear each toast through two persistent, visually hidden live regions
 *   (`role="status"` polite for success/info, `role="alert"` assertive for warning/error) that exist
 *   before the text arrives, which is what makes announcements reliable; the visible stack is a
 *   labelled region. Each toast has a close button; Escape on a focused toast closes it. Toasts
 *   auto-dismiss (longer for warnings and errors) and pause while hovered or focused.
 */

export type ToastKind = "success" | "info" | "warning" | "error";

export interface ToastHandle {
  /** Removes the toast now (no-op when already gone or when the call was debounced). */
  close(): void;
  /** The toast element, or null when this call was swallowed by the debounce. */
  element: HTMLElement | null;
}

export const TOAST_DEBOUNCE_MS = 200;
export const TOAST_FALLBACK_MESSAGE = "An unexpected error occurred";
/** Auto-dismiss delay per kind, in milliseconds. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = {
  success: 4000,
  info: 5000,
  warning: 8000,
  error: 10000,
};
/** Older toasts are removed beyond this many. */
export const TOAST_MAX = 5;

const lastShown = new Map<string, number>();

/** An element with these properties (and `aria-*`/`role` attributes), e.g. `make("div", { id }, { role })`. */
function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

/** The element of this id in the body, made and appended the first time. */
function lasting(id: string, className: string, attributes: Record<string, string>): HTMLElement {
  return document.getElementById(id) ?? document.body.appendChild(make("div", { id, className }, attributes));
}

const container = () => lasting("toasts", "toasts", { role: "region", "aria-label": "Notifications" });

function liveRegion(id: string, role: "status" | "alert"): HTMLElement {
  return lasting(id, "sr-only", {
    role,
    "aria-live": role === "alert" ? "assertive" : "polite",
    "aria-atomic": "true",
  });
}

/**
 * Creates the live regions ahead of the first toast (shell.js calls it on load), so that the first
 * announcement is not lost. Safe to call many times.
 */
export function ensureToastRegions(): void {
  if (typeof document === "undefined" || !document.body) return;
  liveRegion("toast-status", "status");
  liveRegion("toast-alert", "alert");
}

const ANNOUNCE_DELAY_MS = 60;

function announce(kind: ToastKind, text: string): void {
  ensureToastRegions();
  const region = document.getElementById(
    kind === "error" || kind === "warning" ? "toast-alert" : "toast-status",
  )!;
  // clear, then set after a beat: the change is what screen readers announce
  region.textContent = "";
  setTimeout(() => {
    region.textContent = text;
  }, ANNOUNCE_DELAY_MS);
}

/** A toast's extras: one action button (e.g. Undo) and how long it stays. */
export interface ToastOptions {
  /** a button in the toast; pressing it closes the toast, then runs `onClick` */
  action?: { label: string; onClick: () => void };
  /** milliseconds before it goes (default by kind) */
  durationMs?: number;
}

export function toast(
  kind: ToastKind,
  message?: string | null,
  title?: string | null,
  options: ToastOptions = {},
): ToastHandle {
  if (!Object.hasOwn(TOAST_DURATION_MS, kind)) kind = "info";
  const text = (message ?? "").trim() || TOAST_FALLBACK_MESSAGE;
  const heading = (title ?? "").trim();
  const none: ToastHandle = { close() {}, element: null };
  if (typeof document === "undefined" || !document.body) return none;

  const key = `${kind}\u0000${heading}\u0000${text}`;
  const now = Date.now();
  const previous = lastShown.get(key);
  lastShown.set(key, now);
  if (previous !== undefined && now - previous < TOAST_DEBOUNCE_MS) return none;
  if (lastShown.size > 50) {
    for (const [k, t] of lastShown) if (now - t >= TOAST_DEBOUNCE_MS) lastShown.delete(k);
  }

  const stack = container();
  // (its icon is drawn by app.css, by kind)
  const el = make("div", { className: `toast toast-${kind}`, tabIndex: -1 }, { "data-kind": kind });
  const body = el.appendChild(make("div", { className: "toast-body" }));
  if (heading) body.appendChild(make("strong", { className: "toast-title", textContent: heading }));
  body.appendChild(make("div", { className: "toast-message", textContent: text }));

  // (size, stroke and fill are in app.css)
  const closeBtn = make("button", {
    type: "button",
    className: "toast-close",
    innerHTML: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>',
  }, { "aria-label": "Close notification" });
  const actionBtn = options.action &&
    el.appendChild(
      make("button", { type: "button", className: "toast-action", textContent: options.action.label }),
    );
  el.appendChild(closeBtn);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let remaining = options.durationMs ?? TOAST_DURATION_MS[kind];
  let startedAt = 0;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (timer !== undefined) clearTimeout(timer);
    el.remove();
  };
  const start = () => {
    if (closed) return;
    startedAt = Date.now();
    timer = setTimeout(close, remaining);
  };
  const pause = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    remaining = Math.max(1000, remaining - (Date.now() - startedAt));
  };
  closeBtn.addEventListener("click", close);
  actionBtn?.addEventListener("click", () => {
    close();
    options.action!.onClick();
  });
  el.addEventListener("mouseenter", pause);
  el.addEventListener("mouseleave", start);
  el.addEventListener("focusin", pause);
  el.addEventListener("focusout", (e) => {
    if (!el.contains((e as FocusEvent).relatedTarget as Node | null)) start();
  });
  el.addEventListener("keydown", (e) => {
    if ((e as KeyboardEvent).key === "Escape") close();
  });

  stack.appendChild(el);
  while (stack.children.length > TOAST_MAX) stack.firstElementChild?.remove();
  announce(kind, heading ? `${heading}: ${text}` : text);
  start();
  return { close, element: el };
}

/** Removes every toast and forgets the debounce history (used by tests and on navigation). */
export function dismissAllToasts(): void {
  lastShown.clear();
  if (typeof document === "undefined") return;
  document.getElementById("toasts")?.replaceChildren();
  document.getElementById("toast-status")?.replaceChildren();
  document.getElementById("toast-alert")?.replaceChildren();
}

/**
 * A toast for the page about to open (a save that redirects, an action that reloads): kept in
 * sessionStorage and shown by shell.js on the next page, so it is not lost with this one.
 */
export function toastOnNextPage(kind: ToastKind, message: string): void {
  try {
    sessionStorage.setItem("flash", JSON.stringify({ kind, message }));
  } catch {
    toast(kind, message); // storage off: at least show it now
  }
}
