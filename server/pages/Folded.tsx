/**
 * A section folded under its heading (`<details>`): a form people open now and then ("Edit the order").
 * The islands inside wait until it is opened: their modules are not preloaded with the page (the browser
 * runtime hydrates an island in a closed `<details>` when it opens, client/runtime/hydrate.ts), so a page
 * downloads and runs only the code of what is in view.
 */
import { createContext, type ReactNode } from "react";

/** Whether the islands rendered here sit in a closed fold. */
export const FoldedContext = createContext(false);

export function Folded({ summary, className, open = false, children }: {
  summary: ReactNode;
  className?: string;
  /** unfolded from the start (its islands then load with the page) */
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details className={className} open={open || undefined}>
      <summary>{summary}</summary>
      <FoldedContext.Provider value={!open}>{children}</FoldedContext.Provider>
    </details>
  );
}
