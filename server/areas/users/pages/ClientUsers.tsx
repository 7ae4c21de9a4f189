import { idNumber } from "../../../http/params.ts";
import { StatusText } from "../../../../client/ui/Badge.tsx";
import { accountStatus } from "../rules.ts";
import { z } from "zod";
import { USERS_API } from "../api.ts";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import type { DataFormProps } from "../../../../client/islands/DataForm.tsx";
import { assignableRoles, roleLabel } from "../../../access/roles.ts";
import { getTenantUser, listTenantUsers, tenantChoices } from "../queries.ts";
import { type PendingInviteRow, pendingInvites } from "../operations/invite.ts";
import { pageAreaContext } from "../../context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { Table } from "../../../../client/ui/Table.tsx";
import { SearchForm } from "../../../../client/ui/SearchForm.tsx";
import type { PageContext } from "../../../pages/context.ts";
import { userFields } from "../forms.ts";
import { formatDateTime } from "../../../../kernel/format.ts";
import { INVITE_API } from "../inviteApi.ts";
import { userPlantSpeciesVisibility } from "../../yield/settings/operations/visibility.ts";
import { plantSpeciesVisibilityForm } from "../../yield/settings/forms.ts";

const LIST_PATH = "/home/clientusers";

/** The same user forms open from Users and from Settings › Organisation details: back to where they came from. */
const listPathOf = (context: PageContext) =>
  context.url.pathname.startsWith("/settings/") ? "/settings/details?tab=users" : LIST_PATH;

/** Tenant users (spec 1 §2 clientusers): a server-rendered list with a search box (no script needed). */
export const ClientUsersScreen = defineScreen({
  validateSearch: z.object({ q: z.string().max(100).optional() }),
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    const [users, invites] = await Promise.all([listTenantUsers(ctx), pendingInvites(ctx)]);
    return { users, invites };
  },
  component: ({ data: { users: data, invites }, search, context }) => {
    const q = (search.q ?? "").trim().toLowerCase();
    const rows = q
      ? data.filter((u) => `${u.fullName} ${u.email} ${roleLabel(u.roleLevel)}`.toLowerCase().includes(q))
      : data;
    return (
      <>
        <section className="panel">
          <div className="panel-head">
            <h2>Users</h2>
            <SearchForm
              id="user-search"
              label="Search users"
              value={search.q}
              placeholder="Search name, email or role"
            />
            <a className="btn btn-primary" href={`${LIST_PATH}/invite`}>Invite by email</a>
            <a className="btn" href={`${LIST_PATH}/usernew`}>Add user</a>
          </div>
          <Table
            rows={rows}
            rowKey={(u) => u.id}
            empty={`No users match “${search.q}”.`}
            columns={[
              { header: "Name", cell: (u) => u.fullName || "—" },
              { header: "Email", cell: (u) => u.email },
              { header: "Role", cell: (u) => <span className="badge">{roleLabel(u.roleLevel)}</span> },
              { header: "Mobile", cell: (u) => u.phone || "—" },
              { header: "Status", cell: (u) => <StatusText {...accountStatus(u)} /> },
              {
                header: "Actions",
                srOnly: true,
                cell: (u) => <a href={`${LIST_PATH}/useredit?id=${u.id}`}>Edit</a>,
              },
            ]}
          />
          <p className="muted small">{rows.length} of {data.length} users</p>
        </section>
        <PendingInvites invites={invites} timeZone={context.timeZone} />
      </>
    );
  },
});

/** Invitations sent and not yet accepted: who, as what, until when; each can be withdrawn. */
function PendingInvites(
  { invites, timeZone }: { invites: PendingInviteRow[]; timeZone: string },
) {
  if (!invites.length) return null;
  return (
    <section className="panel" aria-labelledby="invites-heading">
      <h2 id="invites-heading">Invitations not yet accepted</h2>
      <Table
        rows={invites}
        rowKey={(i) => i.id}
        empty="No invitations are waiting."
        columns={[
          { header: "Email", cell: (i) => i.email },
          { header: "Name", cell: (i) => `${i.firstName} ${i.lastName}`.trim() || "—", optional: true },
          { header: "Role", cell: (i) => <span className="badge">{roleLabel(i.roleLevel)}</span> },
          { header: "Invited by", cell: (i) => i.invitedBy, optional: true },
          { header: "Works until", cell: (i) => formatDateTime(i.expiresAt, timeZone) },
          {
            header: "Actions",
            srOnly: true,
            cell: (i) => (
              <ActionButton
                label="Withdraw"
                url={INVITE_API.withdrawInvite}
                body={{ id: i.id }}
                variant="ghost"
                confirm={`Withdraw the invitation to ${i.email}? Its link stops working.`}
                successToast="The invitation was withdrawn."
              />
            ),
          },
        ]}
      />
    </section>
  );
}

export async function choices(context: PageContext) {
  return tenantChoices(await pageAreaContext(context), context.caller!.tenant.id);
}

function userFormProps(
  context: PageContext,
  initial: Record<string, unknown>,
  options: Awaited<ReturnType<typeof choices>>,
): DataFormProps {
  const roles = assignableRoles(context.caller!.roleLevel);
  const current = typeof initial.roleLevel === "string" ? initial.roleLevel : null;
  // the user's present role is shown even when the caller may not offer it
  const roleOptions: string[] = [...roles];
  if (current && !roleOptions.includes(current)) roleOptions.push(current);
  // another organisation also uses the account: its identity is its owner's (the server refuses too)
  const locked = initial.canManageAccount === false;
  // an admin's Add user sends an invitation: it carries no mobile or admin permissions (set once they join)
  const invites = !initial.id && context.caller!.roleLevel !== "super";
  return {
    id: "user",
    title: initial.id ? "Edit user" : "New user",
    fields: userFields(roleOptions, options, locked).filter((f) =>
      !invites || !NOT_IN_AN_INVITATION.test(f.name)
    ),
    initial,
    submit: { method: "POST", url: USERS_API.upsertTenantUser },
    cancelHref: listPathOf(context),
    ...(initial.id ? { redirectTo: listPathOf(context) } : newUserAnswer(context)),
  };
}

const NOT_IN_AN_INVITATION = /^(phone|has\w+Permission|invoicingSpeciesIds)$/;

/** An admin's Add user sends an invitation (issue 35 §7); a super user's gets a temporary password. */
function newUserAnswer(context: PageContext): Partial<DataFormProps> {
  if (context.caller!.roleLevel === "super") {
    return {
      successNotice: {
        field: "temporaryPassword",
        label: "Temporary password — give it to the user; they must change it at first sign-in",
      },
    };
  }
  return {
    submitLabel: "Send the invitation",
    successToast: "Invitation sent.",
    successNotice: {
      field: "link",
      label: "Invitation sent to their email — the link, to pass on yourself if the mail does not reach them",
    },
    undo: false,
  };
}

/** Edit a user of the tenant (useredit?id=). */
export const UserEditScreen = defineScreen({
  validateSearch: z.object({ id: idNumber() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const user = await getTenantUser(ctx, search.id);
    const initial = {
      ...user,
      allowedSpeciesIds: user.allowedSpeciesIds.map(String),
      allowedTenantSiteIds: user.allowedTenantSiteIds.map(String),
      invoicingSpeciesIds: user.invoicingSpeciesIds.map(String),
    };
    // the yield user setting (spec 3 §3 plantSpeciesVisibility), only where yield reporting is licensed
    const yieldPairs = context.caller!.subject.modules.includes("yieldReporting")
      ? (await userPlantSpeciesVisibility(ctx, user.id)).plantSpeciesVisibility
      : null;
    return { initial, options: await choices(context), yieldPairs };
  },
  component: ({ data, context }) => (
    <>
      <section className="panel">
        <DataForm {...userFormProps(context, data.initial, data.options)} />
      </section>
      {data.yieldPairs && (
        <section className="panel">
          <DataForm {...plantSpeciesVisibilityForm(data.initial.id, data.yieldPairs, data.options)} />
        </section>
      )}
      <AccountActions user={data.initial} context={context} />
    </>
  ),
});

/**
 * Disable or enable the account, or sign its owner out everywhere (a lost phone, a shared PC left
 * signed in), with a confirmation. Only for an account the admin manages (their
 * organisation alone uses it) and not their own; the server checks the same.
 */
function AccountActions(
  { user, context }: {
    user: { id: number; isDisabled: boolean; canManageAccount: boolean; fullName: string };
    context: PageContext;
  },
) {
  if (!user.canManageAccount || user.id === context.caller!.user.id) return null;
  const props = user.isDisabled
    ? {
      label: "Enable",
      url: USERS_API.enableTenantUser,
      confirm: `Let ${user.fullName} sign in again?`,
      successToast: "The account was enabled.",
    }
    : {
      label: "Disable",
      url: USERS_API.disableTenantUser,
      variant: "danger" as const,
      confirm: `Disable ${user.fullName}? They are signed out everywhere and cannot sign in.`,
      successToast: "The account was disabled.",
    };
  return (
    <section className="panel" aria-label="Account">
      <h2>Account</h2>
      <p className="muted small">
        {user.isDisabled
          ? (
            <>
              <StatusText text="Disabled" tone="danger" /> This person cannot sign in.
            </>
          )
          : "A disabled account is signed out everywhere at once and cannot sign in until it is enabled."}
      </p>
      <div className="actions">
        <ActionButton {...props} body={{ id: user.id }} />
        {!user.isDisabled && (
          <ActionButton
            label="Sign out everywhere"
            url={USERS_API.endTenantUserSessions}
            body={{ id: user.id }}
            variant="ghost"
            confirm={`Sign ${user.fullName} out on every device? They can sign in again.`}
            successToast="They are signed out everywhere."
          />
        )}
      </div>
    </section>
  );
}

/** Add a user to the tenant (usernew): an admin's sends an invitation; a super user's answers a temporary password. */
export const UserNewScreen = defineScreen({
  loader: async ({ context }) => ({ options: await choices(context) }),
  component: ({ data, context }) => (
    <section className="panel">
      <DataForm {...userFormProps(context, { roleLevel: "user" }, data.options)} />
    </section>
  ),
});
