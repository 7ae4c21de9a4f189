/**
 * The buy module's home (/home/livestock, "Livestock Orders"): tabs for order groups and the master
 * data orders are made from. Tabs are links (`?tab=`), so the page works without script.
 */
import { z } from "zod";
import { LIVESTOCK_PREFIX } from "../../../access/routes/livestock.ts";
import { defineScreen } from "../../screen.ts";
import type { PageContext } from "../../context.ts";
import { type PartyKind, PartyListPanel, type PartyPaths, partyTable } from "./parties.tsx";

export const LIVESTOCK_TABS = [
  { key: "suppliers", title: "Suppliers", kind: "supplier" },
  { key: "buyers", title: "Buyers", kind: "buyer" },
  { key: "transport", title: "Transport companies", kind: "transportCompany" },
  { key: "stakeholders", title: "Stakeholders", kind: "stakeholder" },
] as const satisfies readonly { key: string; title: string; kind: PartyKind }[];
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
  }),
  loader: async ({ context, search }: { context: PageContext; search: { tab?: TabKey; q?: string } }) => {
    const tab = LIVESTOCK_TABS.find((t) => t.key === (search.tab ?? "suppliers"))!;
    const paths = BUYER_AREA_PATHS[tab.kind];
    return { tab: tab.key, kind: tab.kind, table: await partyTable(tab.kind, context, search.q, paths) };
  },
  component: ({ data, search, context }) => (
    <>
      <TabBar tabs={LIVESTOCK_TABS} current={data.tab} href={(key) => p(`?tab=${key}`)} />
      <PartyListPanel
        kind={data.kind}
        context={context}
        q={search.q}
        paths={BUYER_AREA_PATHS[data.kind]}
        table={data.table}
        extraQuery={{ tab: data.tab }}
      />
    </>
  ),
});
