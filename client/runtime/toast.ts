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

const KINDS: readonly ToastKind[] = ["success", "info", "warning", "error"];

const lastShown = new Map<string, number>();

function container(doc: Document): HTMLElement {
  let el = doc.getElementById("toasts");
  if (!el) {
    el = doc.createElement("div");
    el.id = "toasts";
    el.className = "toasts";
    el.setAttribute("role", "region");
    el.setAttribute("aria-label", "Notifications");
    doc.body.appendChild(el);
  }
  return el;
}

function liveRegion(doc: Document, id: string, role: "status" | "alert"): HTMLElement {
  let el = doc.getElementById(id);
  if (!el) {
    el = doc.createElement("div");
    el.id = id;
    el.className = "sr-only";
    el.setAttribute("role", role);
    el.setAttribute("aria-live", role === "alert" ? "assertive" : "polite");
    el.setAttribute("aria-atomic", "true");
    doc.body.appendChild(el);
  }
  return el;
}

/**
 * Creates the live regions ahead of the first toast (shell.js calls it on load), so that the first
 * announcement is not lost. Safe to call many times.
 */
export function ensureToastRegions(): void {
  if (typeof document === "undefined" || !document.body) return;
  liveRegion(document, "toast-status", "status");
  liveRegion(document, "toast-alert", "alert");
}

const ANNOUNCE_DELAY_MS = 60;

function announce(doc: Document, kind: ToastKind, text: string): void {
  ensureToastRegions();
  const region = doc.getElementById(kind === "error" || kind === "warning" ? "toast-alert" : "toast-status")!;
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
  if (!KINDS.includes(kind)) kind = "info";
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

  const doc = document;
  const stack = container(doc);
  const el = doc.createElement("div");
  el.className = `toast toast-${kind}`;
  el.setAttribute("data-kind", kind);
  el.tabIndex = -1;
  // (its icon is drawn by app.css, by kind)

  const body = doc.createElement("div");
  body.className = "toast-body";
  if (heading) {
    const h = doc.createElement("strong");
    h.className = "toast-title";
    h.textContent = heading;
    body.appendChild(h);
  }
  const p = doc.createElement("div");
  p.className = "toast-message";
  p.textContent = text;
  body.appendChild(p);
  el.appendChild(body);

  const closeBtn = doc.createElement("button");
  closeBtn.type = "button";
  closeBtn.className = "toast-close";
  closeBtn.setAttribute("aria-label", "Close notification");
  // (size, stroke and fill are in app.css)
  closeBtn.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>';
  let actionBtn: HTMLButtonElement | null = null;
  if (options.action) {
    actionBtn = doc.createElement("button");
    actionBtn.type = "button";
    actionBtn.className = "toast-action";
    actionBtn.textContent = options.action.label;
    el.appendChild(actionBtn);
  }
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
  announce(doc, kind, heading ? `${heading}: ${text}` : text);
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
