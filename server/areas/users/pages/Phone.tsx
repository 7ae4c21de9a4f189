import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { DataForm } from "../../../pages/islands.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { USERS_API } from "../api.ts";

const PHONE_PATH = "/user/phone";

/**
 * Phone verification (spec 1 §2 and §5, issue 19 §5), two steps on one route: the number (international,
 * + first) to text a code to; then, with `step=code`, the six digits. "Send a new code" starts again.
 */
export const PhoneScreen = defineScreen({
  validateSearch: z.object({ step: z.literal("code").optional() }),
  loader: async ({ context }) => ({
    pending: await context.services.auth.phones.pending(context.caller!.user.id),
  }),
  component: ({ context, data, search }) => {
    const { user } = context.caller!;
    const status = user.phone
      ? user.isPhoneVerified
        ? (
          <>
            <span className="badge badge-success">Verified</span> {user.phone}
          </>
        )
        : (
          <>
            <span className="badge badge-warning">Not verified</span> {user.phone}
          </>
        )
      : "No mobile on your account yet.";
    return (
      <section className="panel phone-panel">
        <h2>Your mobile</h2>
        <p>{status}</p>
        {search.step === "code" && data.pending
          ? (
            <>
              <p role="status">
                We texted a six-digit code to <strong>{data.pending.phone}</strong>. It works until{" "}
                {formatDateTime(data.pending.expiresAt, context.timeZone)}.
              </p>
              <DataForm
                id="phone-code"
                fields={[{
                  name: "code",
                  label: "Code",
                  type: "text",
                  required: true,
                  autoComplete: "one-time-code",
                  placeholder: "6 digits",
                }]}
                initial={{ phone: data.pending.phone }}
                submit={{ method: "POST", url: USERS_API.verifyPhoneCode, bodyFields: ["phone", "code"] }}
                submitLabel="Verify"
                successToast="Your mobile is verified."
                redirectTo="/user/account"
                undo={false}
              />
              <p>
                <a href={PHONE_PATH}>No code? Send a new code</a>
              </p>
            </>
          )
          : (
            <DataForm
              id="phone-number"
              fields={[{
                name: "phone",
                label: "Mobile",
                type: "tel",
                required: true,
                autoComplete: "tel",
                placeholder: "+61 400 000 000",
                help: "Start with + and the country code. We text a code to it.",
              }]}
              initial={{ phone: user.phone }}
              submit={{ method: "POST", url: USERS_API.sendPhoneCode }}
              submitLabel="Text me a code"
              successToast="A code is on its way to your mobile."
              redirectTo={`${PHONE_PATH}?step=code`}
              undo={false}
            />
          )}
      </section>
    );
  },
});
