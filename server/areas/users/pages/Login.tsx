import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { localPath } from "../../../http/redirects.ts";

/**
 * Sign-in as a plain HTML form (no React in the browser). The local date is filled in by shell.js;
 * without script the server's date is used.
 */
export const LoginScreen = defineScreen({
  validateSearch: z.object({ next: z.string().max(500).optional(), showGoogleSignIn: z.string().optional() }),
  component: ({ search, context }) => {
    const result = context.formResult;
    // only a path of this site is carried on (issue 35 §3): anything else signs in to the home page
    const next = localPath(result?.values.next || search.next) ?? undefined;
    // "Sign in with …" for each configured provider; showGoogleSignIn=false hides them (a shared plant PC)
    const providers = search.showGoogleSignIn === "false" ? [] : context.services.auth.oidc.list();
    return (
      <section className="auth-card">
        <div className="auth-brand">
          <span className="shell-logo" aria-hidden="true">AM</span> Abattoir Manager
        </div>
        <h1>Sign in</h1>
        {result && <p className="form-error" role="alert">{result.error}</p>}
        <form method="post" action="/login" className="form form-stacked">
          <input type="hidden" name="next" value={next ?? ""} />
          <input type="hidden" name="localLoginDate" data-local-date value="" />
          <div className="field">
            <label htmlFor="email">Email</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              autoFocus
              defaultValue={result?.values.email ?? ""}
            />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <label className="check">
            <input type="checkbox" name="isKeepLoggedIn" /> Keep me signed in on this computer
          </label>
          <button className="btn btn-primary btn-block" type="submit">Sign in</button>
        </form>
        <p className="small">
          <a href="/login/forgotpassword">Forgot your password?</a>
        </p>
        {providers.length > 0 && (
          <div className="auth-providers">
            <p className="auth-or">
              <span>or</span>
            </p>
            {providers.map((p) => (
              <a
                key={p.key}
                className="btn btn-block"
                href={`/register/GetOAuthProviderDetail?${new URLSearchParams({
                  provider: p.key,
                  redirect: "true",
                  ...(next ? { next } : {}),
                })}`}
              >
                {`Sign in with ${p.name}`}
              </a>
            ))}
          </div>
        )}
      </section>
    );
  },
});
