/**
 * The yield home's page script (`/static/pages/yieldHome-<hash>.js`, no React: the page's JavaScript
 * stays far under its 60 KB gzip budget). The page works without it (a GET form and links); with it the
 * filters reload once after 200 ms, a day opens as a dialog and "segments today" stays live.
 */
import { wireDayDialog } from "./dayDialog.ts";
import { wireFilters } from "./filters.ts";
import { wireLive } from "./live.ts";

const form = document.querySelector<HTMLFormElement>("form[data-yield-filters]");
if (form) wireFilters(form);
const dialog = document.getElementById("yield-day-dialog");
if (dialog instanceof HTMLDialogElement) wireDayDialog(dialog);
const live = document.querySelector<HTMLElement>("#yield-tab[data-yield-live]");
if (live) wireLive(live);
document.documentElement.setAttribute("data-yield-ready", "");
