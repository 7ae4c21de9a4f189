import { catalogueEntry } from "../http/errors.ts";
import { shownTitle } from "../http/catalogue.ts";

/**
 * A page-level error in plain words (403 when the policy refuses a screen): a page refused for its
 * address (400) says so, the others take the heading a person is shown for the catalogue's title.
 */
export function ErrorPanel({ status, message }: { status: number; message?: string }) {
  const entry = catalogueEntry(status);
  const heading = status === 400 ? "This address cannot be opened" : shownTitle(status, entry.title);
  return (
    <section className="panel panel-error" role="alert" data-status={status}>
      <h2>{heading}</h2>
      <p>{message ?? entry.message}</p>
      <p>
        <a className="btn" href="/">Go to the home page</a>
      </p>
    </section>
  );
}
