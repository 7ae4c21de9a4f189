/**
 * /user/required (spec 1 §2: a public "required" page): what must happen before the app can go on. A
 * visitor must sign in (to the page they asked for, `next`); a user with a temporary password must change
 * it first; anyone else has nothing required and goes home. Plain HTML: no React in the browser.
 */
import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { localPath } from "../../../http/redirects.ts";
import { selectHomePage } from "../../../access/mod.ts";

export const UserRequiredScreen = defineScreen({
  validateSearch: z.object({ next: z.string().max(500).optional() }),
  component: ({ search, context }) => {
    const caller = context.caller;
    // only a path of this site is carried on to the sign-in
    const next = localPath(search.next) ?? undefined;
    const [title, words, href, action] = !caller
      ? [
        "Sign-in required",
        "You need to sign in to continue. Your session may have ended, or you were signed out.",
        next ? `/login?${new URLSearchParams({ next })}` : "/login",
        "Sign in",
      ]
      : !caller.user.isPasswordUpdated
      ? [
        "Change your password first",
        "You are using a temporary password. Choose your own before you go on.",
        "/user/changepassword",
        "Change password",
      ]
      : [
        "Nothing is required",
        "You are signed in and can carry on where you were.",
        next ?? selectHomePage(caller.subject, context.routes),
        "Continue",
      ];
    return (
      <section className="auth-card">
        <div className="auth-brand">
          <span className="shell-logo" aria-hidden="true">AM</span> Abattoir Manager
        </div>
        <h1>{title}</h1>
        <p>{words}</p>
        <a className="btn btn-primary btn-block" href={href}>{action}</a>
      </section>
    );
  },
});
