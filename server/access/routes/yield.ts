import { route, type RouteDef } from "./define.ts";

/**
 * Yield reporting (spec 3 §2.1). /yield is the yield home ("Plant Analysis",
 * the home page of the yieldReporting module); its menu entries form the
 * "Yield Reports" nested menu. Revenue pages also need the yieldRevenue
 * module, which gates revenue figures (spec 3 §5).
 */
const y = (rest: string) => `/yield${rest}`;
const YIELD = { icon: "yield" } as const;
const MENU = { ...YIELD, inHomeMenu: true, nestedMenu: "Yield Reports" } as const;
const REVENUE = { ...YIELD, modules: ["yieldRevenue"] } as const;
const YIELD_QUERY = ["species", "date", "toDate", "plants", "brs", "shifts", "goIds"] as const;

export const YIELD_ROUTES = [
  route("/yield", "Plant Analysis", "yield", {
    ...MENU,
    modules: ["yieldReporting"],
    canBeHomePage: true,
    homeModule: "yieldReporting",
    children: [
      route(y("/segments"), "Segment Variance", "yieldSegments", YIELD),
      route(y("/segmentstoday"), "Segments Today", "yieldSegmentsToday", YIELD),
      route(y("/yield"), "Yield", "yieldYield", YIELD),
      route(y("/yieldvariance"), "Yield Variance", "yieldVariance", YIELD),
      route(y("/revenue"), "Revenue", "yieldRevenue", REVENUE),
      route(y("/revenuevariance"), "Revenue Variance", "yieldRevenueVariance", REVENUE),
      route(y("/volume"), "Volume", "yieldVolume", YIELD),
      route(y("/custom/{-$id}"), "Custom Metric", "yieldCustom", YIELD),
      route(y("/edit"), "Edit Graph", "yieldEdit", {
        ...YIELD,
        search: [...YIELD_QUERY, "graphType", "bodySegments", "primalSegments", "cuts"],
      }),
      route(y("/table"), "Yield Table", "yieldTable", {
        ...YIELD,
        search: [...YIELD_QUERY, "primalFocus", "templateId"],
      }),
      route(y("/analysisByRun"), "Plant Analysis By Run", "yieldAnalysisByRun", MENU),
      route(y("/customreports"), "Yield Summary Reports", "yieldCustomReports", MENU),
      route(y("/viewreport"), "Yield Report", "yieldViewReport", { ...YIELD, search: ["id"] }),
      route(y("/createreport"), "Create Report", "yieldCreateReport", YIELD),
      route(y("/editreport/$id"), "Edit Report", "yieldEditReport", YIELD),
      route(y("/operationalyield"), "Operational Yield Reports", "yieldOperational", MENU),
      route(
        y("/editoperationalyieldreport/$id"),
        "Edit Operational Yield Report",
        "yieldEditOperational",
        YIELD,
      ),
      route(y("/createopyieldreport"), "Create Operational Yield Report", "yieldCreateOperational", YIELD),
    ],
  }),
] as const satisfies readonly RouteDef[];
