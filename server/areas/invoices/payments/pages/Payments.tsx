/**
 * Invoice manager › Payments (home/invoicemanager/payments): pay suppliers by bank file. The invoices due
 * by a day (a plain GET form; default a week ahead) and the payment files made are one island
 * (PaymentRuns: tick, create and download, cancel); the file settings are the generic data form.
 */
import { z } from "zod";
import type { DataFormProps } from "../../../../../client/islands/DataForm.tsx";
import { href } from "../../../../access/routes.ts";
import { DataForm, PaymentRuns } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { isoDate } from "../../../../http/validation.ts";
import { pageAreaContext } from "../../../context.ts";
import { listRuns, toPay } from "../queries.ts";
import { readSettings } from "../operations.ts";
import { PAYMENTS_API } from "../paths.ts";
import { abaBsb } from "../aba.ts";

const Search = z.object({ dueBy: isoDate.optional().catch(undefined) });

type Settings = Awaited<ReturnType<typeof readSettings>>;

function settingsForm(s: Settings): DataFormProps {
  return {
    id: "payment-file-settings",
    fields: [
      {
        name: "bankAbbreviation",
        label: "Bank",
        type: "text",
        required: true,
        placeholder: "CBA",
        help: "The three letters your bank uses in payment files: CBA, WBC, NAB, ANZ, …",
      },
      {
        name: "apcaUserId",
        label: "APCA user id",
        type: "text",
        required: true,
        help: "6 digits, from your bank.",
      },
      {
        name: "userName",
        label: "Name on the file",
        type: "text",
        help: "As your bank knows you (up to 26).",
      },
      {
        name: "description",
        label: "Description",
        type: "text",
        required: true,
        help: "Up to 12, e.g. LIVESTOCK.",
      },
      {
        name: "balancing",
        label: "Balancing line",
        type: "checkbox",
        help: "Add a debit of the total from your own account (some banks want it).",
      },
    ],
    initial: { id: 1, ...s },
    submit: {
      method: "POST",
      url: PAYMENTS_API.saveSettings,
      bodyFields: ["bankAbbreviation", "apcaUserId", "userName", "description", "balancing"],
    },
    successToast: "The payment file settings are saved.",
    redirectTo: href("invoicePayments"),
  };
}

export const PaymentsScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const [due, runs, settings] = await Promise.all([toPay(ctx, search), listRuns(ctx), readSettings(ctx)]);
    return { due, runs, settings, today: ctx.today };
  },
  component: ({ data }) => {
    const path = href("invoicePayments");
    const own = data.settings.ownBsb
      ? `${data.settings.ownName}, BSB ${
        abaBsb(data.settings.ownBsb) ?? data.settings.ownBsb
      }, account ${data.settings.ownAccountNumber}`
      : "not recorded";
    return (
      <section className="panel stack" aria-labelledby="pay-title">
        <div className="panel-head">
          <h2 id="pay-title">Payments</h2>
          <nav className="actions no-print" aria-label="Invoices">
            <a className="btn" href={href("invoicemanager")}>Invoice manager</a>
          </nav>
        </div>
        <p className="muted">
          Pay suppliers for published invoices with a payment file (ABA) you upload to your bank.
        </p>
        <form method="get" action={path} className="inline-form toolbar no-print">
          <label>
            Due by <input type="date" name="dueBy" defaultValue={data.due.dueBy} required />
          </label>
          <button type="submit" className="btn">Show</button>
        </form>
        <PaymentRuns
          dueBy={data.due.dueBy}
          processingDate={data.today}
          invoices={data.due.invoices}
          setupProblems={data.due.setupProblems}
          runs={data.runs}
          paths={PAYMENTS_API}
          editHref={href("invoiceEdit", { id: "{id}" })}
        />
        <details>
          <summary>Payment file settings (paid from: {own})</summary>
          <DataForm {...settingsForm(data.settings)} />
        </details>
      </section>
    );
  },
});
