/**
 * One invoice (home/invoicemanager/edit/{id}): the editor island over the invoice's figures, and the
 * document itself for printing (the print stylesheet prints the document, not the editor).
 */
import { href } from "../../../access/routes.ts";
import { InvoiceEditor } from "../../../pages/islands.tsx";
import { defineScreen, pathId } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { invoiceView } from "../queries/invoice.ts";
import { INVOICES_API } from "../paths.ts";

export const InvoiceEditScreen = defineScreen({
  loader: async ({ context, params }) => {
    return { view: await invoiceView(await pageAreaContext(context), pathId(params.id)) };
  },
  component: ({ data }) => (
    <section className="panel" aria-labelledby="invoice-title">
      {/* the editor heads itself (its heading follows publish); the document prints, not the editor */}
      <InvoiceEditor view={data.view} api={INVOICES_API} managerPath={href("invoicemanager")} />
    </section>
  ),
});
