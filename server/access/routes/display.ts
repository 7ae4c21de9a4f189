import { route, type RouteDef } from "./define.ts";

/**
 * Display carousel (spec 1 §2, spec 3 §2.4). Minimum role "display" so wall
 * display users reach it (every higher role does too). It is a home
 * candidate only for the display role, otherwise every user would have it
 * as a candidate and "exactly one candidate" would pick a TV screen.
 */
const d = (rest: string) => `/display${rest}`;
const DISPLAY = { roleValue: "display", icon: "display", tv: true } as const;

export const DISPLAY_ROUTES = [
  route("/display", "Display", "displayHome", {
    ...DISPLAY,
    inHomeMenu: true,
    canBeHomePage: true,
    homeForRoles: ["display"],
    // the plant's wall screens: a producer tenant has none (issue 44 §7)
    tenantCategory: "processor",
    children: [
      route(d("/killagendareport/$paramSpecies"), "Kill Agenda", "displayKillagendaReport", {
        ...DISPLAY,
        modules: ["livestock"],
        tenantCategory: "processor",
      }),
      route(d("/stockyard"), "Stockyard", "displayStockyard", { ...DISPLAY, modules: ["stockyard"] }),
      route(d("/yieldCarcass/$index"), "Yield Carcass", "displayYieldCarcass", {
        ...DISPLAY,
        modules: ["yieldReporting"],
      }),
      route(d("/operationalyield/$id"), "Operational Yield", "displayOperationalYield", {
        ...DISPLAY,
        modules: ["yieldReporting"],
      }),
      route(d("/viewreport/$id"), "Report", "displayViewReport", { ...DISPLAY, modules: ["yieldReporting"] }),
      route(d("/configure"), "Configure Display", "displayConfigure", {
        ...DISPLAY,
        icon: "settings",
        tv: false,
        // an admin sets any display's screens, a display its own (issue 20)
        onlyRoles: ["display", "admin", "super"],
      }),
    ],
  }),
] as const satisfies readonly RouteDef[];
