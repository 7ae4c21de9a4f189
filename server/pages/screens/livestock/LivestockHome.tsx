/**
 * The buy module's home (/home/livestock, "Livestock Orders"): tabs for order groups and the master
 * data orders are made from. Tabs are links (`?tab=`), so the page works without script.
 */
import { z } from "zod";
import { LIVESTOCK_PREFIX } from "../../../access/routes/livestock.ts";
import { defineScreen } from "../../screen.ts";
import type { PageContext } from "../../context.ts";
import { type PartyKind, PartyListPanel, type PartyPaths, partyTable } from "./parties.tsx";
import { orderGroupsPanel } from "./orders.tsx";

export const LIVESTOCK_TABS = [
  { key: "orders", title: "Order groups", kind: null },
  { key: "suppliers", title: "Suppliers", kind: "supplier" },
  { key: "buyers", title: "Buyers", kind: "buyer" },
  { key: "transport", title: "Transport companies", kind: "transportCompany" },
  { key: "stakeholders", title: "Stakeholders", kind: "stakeholder" },
] as const satisfies readonly { key: string; title: string; kind: PartyKind | null }[];
type TabKey = (typeof LIVESTOCK_TABS)[number]["key"];

const p = (rest: string) => `${LIVESTOCK_PREFIX}${rest}`;

/** The buyer area's paths of each master-data kind (spec 1 §2 "Livestock routes"). */
export const BUYER_AREA_PATHS: Record<PartyKind, PartyPaths> = {
  supplier: { list: p("?tab=suppliers"), edit: (id) => p(`/suppliers/${id}`), create: p("/supplier/new") },
  buyer: { list: p("?tab=buyers"), edit: (id) => p(`/buyer/${id}`), create: p("/buyer/new") },
  transportCompany: {
    list: p("?tab=transport"),
    edit: (id) => p(`/transportCompanies/${id}`),
    create: p("/transportCompany/new"),
  },
  stakeholder: {
    list: p("?tab=stakeholders"),
    edit: (id) => p(`/stakeholders/${id}`),
    create: p("/stakeholder/new"),
  },
};

export function TabBar({ tabs, current, href }: {
  tabs: readonly { key: string; title: string }[];
  current: string;
  href: (key: string) => string;
}) {
  return (
    <nav className="tabs" aria-label="Sections">
      {tabs.map((t) => (
        <a
          key={t.key}
          href={href(t.key)}
          className="tab"
          aria-current={t.key === current ? "page" : undefined}
        >
          {t.title}
        </a>
      ))}
    </nav>
  );
}

export const LivestockHomeScreen = defineScreen({
  validateSearch: z.object({
    tab: z.enum(LIVESTOCK_TABS.map((t) => t.key) as [TabKey, ...TabKey[]]).optional(),
    q: z.string().max(100).optional(),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  }),
  loader: async (
    { context, search }: {
      context: PageContext;
      search: { tab?: TabKey; q?: string; from?: string; to?: string };
    },
  ) => {
    const tabs = tabsFor(context);
    const tab = tabs.find((t) => t.key === search.tab) ?? tabs[0];
    if (!tab.kind) return { tabs, tab: tab.key, kind: null, panel: await orderGroupsPanel(context, search) };
    const table = await partyTable(tab.kind, context, search.q, BUYER_AREA_PATHS[tab.kind]);
    return { tabs, tab: tab.key, kind: tab.kind, panel: table };
  },
  component: ({ data, search, context }) => (
    <>
      <TabBar tabs={data.tabs} current={data.tab} href={(key) => p(`?tab=${key}`)} />
      {data.kind
        ? (
          <PartyListPanel
            kind={data.kind}
            context={context}
            q={search.q}
            paths={BUYER_AREA_PATHS[data.kind]}
            table={data.panel}
            extraQuery={{ tab: data.tab }}
          />
        )
        : data.panel}
    </>
  ),
});

/** Orders are for processors (spec 1 §6); other tenants see the master data tabs only. */
function tabsFor(context: PageContext) {
  const processor = context.caller!.subject.tenantCategories.includes("processor");
  return LIVESTOCK_TABS.filter((t) => t.kind || processor);
}
