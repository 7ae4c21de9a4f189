/**
 * /user/required (spec 1 §2: a public "required" page): what must happen before the app can go on. A
 * visitor must sign in (to the page they asked for, `next`); a signed-in user sees each requirement
 * (server/access/required.ts: today a temporary password to replace), the first one as the button;
 * anyone else has nothing required and goes on. Every page sends a user with a requirement here.
 * Plain HTML: no React in the browser.
 */
import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { localPath } from "../../../http/redirects.ts";
import { selectHomePage } from "../../../access/mod.ts";
import { requirementsOf } from "../../../access/required.ts";
import { AuthCard } from "./authCard.tsx";

export const UserRequiredScreen = defineScreen({
  validateSearch: z.object({ next: z.string().max(500).optional() }),
  component: ({ search, context }) => {
    const caller = context.caller;
    // only a path of this site is carried on to the sign-in
    const next = localPath(search.next) ?? undefined;
    const required = caller ? requirementsOf(caller.user) : [];
    const [title, words, href, action] = !caller
      ? [
        "Sign-in required",
        "You need to sign in to continue. Your session may have ended, or you were signed out.",
        next ? `/login?${new URLSearchParams({ next })}` : "/login",
        "Sign in",
      ]
      : required.length
      ? [required[0].title, required[0].words, required[0].href, required[0].action]
      : [
        "Nothing is required",
        "You are signed in and can carry on where you were.",
        next ?? selectHomePage(caller.subject, context.routes),
        "Continue",
      ];
    return (
      <AuthCard>
        <h1>{title}</h1>
        <p>{words}</p>
        {required.length > 1 && (
          <ul aria-label="Also required">
            {required.slice(1).map((r) => (
              <li key={r.key}>
                <a href={r.href}>{r.title}</a>
              </li>
            ))}
          </ul>
        )}
        <a className="btn btn-primary btn-block" href={href}>{action}</a>
        {caller && required.length > 0 && (
          <p className="muted small">
            <a href="/logout">Sign out</a>
          </p>
        )}
      </AuthCard>
    );
  },
});
