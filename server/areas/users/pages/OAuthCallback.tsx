import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";

/**
 * oauthcallback (spec 1 §2, issue 19 §4): where an identity provider sends the browser back. A sign-in that
 * completes never shows this page (server/pages/handler.tsx redirects on); one that does not says why,
 * in plain words, with the way back.
 */
export const OAuthCallbackScreen = defineScreen({
  validateSearch: z.object({
    code: z.string().max(2000).optional(),
    error: z.string().max(200).optional(),
    state: z.string().max(500).optional(),
    iss: z.string().max(500).optional(),
  }),
  component: ({ context }) => (
    <section className="auth-card">
      <div className="auth-brand">
        <span className="shell-logo" aria-hidden="true">AM</span> Abattoir Manager
      </div>
      <h1>Sign-in did not complete</h1>
      <p role="alert">
        {context.formResult?.error ?? "There is nothing to finish here: start again from the sign-in page."}
      </p>
      <p>
        <a className="btn btn-primary" href="/login">Back to sign in</a>
      </p>
    </section>
  ),
});
