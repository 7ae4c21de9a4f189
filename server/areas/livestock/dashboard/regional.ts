/**
 * The regional summary's figures (home/livestockRegionalSummary, flag regionalLivestockDashboardMenu): head
 * and cost by supplier state, region and supplier, over the same checked view as the dashboard's panels.
 */
import type { AreaContext } from "../../context.ts";
import { costSums, orderSumsBySupplier, suppliersOf } from "./queries.ts";
import { centsPerHead, centsPerKg, regionOf, stateOf } from "./rules.ts";
import type { DashboardBody, RegionalSummary, RegionRow } from "./schemas.ts";
import { type DashboardView, periodFields, viewOf } from "./operations.ts";

/** Head and cost by supplier state and region (town). */
export async function regionalPanel(ctx: AreaContext, v: DashboardView): Promise<RegionalSummary> {
  const [orders, costs] = await Promise.all([orderSumsBySupplier(ctx, v), costSums(ctx, v)]);
  const ids = [...new Set([...orders.map((o) => o.supplierId), ...costs.map((c) => c.supplierId)])];
  const suppliers = new Map((await suppliersOf(ctx, ids)).map((s) => [s.id, s]));
  const regions = new Map<string, RegionRow & { supplierIds: Set<number> }>();
  const states = new Map<string, RegionRow & { supplierIds: Set<number> }>();
  const rowOf = (map: typeof regions, state: string, region: string) => {
    const key = `${state}\u0000${region}`;
    let row = map.get(key);
    if (!row) {
      row = {
        state,
        region,
        suppliers: 0,
        orders: 0,
        bought: 0,
        processed: 0,
        invoicedHead: 0,
        costCents: 0,
        hscwKg: 0,
        centsPerHead: null,
        centsPerKg: null,
        supplierIds: new Set(),
      };
      map.set(key, row);
    }
    return row;
  };
  const bySupplier = new Map<string, RegionRow & { supplierIds: Set<number> }>();
  const placesOf = (supplierId: number) => {
    const s = suppliers.get(supplierId) ?? { city: "", location: "", state: "" };
    const state = stateOf(s), region = regionOf(s);
    return [
      rowOf(regions, state, region),
      rowOf(states, state, "All"),
      rowOf(bySupplier, state, `${region}\u0000${supplierId}`),
    ];
  };
  // a supplier's figures count in its region, its state and its own row alike
  const addTo = (supplierId: number, add: (row: ReturnType<typeof placesOf>[number]) => void) => {
    for (const row of placesOf(supplierId)) {
      row.supplierIds.add(supplierId);
      add(row);
    }
  };
  for (const o of orders) {
    addTo(o.supplierId, (row) => {
      row.orders += o.orders;
      row.bought += o.bought;
      row.processed += o.processed;
    });
  }
  for (const c of costs) {
    addTo(c.supplierId, (row) => {
      row.invoicedHead += c.head;
      row.costCents += c.cents;
      row.hscwKg += c.kg;
    });
  }
  const finish = (map: typeof regions): RegionRow[] =>
    [...map.values()].map(({ supplierIds, ...row }) => ({
      ...row,
      suppliers: supplierIds.size,
      hscwKg: Math.round(row.hscwKg * 10) / 10,
      centsPerHead: centsPerHead(row.costCents, row.invoicedHead),
      centsPerKg: centsPerKg(row.costCents, row.hscwKg),
    })).sort((a, b) => a.state.localeCompare(b.state) || a.region.localeCompare(b.region));
  return {
    ...periodFields(v),
    regions: finish(regions),
    states: finish(states),
    suppliers: finish(bySupplier).map((row) => {
      const [region, id] = row.region.split("\u0000");
      const supplierId = Number(id);
      return {
        ...row,
        region,
        supplierId,
        supplierName: suppliers.get(supplierId)?.name ?? `Supplier ${id}`,
      };
    }).sort((a, b) => b.bought - a.bought || a.supplierName.localeCompare(b.supplierName)),
  };
}

export function livestockRegionalSummary(ctx: AreaContext, body: DashboardBody): Promise<RegionalSummary> {
  return regionalPanel(ctx, viewOf(ctx, body));
}
