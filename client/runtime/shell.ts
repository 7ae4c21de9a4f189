/**
 * The small vanilla script every page loads (`/static/runtime/shell-<hash>.js`, a module script).
 * No React. It wires:
 * - theme: `[data-theme-select]` — a <select> with options none/dark/light, or a button that cycles
 *   none → dark → light; the choice is kept in localStorage "theme" and applied to html[data-theme];
 * - side menu on narrow screens: `[data-menu-toggle]` toggles `.menu-open` on the closest `.shell`
 *   (or document body) and aria-expanded; Escape and following a menu link close it;
 * - header pickers: a change of a `<select>` inside `form[data-autosubmit]` submits the form;
 * - "/" opens Find (`a[data-find]`, or focuses `[data-find-box]` on Find's page);
 * - flash messages: `<meta name="flash" content='{"kind":"success","message":"…","title":"…"}'>`
 *   shows a toast on load;
 * - `window.toast(kind, message, title?)` for other server-rendered scripts;
 * - print buttons and document links: `[data-print]` with a URL posts `{[data-print-key]: id}` for each id
 *   of `data-print-ids` (the document marked printed); a button then opens the browser's print;
 * - the browser's time zone for the server (cookie `tz`: "today" where the organisation has not saved its
 *   own zone), looked up when the page is idle and the day's cookie is missing, and only where the
 *   organisation has no zone of its own (`<html data-plant-zone>`): the first use of Intl costs a slow PC
 *   about a tenth of a second;
 * - on signed-in pages (`<meta name="push-hub">`), the push client (loaded after the page, its own chunk),
 *   and the header's notifications bell and the menu's unread badges with it (notificationBell.ts), and the
 *   parts of a page kept live
 *   (`[data-live-part]`, livePart.ts); on producer portal pages, the
 *   notices relayed over processor links (producerNotices.ts);
 * - the support chat (`[data-support-chat]`, supportChat.ts, its own chunk), a plain script;
 * - islands (server/pages/Island.tsx): once the page has been shown, the modules its islands in view
 *   need are preloaded and the islands runtime named on their markers is started, which hydrates them;
 *   forms and buttons (`data-island-when`) start when the user reaches for them (intent.ts, its own chunk);
 * - folds (server/pages/Folded.tsx): a closed fold's content is fetched when it opens (client/runtime/
 *   folds.ts, its own chunk), and its islands start the same way; a page whose only islands are folded
 *   runs no React until then.
 */
import { ensureToastRegions, toast, type ToastKind } from "./toast.ts";
import { heldClicks, THEME_STORAGE_KEY } from "./boot.ts";
import { noteEarlyInput } from "./earlyInputNote.ts";

export type ThemeChoice = "none" | "dark" | "light";
const CHOICES: readonly ThemeChoice[] = ["none", "dark", "light"];
const THEME_LABELS: Record<ThemeChoice, string> = { none: "System", dark: "Dark", light: "Light" };

export function storedTheme(): ThemeChoice {
  try {
    const t = localStorage.getItem(THEME_STORAGE_KEY);
    return t === "dark" || t === "light" ? t : "none";
  } catch {
    return "none";
  }
}

export function applyTheme(choice: ThemeChoice): void {
  try {
    if (choice === "none") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch { /* storage unavailable: apply for this page only */ }
  showTheme(choice);
}

function showTheme(choice: ThemeChoice): void {
  if (choice === "none") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", choice);
  syncThemeControls(choice);
}

function syncThemeControls(choice: ThemeChoice): void {
  for (const el of document.querySelectorAll<HTMLElement>("[data-theme-select]")) {
    if (el instanceof HTMLSelectElement) {
      el.value = choice;
    } else {
      el.setAttribute("data-theme-current", choice);
      const label = `Theme: ${THEME_LABELS[choice]}`;
      el.setAttribute("aria-label", label);
      el.title = label;
      const text = el.querySelector("[data-theme-label]");
      if (text) text.textContent = THEME_LABELS[choice];
    }
  }
}

function menuHost(toggle: Element): HTMLElement {
  return (toggle.closest(".shell") as HTMLElement | null) ?? document.querySelector<HTMLElement>(".shell") ??
    document.body;
}

function setMenu(toggle: HTMLElement, open: boolean): void {
  const host = menuHost(toggle);
  host.classList.toggle("menu-open", open);
  for (const t of document.querySelectorAll<HTMLElement>("[data-menu-toggle]")) {
    t.setAttribute("aria-expanded", String(open));
  }
  if (open) {
    // move focus into the opened menu (a drawer on narrow screens)
    const side = host.querySelector<HTMLElement>(".shell-side");
    if (side && getComputedStyle(side).position === "fixed") {
      side.querySelector<HTMLElement>("a[href], summary")?.focus();
    }
  }
}

export function showFlashMessages(): void {
  // a message left by script before a navigation (e.g. the reason of a forced sign-out)
  try {
    const left = sessionStorage.getItem("flash");
    if (left) {
      sessionStorage.removeItem("flash");
      const data = JSON.parse(left) as { kind?: ToastKind; message?: string };
      toast(data.kind ?? "info", data.message);
    }
  } catch { /* storage off or unreadable */ }
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="flash"]')) {
    try {
      const data = JSON.parse(meta.content) as { kind?: ToastKind; message?: string; title?: string };
      toast(data.kind ?? "info", data.message, data.title);
    } catch {
      toast("info", meta.content);
    }
    meta.remove();
  }
}

/** Sets the `tz` cookie to the browser's time zone when it has none (it lasts a day: looked up daily). */
export function reportTimeZone(): void {
  if (/(?:^|; )tz=/.test(document.cookie)) return;
  const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
  document.cookie = `tz=${zone};path=/;max-age=86400;samesite=lax`;
}

/**
 * "/" (as on most sites with a search) opens Find from anywhere but a field being typed in: the box on
 * Find's own page, else the header's Find link.
 */
function openFind(e: KeyboardEvent): void {
  const target = e.target as Element | null;
  if (target?.closest?.("input, textarea, select, [contenteditable]")) return;
  const box = document.querySelector<HTMLInputElement>("[data-find-box]");
  const link = document.querySelector<HTMLAnchorElement>("a[data-find]");
  if (!box && !link) return;
  e.preventDefault();
  if (box) box.select();
  else link!.click();
}

export function initShell(): void {
  syncThemeControls(storedTheme());
  for (const t of document.querySelectorAll<HTMLElement>("[data-menu-toggle]")) {
    if (!t.hasAttribute("aria-expanded")) t.setAttribute("aria-expanded", "false");
  }

  document.addEventListener("change", (e) => {
    const target = e.target as Element | null;
    if (!target) return;
    if (target instanceof HTMLSelectElement && target.matches("[data-theme-select]")) {
      const v = target.value as ThemeChoice;
      applyTheme(CHOICES.includes(v) ? v : "none");
      return;
    }
    if (target instanceof HTMLSelectElement) {
      const form = target.closest<HTMLFormElement>("form[data-autosubmit]");
      form?.requestSubmit();
    }
  });

  // a click outside the open drawer only closes it (it does not reach what lies under the backdrop)
  document.addEventListener("click", (e) => {
    const target = e.target as Element | null;
    const open = document.querySelector(".menu-open");
    if (!target || !open || target.closest(".shell-side, [data-menu-toggle]")) return;
    const side = open.querySelector<HTMLElement>(".shell-side");
    if (!side || getComputedStyle(side).position !== "fixed") return;
    e.preventDefault();
    e.stopPropagation();
    const t = document.querySelector<HTMLElement>("[data-menu-toggle]");
    if (t) setMenu(t, false);
  }, true);

  document.addEventListener("click", (e) => {
    const target = e.target as Element | null;
    if (!target) return;
    const themeButton = target.closest<HTMLElement>("[data-theme-select]");
    if (themeButton && !(themeButton instanceof HTMLSelectElement)) {
      const current = storedTheme();
      applyTheme(CHOICES[(CHOICES.indexOf(current) + 1) % CHOICES.length]);
      return;
    }
    const print = target.closest<HTMLElement>("[data-print]");
    // (its own chunk: few pages print)
    if (print instanceof HTMLAnchorElement) {
      void import("./print.ts").then((m) => m.markPrinted(print)); // a download: marked, the link goes on
    } else if (print) {
      void import("./print.ts").then((m) => m.markPrinted(print)).then(() => globalThis.print());
      return;
    }
    const toggle = target.closest<HTMLElement>("[data-menu-toggle]");
    if (toggle) {
      setMenu(toggle, !menuHost(toggle).classList.contains("menu-open"));
      return;
    }
    const link = target.closest("a[href]");
    const open = document.querySelector(".menu-open");
    if (link && open && link.closest(".shell-side")) {
      const t = document.querySelector<HTMLElement>("[data-menu-toggle]");
      if (t) setMenu(t, false);
    }
  });

  document.addEventListener("keydown", (e) => {
    if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey) return openFind(e);
    if (e.key !== "Escape" || !document.querySelector(".menu-open")) return;
    const t = document.querySelector<HTMLElement>("[data-menu-toggle]");
    if (t) {
      setMenu(t, false);
      t.focus();
    }
  });

  // the page's keys and clicks are taken from here on (what a test waits for before pressing "/")
  document.documentElement.setAttribute("data-shell", "started");

  // another tab changed the theme
  globalThis.addEventListener("storage", (e) => {
    if (e.key === THEME_STORAGE_KEY || e.key === null) showTheme(storedTheme());
  });

  // (toggle does not bubble: heard on the way down.) A closed fold's content is loaded when it opens
  // (server/pages/Folded.tsx); the islands in a <details> opened start.
  document.addEventListener("toggle", (e) => {
    const target = e.target as HTMLDetailsElement;
    if (target.open && target.querySelector(":scope > .fold-pending")) {
      import("./folds.ts").then(({ unfold }) => unfold(target, startIslands)).catch(console.error);
      return;
    }
    // (the target of a toggle is an element: a <details>, or a popover)
    if (target.open) startIslands(target.querySelectorAll("[data-island-modules]:not([data-hydrated])"));
  }, true);

  // typed into an island before it hydrated: the runtime hands it over (client/runtime/earlyInput.ts)
  document.addEventListener("input", noteEarlyInput, true);

  // the islands in view, once the page has been shown: a slow PC's first paint does not share its line
  // and its CPU with React (docs/decisions.md "Islands after the first paint"); forms and buttons when
  // the user reaches for them (its own chunk, for pages that have them)
  afterFirstFrame(() =>
    startIslands(
      Array.from(document.querySelectorAll("[data-island-modules]:not([data-island-when])"))
        .filter((marker) => !marker.closest("details:not([open])")),
    )
  );
  if (document.querySelector("[data-island-when]")) {
    import("./intent.ts").then((m) => m.startOnIntent(startIslands));
  } else heldClicks()?.stop(); // (nothing here for the boot script to hold a click for)

  // (not where the organisation's own zone decides the day: the server says so on <html>)
  if (!document.documentElement.hasAttribute("data-plant-zone")) {
    ((globalThis as { requestIdleCallback?: (f: () => void) => void }).requestIdleCallback ?? setTimeout)(
      reportTimeZone,
    );
  }

  (globalThis as { toast?: typeof toast }).toast = toast;
  ensureToastRegions();
  showFlashMessages();
  // the support chat (its own chunk; it joins the push client below when that has loaded)
  const chat = document.querySelector<HTMLElement>("[data-support-chat]");
  if (chat) import("./supportChat.ts").then((m) => m.startChat(chat));
  if (document.querySelector('meta[name="push-hub"]')) {
    import("./push.ts").then(({ push }) => {
      push.installDefaults();
      push.start();
      // the header's notifications bell and the menu's unread badges (the support chat's; the support
      // staff's, on the Super entry): one small chunk for all
      const bell = document.querySelector<HTMLElement>("[data-notification-bell]");
      const badge = document.querySelector<HTMLElement>("[data-chat-unread]");
      const desk = document.querySelector<HTMLElement>("[data-desk-unread]");
      if (bell || desk) {
        import("./notificationBell.ts").then((m) => {
          if (bell) m.watchNotifications(bell, push);
          if (badge && bell) m.watchChatUnread(badge, bell.dataset.notificationBell!, push);
          if (desk) m.watchDeskUnread(desk, push);
        });
      }
      // a part of the page kept live (the order page's figures; its own small chunk)
      const live = document.querySelectorAll<HTMLElement>("[data-live-part]");
      if (live.length) {
        import("./livePart.ts").then((m) => live.forEach((el) => m.keepLive(el, push, startIslands)));
      }
      // the producer portal's relayed notices (its own small chunk)
      const main = document.querySelector<HTMLElement>("main");
      if (main && location.pathname.startsWith("/producerportal")) {
        import("./producerNotices.ts").then((m) => m.watchProducerNotices(push, main));
      }
    });
  }
}

const preloaded = new Set<string>();

/**
 * Preloads every module these islands need (`data-island-modules`: the runtime first, each island, their
 * chunks) at once, so hydration takes one round trip, and starts the runtime, which hydrates them (marked
 * `data-island-start`). Resolves once the runtime runs; one that already did hears of islands by an
 * `islands:added` event from where they are (client/runtime/islands.ts).
 */
export function startIslands(markers: Iterable<Element> & ArrayLike<Element>): Promise<unknown> | undefined {
  const wanted = Array.from(markers, (m) => m.getAttribute("data-island-modules")!.split(" ")).flat();
  const runtime = wanted[0];
  if (!runtime) return;
  for (const href of wanted) {
    // (once each: forms started one by one as the pointer passes share most of their modules)
    if (!preloaded.has(href)) {
      preloaded.add(href);
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
    }
  }
  for (const m of markers) m.setAttribute("data-island-start", "");
  return import(/* @vite-ignore */ runtime); // (a failure is the browser's to log)
}

/** After the frame that shows the page (at once in a hidden tab, which draws no frames). */
function afterFirstFrame(run: () => void) {
  if (document.visibilityState === "hidden") run();
  else requestAnimationFrame(() => requestAnimationFrame(run));
}

if (typeof document !== "undefined" && !(globalThis as { __shellInit?: boolean }).__shellInit) {
  (globalThis as { __shellInit?: boolean }).__shellInit = true;
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", initShell, { once: true });
  } else initShell();
}
