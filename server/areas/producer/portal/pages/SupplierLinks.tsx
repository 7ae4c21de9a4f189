/**
 * A processor's supplier record › Producer portal link (/home/livestock/suppliers/$id/portal, issue 44 §1):
 * the supplier's links to producer tenants; invite the producer by email (the code is shown once, to send
 * on) or link it by the code the farm gave; end a link (asked to confirm).
 */
import { defineScreen, pathId } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { getSupplier } from "../../../livestock/parties/queries.ts";
import { LINK_SCOPES } from "../../../../../db/control/producerLinks.ts";
import { processorLinks } from "../../links/operations.ts";
import { LINKS_API } from "../../links/api.ts";
import { SCOPE_WORDS } from "../../links/words.ts";

const STATE_WORDS = { waiting: "Invitation sent", active: "Linked", ended: "Ended" } as const;

const grantFields = (withSection: string): FieldSpec[] => [
  {
    name: "scopes",
    label: "Share",
    type: "multiselect",
    required: true,
    options: LINK_SCOPES.map((s) => ({ value: s, label: SCOPE_WORDS[s] })),
    section: withSection,
  },
  {
    name: "visibleFrom",
    label: "From day",
    type: "date",
    required: true,
    help: "Nothing killed before it is shown.",
  },
];

export const SupplierPortalScreen = defineScreen({
  loader: async ({ context, params }) => {
    const ctx = await pageAreaContext(context);
    const supplier = await getSupplier(ctx, pathId(params.id));
    return { supplier, links: await processorLinks(ctx, { supplierId: supplier.id }), today: ctx.today };
  },
  component: ({ data }) => {
    const { supplier } = data;
    const initial = {
      supplierIds: [supplier.id],
      scopes: ["feedback", "remittances"],
      visibleFrom: data.today,
    };
    return (
      <>
        <section className="panel" aria-label="Producer portal links">
          <div className="panel-head">
            <h2>{supplier.name}: producer portal</h2>
            <a href={`/home/livestock/suppliers/${supplier.id}`}>Back to the supplier</a>
          </div>
          <p>
            A linked farm sees this supplier's records you share, in its own producer portal, from the day you
            choose.
          </p>
          <Table
            rows={data.links}
            rowKey={(l) => l.id}
            empty="Not linked to a producer yet."
            columns={[
              { header: "Producer", cell: (l) => l.otherName || l.inviteEmail },
              { header: "State", cell: (l) => STATE_WORDS[l.state] },
              {
                header: "Shares",
                cell: (l) => l.scopes.map((s) => SCOPE_WORDS[s as keyof typeof SCOPE_WORDS]).join(", "),
              },
              { header: "From", cell: (l) => formatDate(l.visibleFrom) },
              { header: "Granted", cell: (l) => `${l.grantedBy}, ${formatDate(l.grantedAt.slice(0, 10))}` },
              {
                header: "Actions",
                srOnly: true,
                cell: (l) =>
                  l.state === "ended" ? "" : (
                    <ActionButton
                      label="End link"
                      url={LINKS_API.revokeProducerLink}
                      body={{ linkId: l.id }}
                      variant="danger"
                      confirm={`End the link${
                        l.otherName ? ` with ${l.otherName}` : ""
                      }? The farm stops seeing these records at once.`}
                      successToast="The link was ended."
                    />
                  ),
              },
            ]}
          />
        </section>
        <section className="panel" aria-label="Invite the producer">
          <h2>Invite the producer by email</h2>
          <DataForm
            fields={[
              {
                name: "email",
                label: "Producer's email",
                type: "email",
                required: true,
                autoComplete: "off",
              },
              ...grantFields("What to share"),
            ]}
            initial={{ ...initial, email: "" }}
            submit={{ method: "POST", url: LINKS_API.inviteProducer }}
            submitLabel="Invite"
            successToast="The invitation was made: send the producer the code."
            successNotice={{ field: "code", label: "Code for the producer (shown once)" }}
          />
        </section>
        <section className="panel" aria-label="Link by the farm's code">
          <h2>Link by the farm's code</h2>
          <DataForm
            fields={[
              {
                name: "producerCode",
                label: "Farm's code",
                type: "text",
                required: true,
                placeholder: "P-XXXXXXXX",
              },
              ...grantFields("What to share"),
            ]}
            initial={{ ...initial, producerCode: "" }}
            submit={{ method: "POST", url: LINKS_API.linkProducerByCode }}
            submitLabel="Link"
            successToast="The farm was linked."
            redirectTo={`/home/livestock/suppliers/${supplier.id}/portal`}
          />
        </section>
      </>
    );
  },
});
