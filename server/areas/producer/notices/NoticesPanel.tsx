/** The producer home's notices list (notices/operations.ts): newest first, each opening its lot. */
import { formatDateTime } from "../../../../kernel/format.ts";
import { PORTAL_PATHS } from "../portal/paths.ts";
import type { ProducerNotice } from "./operations.ts";

function said(n: ProducerNotice) {
  if (n.kind === "linkEnded") return `${n.processorName} ended the link: its records are no longer shared.`;
  const lot = `lot ${n.livestockOrderId} (${n.supplierName})`;
  return n.kind === "remittancePublished"
    ? `${n.processorName} published remittance ${n.invoiceNumber ?? ""} for ${lot}.`.replace("  ", " ")
    : `${n.processorName} processed ${lot}: the kill feedback is in.`;
}

export function NoticesPanel({ notices, timeZone }: { notices: ProducerNotice[]; timeZone: string }) {
  return (
    <section className="panel" aria-label="Notices">
      <h2>Notices</h2>
      {!notices.length && (
        <p className="muted">Nothing yet: processed consignments and remittances show here.</p>
      )}
      {notices.length > 0 && (
        <ul className="producer-notices-list">
          {notices.map((n) => (
            <li key={`${n.kind}-${n.linkId}-${n.livestockOrderId}-${n.at}`} data-notice-kind={n.kind}>
              <span className="muted small">{formatDateTime(n.at, timeZone)}</span> {n.livestockOrderId
                ? <a href={PORTAL_PATHS.lot(n.linkId, n.livestockOrderId)}>{said(n)}</a>
                : said(n)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
