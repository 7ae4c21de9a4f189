/**
 * recharts for the charts drawn on the server, loaded on first use (issue 40, ready time; kernel/onFirstUse.ts).
 * The charts import their parts from here instead of from "recharts": these are live bindings, filled in when
 * `loadRecharts()` resolves, so the charts keep their code and draw exactly as before. The page handler
 * awaits `loadRecharts()` before it renders (server/pages/handler.tsx); code that draws a chart outside a
 * page (a test, a bench) awaits it first.
 */
import type * as Recharts from "recharts";
import { onFirstUse } from "../../../kernel/onFirstUse.ts";

export let Area: typeof Recharts.Area;
export let Bar: typeof Recharts.Bar;
export let BarChart: typeof Recharts.BarChart;
export let CartesianGrid: typeof Recharts.CartesianGrid;
export let Cell: typeof Recharts.Cell;
export let ComposedChart: typeof Recharts.ComposedChart;
export let Customized: typeof Recharts.Customized;
export let LabelList: typeof Recharts.LabelList;
export let Line: typeof Recharts.Line;
export let LineChart: typeof Recharts.LineChart;
export let ReferenceLine: typeof Recharts.ReferenceLine;
export let XAxis: typeof Recharts.XAxis;
export let YAxis: typeof Recharts.YAxis;

/** Loads recharts (once) and fills in the parts above. */
export const loadRecharts: () => Promise<void> = onFirstUse(async () => {
  const m = await import("recharts");
  ({ Area, Bar, BarChart, CartesianGrid, Cell, ComposedChart, Customized, LabelList, Line, LineChart } = m);
  ({ ReferenceLine, XAxis, YAxis } = m);
});
