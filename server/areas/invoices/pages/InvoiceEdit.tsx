/**
 * One invoice (home/invoicemanager/edit/{id}): the editor island over the invoice's figures, and the
 * document itself for printing (the print stylesheet prints the document, not the editor).
 */
import { href, type RouteName } from "../../../access/routes.ts";
import { type AccessSubject, canSeeRouteNamed } from "../../../access/mod.ts";
import { InvoiceEditor } from "../../../pages/islands.tsx";
import { defineScreen, pathId } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { invoiceView } from "../queries/invoice.ts";
import { INVOICES_API } from "../paths.ts";

/** The defect settings a draft's warning links to, for a caller who can open them (the route table says). */
function defectLinksFor(subject: AccessSubject) {
  const link = (name: RouteName) => canSeeRouteNamed(subject, name) ? href(name) : null;
  return { newRule: link("settingsNewDefectDetail"), carcassDefects: link("settingsCarcassDefects") };
}

export const InvoiceEditScreen = defineScreen({
  loader: async ({ context, params }) => {
    return { view: await invoiceView(await pageAreaContext(context), pathId(params.id)) };
  },
  component: ({ data, context }) => (
    <section className="panel" aria-labelledby="invoice-title">
      {/* the editor heads itself (its heading follows publish); the document prints, not the editor */}
      <InvoiceEditor
        view={data.view}
        api={INVOICES_API}
        managerPath={href("invoicemanager")}
        defectLinks={defectLinksFor(context.caller!.subject)}
        paymentsPath={canSeeRouteNamed(context.caller!.subject, "invoicePayments")
          ? href("invoicePayments")
          : null}
        timeZone={context.timeZone}
      />
    </section>
  ),
});
