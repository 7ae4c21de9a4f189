/**
 * The producer home's notices list (notices/operations.ts): newest first, each opening its lot, the unread
 * ones marked New with a button to mark them read, and "Mark all read" beside the unread count.
 */
import { formatDateTime } from "../../../../kernel/format.ts";
import { ActionButton } from "../../../pages/islands.tsx";
import { PORTAL_PATHS } from "../portal/paths.ts";
import type { ProducerNotice, ReadableNotice } from "./operations.ts";
import { NOTICES_API } from "./api.ts";

function said(n: ProducerNotice) {
  if (n.kind === "linkEnded") return `${n.processorName} ended the link: its records are no longer shared.`;
  const lot = `lot ${n.livestockOrderId} (${n.supplierName})`;
  return n.kind === "remittancePublished"
    ? `${n.processorName} published remittance ${n.invoiceNumber ?? ""} for ${lot}.`.replace("  ", " ")
    : `${n.processorName} processed ${lot}: the kill feedback is in.`;
}

export function NoticesPanel({ notices, timeZone }: { notices: ReadableNotice[]; timeZone: string }) {
  const unread = notices.filter((n) => !n.isRead).length;
  return (
    <section className="panel" aria-label="Notices">
      <div className="panel-head">
        <h2>
          Notices{" "}
          <span className="muted small" data-unread-count={unread}>
            {unread ? `(${unread} unread)` : "(all read)"}
          </span>
        </h2>
        {unread > 0 && (
          <ActionButton
            label="Mark all read"
            variant="ghost"
            url={NOTICES_API.markRead}
            body={{ all: true }}
            successToast="Every notice is marked read."
          />
        )}
      </div>
      {!notices.length && (
        <p className="muted">Nothing yet: processed consignments and remittances show here.</p>
      )}
      {notices.length > 0 && (
        <ul className="producer-notices-list">
          {notices.map((n) => (
            <li key={n.key} data-notice-kind={n.kind} data-notice-read={n.isRead ? "true" : "false"}>
              {!n.isRead && <span className="badge badge-info">New</span>}{" "}
              <span className="muted small">{formatDateTime(n.at, timeZone)}</span> {n.livestockOrderId
                ? <a href={PORTAL_PATHS.lot(n.linkId, n.livestockOrderId)}>{said(n)}</a>
                : said(n)}
              {!n.isRead && (
                <>
                  {" "}
                  <ActionButton
                    label="Mark read"
                    variant="ghost"
                    url={NOTICES_API.markRead}
                    body={{ noticeKeys: [n.key] }}
                    successToast="The notice is marked read."
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
