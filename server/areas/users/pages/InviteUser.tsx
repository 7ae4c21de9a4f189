import { DataForm } from "../../../pages/islands.tsx";
import { assignableRoles } from "../../../access/roles.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { INVITE_API } from "../inviteApi.ts";
import { choices } from "./ClientUsers.tsx";
import { accessFields, invoicingSpeciesField } from "../forms.ts";

/**
 * Invite by email (clientusers/invite, issue 19 §1): the address, optionally the name, and the role,
 * species, sites and invoicing species (issue 39) the person gets. The link is mailed; the admin sees it once too, to pass it on.
 */
export const InviteUserScreen = defineScreen({
  loader: async ({ context }) => ({ options: await choices(context) }),
  component: ({ data, context }) => (
    <section className="panel">
      <DataForm
        id="invite"
        title="Invite by email"
        fields={[
          {
            name: "email",
            label: "Email",
            type: "email",
            required: true,
            help: "The invitation goes to this address; it works once, for seven days.",
          },
          { name: "firstName", label: "First name", type: "text" },
          { name: "lastName", label: "Last name", type: "text" },
          ...accessFields(assignableRoles(context.caller!.roleLevel), data.options),
          invoicingSpeciesField(data.options),
        ]}
        initial={{ roleLevel: "user" }}
        submit={{ method: "POST", url: INVITE_API.generateInviteLink }}
        submitLabel="Send the invitation"
        successToast="The invitation was sent."
        successNotice={{
          field: "link",
          label: "Invitation link — mailed to them; you can also pass it on yourself",
        }}
        cancelHref="/home/clientusers"
        undo={false}
      />
    </section>
  ),
});
