/**
 * One invoice (home/invoicemanager/edit/{id}): the editor island over the invoice's figures, and the
 * document itself for printing (the print stylesheet prints the document, not the editor).
 */
import { href } from "../../../access/routes.ts";
import { InvoiceEditor } from "../../../pages/islands.tsx";
import { defineScreen, pathId } from "../../../pages/screen.ts";
import { pageService } from "../../context.ts";
import { InvoiceQueries } from "../queries.ts";
import { INVOICES_API } from "../paths.ts";

export const InvoiceEditScreen = defineScreen({
  loader: async ({ context, params }) => {
    const q = await pageService(context, InvoiceQueries);
    return { view: await q.view(pathId(params.id)) };
  },
  component: ({ data }) => {
    const { view } = data;
    const manager = `${href("invoicemanager")}?tab=${
      view.status === "Draft" ? (view.hasCorrections ? "corrections" : "created") : "published"
    }&speciesId=${view.speciesId}`;
    return (
      <section className="panel" aria-labelledby="invoice-title">
        <div className="panel-head no-print">
          <h2 id="invoice-title">
            {view.invoiceNumber ?? `Draft invoice ${view.id}`} · {view.supplierName}
          </h2>
          <a className="btn" href={manager}>Back to the invoice manager</a>
        </div>
        {/* prints as the invoice: the island marks its forms and buttons no-print */}
        <InvoiceEditor view={view} api={INVOICES_API} managerHref={manager} />
      </section>
    );
  },
});
