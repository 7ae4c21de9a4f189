/**
 * The TV's script (`/static/runtime/display-<hash>.js`, no React): rotates the configured screens and
 * keeps the one on show live.
 * - Rotation: after a screen's seconds the next screen's page is fetched and its stage swapped in place
 *   (one paint, no flash); at the end of each cycle the rotation is read again, so a changed
 *   configuration applies without anyone touching the TV.
 * - Live: the push client (client/runtime/push.ts: reconnects after 5 s / 10 s) registers each screen's
 *   groups; an event the screen lists, a reconnect, or the hub saying one came between the page's render
 *   and the registration (`missed`), re-reads it within a moment.
 * - Failure: a failed read keeps the last picture and marks the corner; the next tick tries again, so
 *   the screen recovers by itself when the server is back. A signed-out TV goes to the sign-in page.
 */
import { nextIndex } from "./rotation.ts";

// the push client as the app's pages load it (its own chunk, imported when wanted), so the app's
// signed-in pages and the TV share one copy of it rather than a chunk and a stub each
const pushed = import("../client/runtime/push.ts").then((m) => m.push);

interface Rotation {
  screens: { path: string; seconds: number; label: string }[];
}

const ROTATION_URL = "/api/display/GetRotation";
const COALESCE_MS = 150;
const RETRY_MS = 10_000;
const LIVE_EVENTS = [
  "killAgendaUpdated",
  "stockyardUpdated",
  "stockyardSetupUpdated",
  "killFloorDataReceived",
  "deliveryStatusUpdated",
  "yieldDataChanged",
];

const stage = () => document.getElementById("tv-stage") as HTMLElement;
let rotation: Rotation = JSON.parse(document.getElementById("tv-rotation")?.textContent || '{"screens":[]}');
let index = Math.max(0, rotation.screens.findIndex((s) => s.path === stage().dataset.path));
let turn: ReturnType<typeof setTimeout> | undefined;
let soon: ReturnType<typeof setTimeout> | undefined;
const joined = new Set<string>();

const offline = (on: boolean) => document.documentElement.toggleAttribute("data-offline", on);

async function read(path: string): Promise<HTMLElement | null> {
  const res = await fetch(path, { credentials: "same-origin", cache: "no-store" });
  if (res.redirected && new URL(res.url).pathname.startsWith("/login")) {
    location.assign("/login");
    return null;
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return new DOMParser().parseFromString(await res.text(), "text/html").getElementById("tv-stage");
}

function swap(next: HTMLElement) {
  const s = stage();
  s.innerHTML = next.innerHTML;
  for (const key of ["path", "title", "groups", "events"]) s.dataset[key] = next.dataset[key] ?? "";
  document.title = `${s.dataset.title} · Abattoir Manager`;
  join();
}

function join() {
  for (const g of (stage().dataset.groups ?? "").split(" ").filter(Boolean)) {
    if (joined.has(g)) continue;
    joined.add(g);
    void pushed.then((push) => push.register(g));
  }
}

async function show(path: string) {
  try {
    const next = await read(path);
    if (next) swap(next);
    offline(false);
  } catch {
    offline(true);
  }
}

async function rereadRotation() {
  try {
    const res = await fetch(ROTATION_URL, { credentials: "same-origin", cache: "no-store" });
    if (res.ok) rotation = await res.json();
  } catch { /* keep the rotation we have */ }
}

async function advance() {
  const count = rotation.screens.length;
  if (count > 1) index = nextIndex(index, count);
  if (index === 0 && count > 1) await rereadRotation();
  const path = rotation.screens[index]?.path ?? stage().dataset.path ?? location.pathname;
  await show(path);
  schedule();
}

function schedule() {
  clearTimeout(turn);
  const failing = document.documentElement.hasAttribute("data-offline");
  const seconds = rotation.screens[index]?.seconds ?? 30;
  turn = setTimeout(() => void advance(), failing ? Math.min(RETRY_MS, seconds * 1000) : seconds * 1000);
}

function refreshSoon() {
  clearTimeout(soon);
  soon = setTimeout(
    () => void show(stage().dataset.path || location.pathname + location.search),
    COALESCE_MS,
  );
}

void pushed.then((push) => {
  for (const event of LIVE_EVENTS) {
    push.on(event, () => {
      if ((stage().dataset.events ?? "").split(" ").includes(event)) refreshSoon();
    });
  }
  push.on("reconnected", refreshSoon);
  push.on("missed", refreshSoon); // an event came between the page's render and joining its groups
  push.installDefaults();
  push.start();
});
join();
schedule();
