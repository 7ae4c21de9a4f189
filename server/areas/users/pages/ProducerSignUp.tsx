import { z } from "zod";
import { and, eq, inArray } from "drizzle-orm";
import { tenants } from "../../../../db/control/schema.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { newPasswordFields } from "../forms.ts";
import { AuthCard, DeadInvitation, SignInToAccept } from "./authCard.tsx";
import { PRODUCER_SIGN_UP_API, producerInviteDetail } from "../producerSignUpApi.ts";
import type { FieldSpec } from "../../../../client/ui/formRules.ts";

const FARM_FIELDS: FieldSpec[] = [
  {
    name: "farmName",
    label: "Farm or business name",
    type: "text",
    required: true,
    autoComplete: "organization",
  },
  { name: "abn", label: "ABN (optional)", type: "text", placeholder: "51 824 753 556" },
];

/**
 * register/producer?code= (issue 44 §1): a processor invited this farm to see what its suppliers sent.
 * The producer signs up into a new farm, or (signed in) links a farm they run or starts another. A code
 * that cannot be used says so plainly.
 */
export const ProducerSignUpScreen = defineScreen({
  validateSearch: z.object({ code: z.string().max(20).optional() }),
  loader: async ({ context, search }) => {
    const detail = search.code && /^[A-Za-z0-9]{10}$/.test(search.code.trim())
      ? await producerInviteDetail(context.services, search.code)
      : null;
    const adminOf = (context.caller?.memberships ?? []).filter((m) => m.roleLevel === "admin").map((m) =>
      m.tenantId
    );
    const farms = detail && adminOf.length
      ? await context.services.db.control.select({ id: tenants.id, name: tenants.name }).from(tenants)
        .where(and(inArray(tenants.id, adminOf), eq(tenants.category, "producer"))).orderBy(tenants.name)
      : [];
    return { detail, farms };
  },
  component: ({ data, search, context }) => {
    const { detail, farms } = data;
    const caller = context.caller;
    const code = (search.code ?? "").trim().toUpperCase();
    const here = `/register/producer?code=${encodeURIComponent(code)}`;
    const welcome = detail ? `Your farm is linked to ${detail.processorName}.` : "";
    return (
      <AuthCard>
        {!detail
          ? (
            <DeadInvitation words="A processor's invitation works once, for 14 days, and stops when the processor ends it. This one was used, has expired, was ended or the code is mistyped. Ask the processor to send a new one." />
          )
          : (
            <>
              <h1>{`See your records at ${detail.processorName}`}</h1>
              <p>
                <strong>{detail.processorName}</strong> invited <strong>{detail.email}</strong>{" "}
                to see the orders, deliveries, kill feedback and remittances of your farm's consignments.
              </p>
              <p className="muted small">
                The invitation works until {formatDateTime(detail.expiresAt, context.timeZone)}.
              </p>
              {caller
                ? (
                  <>
                    {farms.map((farm) => (
                      <p key={farm.id}>
                        <ActionButton
                          label={`Link ${farm.name}`}
                          url={PRODUCER_SIGN_UP_API.signUpProducer}
                          body={{ code, producerTenantId: farm.id }}
                          variant="primary"
                          successToast={welcome}
                          redirectTo="/producerportal"
                        />
                      </p>
                    ))}
                    <DataForm
                      id="new-farm"
                      title={farms.length ? "Or start a new farm" : "Your farm"}
                      fields={FARM_FIELDS}
                      initial={{ code, farmName: "", abn: "" }}
                      submit={{ method: "POST", url: PRODUCER_SIGN_UP_API.signUpProducer }}
                      submitLabel="Create the farm and link it"
                      successToast={welcome}
                      redirectTo="/producerportal"
                      undo={false}
                    />
                  </>
                )
                : detail.accountExists
                ? (
                  <SignInToAccept
                    here={here}
                    words="An account already uses this address: sign in, and this page opens again."
                  />
                )
                : (
                  <DataForm
                    id="producer-sign-up"
                    title="Your farm and account"
                    fields={[
                      ...FARM_FIELDS,
                      { name: "email", label: "Email", type: "email", readOnly: true },
                      { name: "firstName", label: "First name", type: "text", required: true },
                      { name: "lastName", label: "Last name", type: "text", required: true },
                      { name: "phone", label: "Mobile", type: "tel", placeholder: "+61 400 000 000" },
                      ...newPasswordFields("password", { password: "Password", confirm: "Confirm password" }),
                    ]}
                    initial={{ code, email: detail.email, farmName: "", abn: "" }}
                    submit={{
                      method: "POST",
                      url: PRODUCER_SIGN_UP_API.signUpProducer,
                      bodyFields: ["code", "farmName", "abn", "firstName", "lastName", "phone", "password"],
                    }}
                    submitLabel="Create my farm and account"
                    successToast={welcome}
                    redirectTo="/producerportal"
                    undo={false}
                  />
                )}
            </>
          )}
      </AuthCard>
    );
  },
});
