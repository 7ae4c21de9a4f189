import { formatHead } from "../../kernel/format.ts";

/**
 * The one pager under a long list: previous and next as links (the page works without script) and where
 * the reader is, "Page 2 of 3 (142 order groups)". Nothing when the list fits one page.
 */
export function Pager({ offset, pageSize, total, link, what }: {
  offset: number;
  pageSize: number;
  total: number;
  /** the address of the page starting at `offset` */
  link: (offset: number) => string;
  /** plural words for the rows: "order groups" */
  what: string;
}) {
  if (total <= pageSize) return null;
  const page = Math.floor(offset / pageSize) + 1;
  const pages = Math.ceil(total / pageSize);
  return (
    <nav className="pager no-print" aria-label={`Pages of ${what}`}>
      {page > 1 && <a className="btn" href={link(offset - pageSize)} rel="prev">Previous</a>}
      <span className="muted">Page {page} of {pages} ({formatHead(total)} {what})</span>
      {page < pages && <a className="btn" href={link(offset + pageSize)} rel="next">Next</a>}
    </nav>
  );
}
