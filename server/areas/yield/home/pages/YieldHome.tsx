/**
 * The yield home (spec 3 §2.1, route "yield", "Plant Analysis") and its tabs: the filters (plant,
 * species, date range with previous and next week), the side tabs (the built-in ones, then the caller's
 * custom tabs from yieldCustomDashboard, and the cog), the tab's figures and a day's detail.
 *
 * No React ships: the filters are a GET form and links, drawn here; one small page script
 * (client/islands/yieldHome/page.ts) reloads once 200 ms after the last change, opens a day's detail as a
 * dialog and keeps "segments today" live. Without script the form's button and the links do the same.
 */
import type { ReactNode } from "react";
import type { RouteName } from "../../../../access/mod.ts";
import { isCalendarDate } from "../../../../../kernel/dates.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { userSettingValue } from "../../../../access/flags.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { moduleEntry } from "../../../../pages/assets.ts";
import { defineScreen, type Screen } from "../../../../pages/screen.ts";
import { type AreaContext, pageAreaContext } from "../../../context.ts";
import { hasYieldRevenue, yieldPlants } from "../../access.ts";
import { RELOAD_DELAY_MS } from "../../rules.ts";
import { CustomDashboard } from "../../schemas.ts";
import { dayDetail, type HomeQuery, homeQuery } from "../figures.ts";
import { filterQuery, HomeSearch, type HomeState, homeState, rangeText } from "../homeState.ts";
import { DayDetail } from "./DayDetail.tsx";

export interface TabLinks {
  /** the tab's own address with the filters and these extras */
  here(extra?: Record<string, string | number | undefined>): string;
  /** the day and plant's detail */
  day(date: string, plantId: number): string;
}

export interface TabDef<D> {
  name: RouteName;
  path: string;
  title: string;
  /** needs the yieldRevenue module */
  revenue?: boolean;
  /** shows today rather than the range (segments today) */
  today?: boolean;
  load(ctx: AreaContext, q: HomeQuery, search: HomeSearch): Promise<D>;
  Body(props: { data: D; state: HomeState; links: TabLinks; search: HomeSearch }): ReactNode;
}

export const CUSTOM_PATH = "/yield/custom";

function customTabs(ctx: AreaContext) {
  const parsed = CustomDashboard.safeParse(userSettingValue(ctx.caller.subject, "yieldCustomDashboard"));
  return parsed.success ? parsed.data.tabs.map((t) => ({ id: t.id, name: t.name })) : [];
}

interface HomeData<D> {
  state: HomeState;
  tabs: { name: RouteName; path: string; title: string }[];
  custom: { id: string; name: string }[];
  body: D | null;
  day: Awaited<ReturnType<typeof dayDetail>> | null;
}

/** A tab's screen: the frame around the tab's body. */
export function yieldTabScreen<D>(
  tab: TabDef<D>,
  all: readonly Pick<TabDef<unknown>, "name" | "path" | "title" | "revenue">[],
): Screen<HomeSearch, HomeData<D>> {
  return defineScreen<HomeSearch, HomeData<D>>({
    validateSearch: HomeSearch,
    loader: async ({ context, search }) => {
      const ctx = await pageAreaContext(context);
      const plants = await yieldPlants(ctx);
      const state = homeState(context, ctx, plants, search);
      const revenue = hasYieldRevenue(ctx);
      const tabs = all.filter((t) => revenue || !t.revenue).map(({ name, path, title }) => ({
        name,
        path,
        title,
      }));
      const base = { state, tabs, custom: customTabs(ctx), body: null, day: null };
      if (!state.species) return base;
      const range = tab.today ? { from: ctx.today, to: ctx.today } : state.range;
      const filter = {
        speciesId: state.species.id,
        fromDate: range.from,
        toDate: range.to,
        plantIds: state.plantIds,
      };
      const q = await homeQuery(ctx, filter, plants);
      const wantsDay = search.day && isCalendarDate(search.day) && search.plant != null;
      const [body, day] = await Promise.all([
        tab.load(ctx, q, search),
        wantsDay
          ? dayDetail(ctx, { speciesId: state.species.id, plantId: search.plant!, date: search.day! })
          : null,
      ]);
      return { ...base, body, day };
    },
    component: ({ data, search }) => {
      const { state } = data;
      const links: TabLinks = {
        here: (extra) => `${tab.path}${filterQuery(state, state.range, extra)}`,
        day: (date, plantId) =>
          `${tab.path}${filterQuery(state, state.range, { drill: search.drill, day: date, plant: plantId })}`,
      };
      return (
        <div className="yield-home">
          <Filters state={state} path={tab.path} />
          <div className="yield-layout">
            <SideTabs
              tabs={data.tabs}
              custom={data.custom}
              current={tab.name}
              query={filterQuery(state, state.range)}
            />
            <section
              id="yield-tab"
              className="yield-tab panel"
              aria-labelledby="yield-tab-title"
              data-yield-live={tab.today && state.species ? "" : undefined}
              data-species={state.species?.id}
              data-today={state.today}
            >
              <div className="yield-tab-head">
                <h2 id="yield-tab-title">{tab.title}</h2>
                {state.species && (
                  <p className="muted small">
                    {state.species.name},{" "}
                    {tab.today ? `today (${formatDate(state.today)})` : describeRange(state)}
                  </p>
                )}
                <p className="yield-loading" role="status" aria-live="polite" data-yield-loading hidden>
                  Loading…
                </p>
              </div>
              <TabMessage state={state} />
              {data.body !== null && (
                <tab.Body data={data.body} state={state} links={links} search={search} />
              )}
              {data.day && (
                <div id="yield-day-detail" className="yield-day-inline">
                  <DayDetail detail={data.day} />
                </div>
              )}
            </section>
          </div>
          <dialog
            id="yield-day-dialog"
            className="confirm-dialog is-wide yield-day-dialog"
            aria-labelledby="yield-day-dialog-title"
          >
            <div className="yield-dialog-head">
              <h2 id="yield-day-dialog-title">Day detail</h2>
              <button type="button" className="btn" data-yield-close>Close</button>
            </div>
            <div data-yield-dialog-body></div>
          </dialog>
          <script type="module" src={moduleEntry("pages/yieldHome").src}></script>
        </div>
      );
    },
  });
}

function describeRange(state: HomeState) {
  const { from, to } = state.range;
  return from === to ? formatDate(from) : `${formatDate(from)} to ${formatDate(to)}`;
}

function TabMessage({ state }: { state: HomeState }) {
  if (state.speciesWithoutSites) {
    return (
      <p className="notice" role="alert">{`No sites are configured for ${state.speciesWithoutSites.name}`}</p>
    );
  }
  if (!state.species) {
    return <p className="notice" role="alert">No species: Yield Reporting is not available</p>;
  }
  return null;
}

/** Species, plant and date range as a GET form: the page script reloads once after a pause in changes. */
function Filters({ state, path }: { state: HomeState; path: string }) {
  const week = (r: HomeState["range"]) => `${path}${filterQuery(state, r)}`;
  return (
    <form
      method="get"
      action={path}
      className="yield-filters panel"
      aria-label="Yield filters"
      data-yield-filters
      data-today={state.today}
      data-species={state.species?.id}
      data-delay={RELOAD_DELAY_MS}
    >
      {state.speciesChoices.length > 0 && (
        <label className="yield-filter">
          <span>Species</span>
          <select name="species" className="input select" defaultValue={state.species?.id ?? ""}>
            {state.speciesChoices.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
      )}
      {state.plantChoices.length > 0 && (
        <label className="yield-filter">
          <span>Plant</span>
          <select
            name="plants"
            className="input select"
            defaultValue={state.plantIds.length === 1 ? state.plantIds[0] : ""}
          >
            <option value="">All plants</option>
            {state.plantChoices.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </label>
      )}
      <label className="yield-filter yield-filter-date">
        <span>Dates</span>
        <input
          name="date"
          className="input"
          defaultValue={rangeText(state.range)}
          aria-describedby="yield-date-help yield-date-error"
          autoComplete="off"
          inputMode="text"
        />
      </label>
      <div className="yield-week" role="group" aria-label="Week">
        <a className="btn" href={week(state.previous)} data-yield-week="-1">‹ Previous week</a>
        {state.canGoNext
          ? <a className="btn" href={week(state.next)} data-yield-week="1">Next week ›</a>
          : <span className="btn" aria-disabled="true" data-yield-week="1">Next week ›</span>}
      </div>
      <button type="submit" className="btn btn-primary yield-show">Show</button>
      <p id="yield-date-help" className="muted small yield-date-help">
        A number of days (14: the last 14), a date (1/12/2026) or a range (1/11/2026 - 30/11/2026)
      </p>
      <p id="yield-date-error" className="field-error" role="alert" data-yield-date-error>
        {state.problem ?? ""}
      </p>
    </form>
  );
}

function SideTabs({ tabs, custom, current, query }: {
  tabs: HomeData<unknown>["tabs"];
  custom: HomeData<unknown>["custom"];
  current: RouteName;
  query: string;
}) {
  return (
    <nav className="yield-side-tabs" aria-label="Yield tabs">
      <ul>
        {tabs.map((t) => (
          <li key={t.name}>
            <a
              href={`${t.path}${query}`}
              aria-current={t.name === current ? "page" : undefined}
              data-yield-tab-link
            >
              {t.title}
            </a>
          </li>
        ))}
        {custom.map((c) => (
          <li key={c.id}>
            <a href={`${CUSTOM_PATH}/${encodeURIComponent(c.id)}${query}`} data-yield-tab-link>{c.name}</a>
          </li>
        ))}
        <li>
          <a href={`${CUSTOM_PATH}${query}`} className="yield-cog" data-yield-tab-link>
            <span aria-hidden="true">⚙</span> Custom tabs
          </a>
        </li>
      </ul>
    </nav>
  );
}

export type { PageContext };
