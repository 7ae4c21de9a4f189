/**
 * The invoice manager (home/invoicemanager, spec 2 §2.1): for one species of the user's invoicing setting,
 * the invoices to be created (killed mobs not on an invoice), the drafts, the drafts whose kill floor data
 * changed since they were computed ("with corrections", kept apart), and the published and finalised ones
 * of a period. The list and its actions are one island (selection, create, publish, unpublish, finalise,
 * live reload); the filters are plain GET forms.
 */
import { z } from "zod";
import { href } from "../../../access/routes.ts";
import { InvoiceList } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { pageAreaContext } from "../../context.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { invoiceSpecies, invoicingSpecies } from "../queries/species.ts";
import { createdInvoices, publishedInvoices, toBeCreated as ordersToInvoice } from "../queries/lists.ts";
import { INVOICES_API } from "../paths.ts";
import type { TabCounts } from "../../../../client/islands/InvoiceList.tsx";

export const INVOICE_TABS = [
  { key: "tobecreated", title: "To be created" },
  { key: "created", title: "Drafts" },
  { key: "corrections", title: "With corrections" },
  { key: "published", title: "Published" },
] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number]["key"];

const Search = z.object({
  tab: z.enum(INVOICE_TABS.map((t) => t.key) as [InvoiceTab, ...InvoiceTab[]]).optional().catch(undefined),
  speciesId: idNumber().optional().catch(undefined),
  fromDate: isoDate.optional().catch(undefined),
  toDate: isoDate.optional().catch(undefined),
});

export const InvoiceManagerScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const species = invoicingSpecies(ctx);
    const speciesId = invoiceSpecies(
      ctx,
      species.some((s) => s.id === search.speciesId) ? search.speciesId : null,
    );
    const tab = search.tab ?? "tobecreated";
    const toDate = search.toDate ?? context.today;
    const fromDate = search.fromDate ?? addDays(toDate, -14);
    const [toBeCreated, drafts, published] = await Promise.all([
      ordersToInvoice(ctx, speciesId),
      createdInvoices(ctx, speciesId),
      tab === "published" ? publishedInvoices(ctx, speciesId, fromDate, toDate) : Promise.resolve([]),
    ]);
    return {
      species,
      speciesId,
      tab,
      fromDate,
      toDate,
      toBeCreated,
      drafts,
      published,
      timeZone: context.timeZone,
    };
  },
  component: ({ data }) => {
    const { species, speciesId, tab, fromDate, toDate } = data;
    const corrections = data.drafts.filter((d) => d.hasCorrections);
    const drafts = data.drafts.filter((d) => !d.hasCorrections);
    const counts: TabCounts = {
      tobecreated: data.toBeCreated.length,
      created: drafts.length,
      corrections: corrections.length,
      published: null,
    };
    const path = href("invoicemanager");
    const link = (t: string) =>
      `${path}?tab=${t}&speciesId=${speciesId}${
        t === "published" ? `&fromDate=${fromDate}&toDate=${toDate}` : ""
      }`;
    return (
      <section className="panel" aria-labelledby="im-title">
        <div className="panel-head">
          <h2 id="im-title">Invoice manager</h2>
          <nav className="actions no-print" aria-label="Reports">
            <a className="btn" href={`${href("levyreporting")}?speciesId=${speciesId}`}>Levy report</a>
            <a className="btn" href={`${href("feedBackSheets")}?speciesId=${speciesId}`}>Feedback sheets</a>
            <a className="btn" href={href("invoicePayments")}>Payments</a>
          </nav>
        </div>
        <form method="get" action={path} className="inline-form toolbar no-print" data-autosubmit>
          <input type="hidden" name="tab" value={tab} />
          <label>
            Species{" "}
            <select name="speciesId" defaultValue={String(speciesId)}>
              {species.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </label>
          {tab === "published" && (
            <>
              <label>
                Published from <input type="date" name="fromDate" defaultValue={fromDate} required />
              </label>
              <label>
                to <input type="date" name="toDate" defaultValue={toDate} required />
              </label>
            </>
          )}
          <button type="submit" className="btn">Show</button>
        </form>
        {/* the tabs are the island's: their counts change with what it does */}
        <InvoiceList
          tab={tab}
          tabs={INVOICE_TABS.map((t) => ({ ...t, href: link(t.key) }))}
          counts={counts}
          speciesId={speciesId}
          fromDate={fromDate}
          toDate={toDate}
          toBeCreated={tab === "tobecreated" ? data.toBeCreated : []}
          invoices={tab === "created" ? drafts : tab === "corrections" ? corrections : data.published}
          editHref={href("invoiceEdit", { id: "{id}" })}
          api={INVOICES_API}
          timeZone={data.timeZone}
        />
      </section>
    );
  },
});
