/**
 * A section folded under its heading (`<details>`): a form people open now and then ("Edit the order").
 * A closed fold sends only its heading: its content is neither in the page (a slow PC parses and styles
 * nothing it does not show) nor its islands' code. When it is opened, the shell script fetches the same
 * page with `?fold=<name>`, where the fold is rendered open, and moves its content in
 * (client/runtime/shell.ts); the islands in it then load. Without a script, the closed fold holds a link
 * to that page.
 */
import type { ReactNode } from "react";
import { useRouterState } from "@tanstack/react-router";

/** The search parameter naming the fold a page is asked for open. */
export const FOLD_PARAM = "fold";

export function Folded({ name, summary, className, open = false, children }: {
  /** the fold's name on its page (`?fold=<name>` opens it) */
  name: string;
  summary: ReactNode;
  className?: string;
  /** unfolded from the start (its islands then load with the page) */
  open?: boolean;
  children: ReactNode;
}) {
  const location = useRouterState({ select: (s) => s.location });
  const search = new URLSearchParams(location.searchStr);
  const id = `fold-${name}`;
  if (open || search.get(FOLD_PARAM) === name) {
    return (
      <details className={className} id={id} data-fold={name} open>
        <summary>{summary}</summary>
        {children}
      </details>
    );
  }
  search.set(FOLD_PARAM, name);
  return (
    <details className={className} id={id} data-fold={name}>
      <summary>{summary}</summary>
      <p className="fold-pending">
        <a href={`${location.pathname}?${search}#${id}`}>Show this section</a>
      </p>
    </details>
  );
}
