import { catalogueEntry } from "../http/errors.ts";

/** A page-level error in the catalogue's words (403 when the policy refuses a screen). */
export function ErrorPanel({ status, message }: { status: number; message?: string }) {
  const entry = catalogueEntry(status);
  return (
    <section className="panel panel-error" role="alert" data-status={status}>
      <h2>{entry.title}</h2>
      <p>{message ?? entry.message}</p>
      <p>
        <a className="btn" href="/">Go to the home page</a>
      </p>
    </section>
  );
}
