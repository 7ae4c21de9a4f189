/**
 * home/locationinfo (spec 1 §2, super only): where stock is (each site's places and its yards and
 * paddocks with the head in them) and where suppliers are (their location, town, state, postcode and
 * PIC), as lists. No map: no map library with offline tiles is available here (docs/decisions.md).
 */
import { z } from "zod";
import { SearchForm } from "../../../../client/ui/SearchForm.tsx";
import { TabBar } from "../../../../client/ui/TabBar.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatHead } from "../../../../kernel/format.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { LIST_LIMIT, listSuppliers } from "../../livestock/parties/service.ts";
import { yards as stockyards } from "../../stockyard/queries.ts";
import { listLocations } from "../operations/sites.ts";

const PATH = "/home/locationinfo";
const TABS = [
  { key: "stock", title: "Stock locations" },
  { key: "suppliers", title: "Supplier locations" },
] as const;

export const LocationInfoScreen = defineScreen({
  validateSearch: z.object({
    tab: z.enum(["stock", "suppliers"]).optional(),
    q: z.string().max(100).optional(),
  }),
  loader: async ({ context, search }) => {
    const tab = search.tab ?? "stock";
    const ctx = await pageAreaContext(context);
    if (tab === "suppliers") {
      const suppliers = await listSuppliers(ctx, search.q?.trim() || undefined);
      return { tab, suppliers, places: [], yards: [] };
    }
    const [places, yards] = await Promise.all([
      listLocations(ctx),
      stockyards(ctx),
    ]);
    return { tab, suppliers: [], places, yards };
  },
  component: ({ data, search, context }) => {
    const siteName = new Map(context.caller!.sites.map((s) => [s.id, s.name]));
    return (
      <>
        <TabBar tabs={TABS} current={data.tab} href={(k) => `${PATH}?tab=${k}`} />
        {data.tab === "stock"
          ? (
            <>
              <section className="panel" aria-labelledby="yards-title">
                <h2 id="yards-title">Yards and paddocks</h2>
                <Table
                  rows={data.yards}
                  rowKey={(y) => y.id}
                  empty="No yard or paddock has been set up."
                  columns={[
                    { header: "Site", cell: (y) => siteName.get(y.tenantSiteId) ?? "—" },
                    { header: "Yard", cell: (y) => y.name },
                    { header: "Kind", cell: (y) => y.isPaddockGroup ? "Paddocks" : "Yard" },
                    { header: "Species", cell: (y) => y.speciesName },
                    { header: "Head", className: "nowrap num", cell: (y) => formatHead(y.head) },
                    {
                      header: "Pens used",
                      optional: true,
                      className: "nowrap num",
                      cell: (y) => `${y.pensUsed} of ${y.pens}`,
                    },
                    { header: "In use", optional: true, cell: (y) => y.isOperational ? "Yes" : "No" },
                  ]}
                />
              </section>
              <section className="panel" aria-labelledby="places-title">
                <h2 id="places-title">Places on the sites</h2>
                <Table
                  rows={data.places}
                  rowKey={(l) => l.id}
                  empty="No place has been set up on the sites."
                  columns={[
                    { header: "Site", cell: (l) => l.siteName },
                    { header: "Place", cell: (l) => l.name },
                    { header: "Kind", cell: (l) => l.typeLabel },
                    { header: "In use", cell: (l) => l.isActive ? "Yes" : "No" },
                  ]}
                />
              </section>
            </>
          )
          : (
            <section className="panel" aria-labelledby="supplier-places-title">
              <div className="panel-head">
                <h2 id="supplier-places-title">Supplier locations</h2>
                <SearchForm
                  id="supplier-place-search"
                  label="Search suppliers"
                  value={search.q}
                  placeholder="Name, place or PIC"
                  keep={{ tab: "suppliers" }}
                  clearHref={`${PATH}?tab=suppliers`}
                />
              </div>
              <Table
                rows={data.suppliers}
                rowKey={(s) => s.id}
                empty={search.q ? `No supplier matches “${search.q}”.` : "No supplier yet."}
                columns={[
                  { header: "Supplier", cell: (s) => s.name },
                  { header: "Location", cell: (s) => s.location || "—" },
                  { header: "Town", cell: (s) => s.primaryAddress.city || "—" },
                  { header: "State", cell: (s) => s.primaryAddress.state || "—" },
                  { header: "Postcode", optional: true, cell: (s) => s.primaryAddress.postcode || "—" },
                  { header: "PIC", className: "nowrap", cell: (s) => s.pic || "—" },
                ]}
              />
              {data.suppliers.length >= LIST_LIMIT && (
                <p className="muted small">The first {LIST_LIMIT} are shown: search to find others.</p>
              )}
            </section>
          )}
      </>
    );
  },
});
