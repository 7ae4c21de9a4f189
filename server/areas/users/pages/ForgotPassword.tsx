import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { DataForm } from "../../../pages/islands.tsx";
import { newPasswordFields } from "../forms.ts";

const FORGOT = "/login/forgotpassword";

/**
 * Forgot password (spec 1 §2, issue 19 §3), one route for both steps: without a token, the email to
 * mail a link to (the same answer whether or not it has an account); with the mailed link's token, the
 * new password, which signs in and ends the account's other sessions.
 */
export const ForgotPasswordScreen = defineScreen({
  // the router reads `sent=1` as the number 1
  validateSearch: z.object({ token: z.string().max(100).optional(), sent: z.literal([1, "1"]).optional() }),
  loader: async ({ context, search }) => ({
    live: search.token ? await context.services.auth.resets.isLive(search.token) : null,
  }),
  component: ({ search, data }) => (
    <section className="auth-card">
      <div className="auth-brand">
        <span className="shell-logo" aria-hidden="true">AM</span> Abattoir Manager
      </div>
      {search.token
        ? data.live
          ? (
            <DataForm
              id="reset-password"
              title="Choose a new password"
              fields={newPasswordFields()}
              initial={{ token: search.token }}
              submit={{
                method: "POST",
                url: "/api/user/ResetPasswordAndLogin",
                bodyFields: ["token", "newPassword"],
              }}
              submitLabel="Set the password and sign in"
              successToast="Your password was changed and you are signed in."
              redirectTo="/"
              undo={false}
            />
          )
          : (
            <>
              <h1>This link has run out</h1>
              <p role="alert">
                A link to reset your password works once, for an hour. This one was used, has expired or is
                incomplete.
              </p>
              <p>
                <a className="btn btn-primary" href={FORGOT}>Ask for a new link</a>
              </p>
            </>
          )
        : search.sent
        ? (
          <>
            <h1>Check your mail or messages</h1>
            <p role="status">
              If an account uses that address (or that verified mobile), a link to choose a new password is on
              its way. It works once, for an hour.
            </p>
            <p>
              <a href="/login">Back to sign in</a>
            </p>
          </>
        )
        : (
          <>
            <DataForm
              id="forgot-password"
              title="Forgot your password?"
              fields={[
                {
                  name: "userName",
                  label: "Email or mobile",
                  type: "text",
                  required: true,
                  autoComplete: "username",
                  help: "We mail you a link to choose a new password, or text it to your verified mobile " +
                    "(+61 …).",
                },
              ]}
              initial={{}}
              submit={{ method: "POST", url: "/api/user/ForgotPassword" }}
              submitLabel="Send me a link"
              successToast="If that address or mobile has an account, the link is on its way."
              redirectTo={`${FORGOT}?sent=1`}
              cancelHref="/login"
              undo={false}
            />
          </>
        )}
    </section>
  ),
});
