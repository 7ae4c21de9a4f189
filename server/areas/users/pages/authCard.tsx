/** The sign-in pages' card and the two answers both invitation pages give (a dead link, sign in first). */
import type { ReactNode } from "react";

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <section className="auth-card">
      <div className="auth-brand">
        <span className="shell-logo" aria-hidden="true">AM</span> Abattoir Manager
      </div>
      {children}
    </section>
  );
}

/** An invitation that was used, expired, ended or mistyped: said plainly, with the way on. */
export function DeadInvitation({ words }: { words: string }) {
  return (
    <>
      <h1>This invitation cannot be used</h1>
      <p role="alert">{words}</p>
      <p>
        <a className="btn" href="/login">Go to sign in</a>
      </p>
    </>
  );
}

/** The invited address has an account: sign in, then come back to this page. */
export function SignInToAccept({ here, words }: { here: string; words: string }) {
  return (
    <>
      <p>{words}</p>
      <p>
        <a className="btn btn-primary" href={`/login?next=${encodeURIComponent(here)}`}>Sign in to accept</a>
      </p>
    </>
  );
}
