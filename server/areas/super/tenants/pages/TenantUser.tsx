import { z } from "zod";
import { defineScreen, pathId } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import type { DataFormProps } from "../../../../../client/islands/DataForm.tsx";
import { userFields } from "../../../users/forms.ts";
import { idNumber } from "../../../../http/params.ts";
import { ROLE_NAMES } from "../../../../access/roles.ts";
import { findTenant } from "../../tenantContext.ts";
import { tenantUser, tenantUserChoices } from "../operations/tenantUsers.ts";
import { SUPER_TENANTS_API } from "../api.ts";
import { Crumbs } from "../../pages/Crumbs.tsx";

/**
 * The user form of the tenant admin's screen (home/clientusers), for any tenant and with every role:
 * the same fields and the same endpoint rules (the users area's own), posted with the tenant's id.
 */
function userForm(
  tenantId: number,
  initial: Record<string, unknown>,
  choices: { sites: { id: number; name: string }[]; species: { id: number; name: string }[] },
): DataFormProps {
  const back = `/super/tenants/${tenantId}`;
  const roles = ROLE_NAMES.filter((r) => r !== "none");
  const fields = userFields(roles, choices);
  return {
    id: "super-user",
    title: initial.id ? "Edit user" : "New user",
    fields,
    initial: { ...initial, tenantId },
    submit: { method: "POST", url: SUPER_TENANTS_API.addOrEditUser },
    cancelHref: back,
    ...(initial.id ? { redirectTo: back } : {
      successNotice: {
        field: "temporaryPassword",
        label: "Temporary password — give it to the user; they must change it at first sign-in",
      },
    }),
  };
}

/** A confirmed reset: a new temporary password, shown once, that must be changed at the next sign-in. */
function resetForm(userId: number, name: string): DataFormProps {
  return {
    id: "reset-password",
    title: "Reset password",
    fields: [{
      name: "confirm",
      label: "Confirm",
      type: "checkbox",
      required: true,
      placeholder: `Give ${name} a new temporary password and sign them out everywhere`,
    }],
    initial: { confirm: false },
    submit: { method: "POST", url: SUPER_TENANTS_API.resetPassword(userId), bodyFields: [] },
    submitLabel: "Reset password",
    successToast: "The password was reset.",
    undo: false,
    successNotice: {
      field: "temporaryPassword",
      label: "New temporary password — give it to the user; they must change it at their next sign-in",
    },
  };
}

export const SuperTenantUserScreen = defineScreen({
  validateSearch: z.object({ userId: idNumber().optional() }),
  loader: async ({ context, params, search }) => {
    const tenantId = pathId(params.id);
    const ctx = await pageAreaContext(context);
    const [tenant, choices] = await Promise.all([
      findTenant(ctx, tenantId),
      tenantUserChoices(ctx, tenantId),
    ]);
    const user = search.userId ? await tenantUser(ctx, tenantId, search.userId) : null;
    const initial = user
      ? {
        ...user,
        allowedSpeciesIds: user.allowedSpeciesIds.map(String),
        allowedTenantSiteIds: user.allowedTenantSiteIds.map(String),
      }
      : { id: null, roleLevel: "user", allowedSpeciesIds: [], allowedTenantSiteIds: [] };
    return { tenant: { id: tenant.id, name: tenant.name }, initial, choices, user };
  },
  component: ({ data, context }) => (
    <>
      <Crumbs
        trail={[
          ["Organisations", "/super/home"],
          [data.tenant.name, `/super/tenants/${data.tenant.id}`],
          [data.user ? data.user.fullName || data.user.email : "New user"],
        ]}
      />
      <section className="panel">
        <DataForm {...userForm(data.tenant.id, data.initial, data.choices)} />
      </section>
      {data.user && data.user.id !== context.caller!.user.id && (
        <section className="panel">
          <DataForm {...resetForm(data.user.id, data.user.fullName || data.user.email)} />
        </section>
      )}
    </>
  ),
});
