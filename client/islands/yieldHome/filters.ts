/**
 * The yield home's filters (spec 3 §2.1, §4, §9): species, plant and the date box. Any change reloads the
 * page ONCE, 200 ms after the last one (typing "14 days" is one reload, not seven); the filters go in the
 * address, so a reload or a bookmark keeps them. A date box that holds no date says so in plain words
 * and reloads nothing. While the next page loads, the tab shows that it is loading (spec 3 §4).
 */
import { parseYieldDate, RELOAD_DELAY_MS } from "../../../server/areas/yield/rules.ts";

export const DATE_PROBLEM = "That is not a date: type 14, 14 days, 1/12/2026 or 1/11/2026 - 30/11/2026.";

let leaving = false;

/** Marks the tab as loading and goes to the address (once: a later change while leaving is dropped). */
export function leaveFor(url: string) {
  if (leaving) return;
  leaving = true;
  const tab = document.getElementById("yield-tab");
  tab?.setAttribute("aria-busy", "true");
  tab?.querySelector<HTMLElement>("[data-yield-loading]")?.removeAttribute("hidden");
  location.assign(url);
}

/** The address the form asks for, or null when the date box holds no date. */
export function addressOf(form: HTMLFormElement, here: URL, today: string): string | null {
  const field = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const dateBox = field("date") as HTMLInputElement;
  const range = parseYieldDate(dateBox.value, today);
  const error = form.querySelector("[data-yield-date-error]");
  if (!range) {
    if (error) error.textContent = DATE_PROBLEM;
    dateBox.setAttribute("aria-invalid", "true");
    return null;
  }
  if (error) error.textContent = "";
  dateBox.removeAttribute("aria-invalid");
  const q = new URLSearchParams(here.search);
  const species = field("species")?.value;
  if (species && species !== (form.dataset.species ?? q.get("species"))) {
    // another species: its plants and segments differ
    q.set("species", species);
    q.delete("plants");
    q.delete("drill");
  } else {
    const plant = field("plants")?.value;
    if (plant) q.set("plants", plant);
    else q.delete("plants");
  }
  q.set("date", range.from);
  q.set("toDate", range.to);
  q.delete("day");
  q.delete("plant");
  return `${here.pathname}?${q}`;
}

export function wireFilters(form: HTMLFormElement) {
  const today = form.dataset.today ?? "";
  const delay = Number(form.dataset.delay) || RELOAD_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    clearTimeout(timer);
    const url = addressOf(form, new URL(location.href), today);
    if (url && url !== location.pathname + location.search) leaveFor(url);
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(go, delay);
  };
  form.addEventListener("change", soon);
  form.addEventListener("input", soon);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    go();
  });
  form.addEventListener("click", (e) => {
    const week = (e.target as Element).closest<HTMLAnchorElement>("a[data-yield-week]");
    if (!week || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    clearTimeout(timer);
    leaveFor(week.href);
  });
}
