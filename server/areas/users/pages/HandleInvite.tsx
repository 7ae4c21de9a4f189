import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import { newPasswordFields } from "../forms.ts";
import { INVITE_API, inviteDetail } from "../inviteApi.ts";
import { formatDateTime } from "../../../../kernel/format.ts";
import { AuthCard, DeadInvitation, SignInToAccept } from "./authCard.tsx";

/**
 * register/handleinvite?token= (spec 1 §2, issue 19 §1): who invited whom to which organisation, then the
 * one step that fits: sign up (a new address), sign in first (an address with an account), accept (signed
 * in as the invited address) or sign out (signed in as someone else). A dead link says so plainly.
 */
export const HandleInviteScreen = defineScreen({
  validateSearch: z.object({ token: z.string().max(100).optional() }),
  loader: async ({ context, search }) => {
    const found = search.token ? await context.services.auth.invites.describe(search.token) : null;
    return { detail: found ? inviteDetail(found) : null };
  },
  component: ({ data, search, context }) => {
    const detail = data.detail;
    const caller = context.caller;
    const here = `/register/handleinvite?token=${encodeURIComponent(search.token ?? "")}`;
    return (
      <AuthCard>
        {!detail
          ? (
            <DeadInvitation words="An invitation works once, for seven days, and stops when it is withdrawn or replaced by a newer one. This one was used, has expired, was withdrawn or the link is incomplete. Ask whoever invited you to send a new one." />
          )
          : (
            <>
              <h1>{`Join ${detail.tenantName}`}</h1>
              <p>
                {detail.invitedBy || "An administrator"} invited <strong>{detail.email}</strong> to join{" "}
                <strong>{detail.tenantName}</strong> as <strong>{detail.roleName}</strong>.
              </p>
              <p className="muted small">
                The invitation works until {formatDateTime(detail.expiresAt, context.timeZone)}.
              </p>
              {caller
                ? caller.user.email === detail.email
                  ? (
                    <ActionButton
                      label={`Join ${detail.tenantName}`}
                      url={INVITE_API.signUp}
                      body={{ token: search.token }}
                      variant="primary"
                      successToast={`You joined ${detail.tenantName}.`}
                      redirectTo="/"
                    />
                  )
                  : (
                    <>
                      <p role="alert">
                        You are signed in as{" "}
                        {caller.user.email}. Sign out, then open the invitation again to accept it as{" "}
                        {detail.email}.
                      </p>
                      <p>
                        <a className="btn" href="/logout">Sign out</a>
                      </p>
                    </>
                  )
                : detail.accountExists
                ? (
                  <SignInToAccept
                    here={here}
                    words="An account already uses this address: sign in to accept the invitation."
                  />
                )
                : (
                  <DataForm
                    id="sign-up"
                    title="Your account"
                    fields={[
                      { name: "email", label: "Email", type: "email", readOnly: true },
                      { name: "firstName", label: "First name", type: "text", required: true },
                      { name: "lastName", label: "Last name", type: "text", required: true },
                      { name: "phone", label: "Mobile", type: "tel", placeholder: "+61 400 000 000" },
                      ...newPasswordFields("password", { password: "Password", confirm: "Confirm password" }),
                    ]}
                    initial={{
                      token: search.token,
                      email: detail.email,
                      firstName: detail.firstName,
                      lastName: detail.lastName,
                    }}
                    submit={{
                      method: "POST",
                      url: INVITE_API.signUp,
                      bodyFields: ["token", "firstName", "lastName", "phone", "password"],
                    }}
                    submitLabel="Create my account"
                    successToast={`Welcome to ${detail.tenantName}.`}
                    redirectTo="/"
                    undo={false}
                  />
                )}
            </>
          )}
      </AuthCard>
    );
  },
});
