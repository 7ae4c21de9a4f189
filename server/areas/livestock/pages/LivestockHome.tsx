/**
 * The buy module's home (/home/livestock, "Livestock Orders"): tabs for order groups and the master
 * data orders are made from. Tabs are links (`?tab=`), so the page works without script. It lives
 * with the parties, whose tabs it mostly is; the order groups tab is the orders area's panel.
 */
import { z } from "zod";
import { wholeNumber } from "../../../http/params.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
// shared with the pricing and volume target screens; see that file
import { TabBar } from "../../../../client/ui/TabBar.tsx";
import { orderGroupsPanel } from "../orders/pages/OrderGroups.tsx";
import { type BuyHomeTab, buyHomeTab, type PartyKind } from "../parties/paths.ts";
import { buyHomePartyPanel } from "../parties/pages/Parties.tsx";

export const LIVESTOCK_TABS = [
  { key: "orders", title: "Order groups", kind: null },
  { key: "suppliers", title: "Suppliers", kind: "supplier" },
  { key: "buyers", title: "Buyers", kind: "buyer" },
  { key: "transport", title: "Transport companies", kind: "transportCompany" },
  { key: "stakeholders", title: "Stakeholders", kind: "stakeholder" },
] as const satisfies readonly { key: BuyHomeTab; title: string; kind: PartyKind | null }[];

export const LivestockHomeScreen = defineScreen({
  // the buying office's home, opened again all day: kept until an order or a party changes
  kept: true,
  validateSearch: z.object({
    tab: z.enum(LIVESTOCK_TABS.map((t) => t.key) as [BuyHomeTab, ...BuyHomeTab[]]).optional(),
    q: z.string().max(100).optional(),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    start: wholeNumber({ min: 0, max: 1_000_000 }).optional(),
  }),
  loader: async (
    { context, search }: {
      context: PageContext;
      search: { tab?: BuyHomeTab; q?: string; from?: string; to?: string; start?: number };
    },
  ) => {
    const tabs = tabsFor(context);
    const tab = tabs.find((t) => t.key === search.tab) ?? tabs[0];
    const panel = tab.kind
      ? await buyHomePartyPanel(tab.kind, context, search.q, tab.key)
      : await orderGroupsPanel(context, search);
    return { tabs, tab: tab.key, panel };
  },
  component: ({ data }) => (
    <>
      <TabBar tabs={data.tabs} current={data.tab} href={(key) => buyHomeTab(key as BuyHomeTab)} />
      {data.panel}
    </>
  ),
});

/** Orders are for processors (spec 1 §6); other tenants see the master data tabs only. */
function tabsFor(context: PageContext) {
  const processor = context.caller!.subject.tenantCategories.includes("processor");
  return LIVESTOCK_TABS.filter((t) => t.kind || processor);
}
