/**
 * home/notifications (spec 1 §2, §3): the user's notifications, newest first, unread ones marked, each
 * with its time, title, message and the page it is about; one button marks one read, another all.
 */
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { ActionButton } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { NOTIFICATIONS_API } from "../api.ts";
import { integrationErrorsShown, listNotifications, NOTIFICATION_LIMIT } from "../operations.ts";

const TYPE_WORDS: Record<string, string> = {
  integrationError: "Plant system error",
  invitationAccepted: "New user",
  loadOverOrder: "Load over its order",
  nvdMissing: "NVD missing",
  carcassDataComplete: "Carcass data complete",
  defectCodeWithoutRule: "Defect code with no price rule",
  invoicePublished: "Invoice published",
  remittanceNotEmailed: "Remittance not emailed",
  test: "Test",
};
const typeWords = (type: string) =>
  TYPE_WORDS[type] ?? type.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

/** "app-12" → { ids: [12] }, "integration-7" → { integrationErrorIds: [7] }. */
function markBody(id: string) {
  const [kind, n] = id.split("-");
  return kind === "integration" ? { integrationErrorIds: [Number(n)] } : { ids: [Number(n)] };
}

export const NotificationsScreen = defineScreen({
  validateSearch: z.object({ unread: z.enum(["true"]).optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    return {
      rows: await listNotifications(ctx, search.unread === "true"),
      unreadOnly: search.unread === "true",
      withErrors: integrationErrorsShown(ctx),
    };
  },
  component: ({ data, context }) => {
    const unread = data.rows.filter((n) => !n.isRead).length;
    return (
      <section className="panel" aria-labelledby="notifications-title">
        <div className="panel-head">
          <h2 id="notifications-title">
            Notifications {unread > 0 && <span className="badge badge-info">{unread} unread</span>}
          </h2>
          <a
            className="btn"
            href={data.unreadOnly ? "/home/notifications" : "/home/notifications?unread=true"}
          >
            {data.unreadOnly ? "Show all" : "Unread only"}
          </a>
          {unread > 0 && (
            <ActionButton
              label="Mark all read"
              url={NOTIFICATIONS_API.markRead}
              body={{ all: true }}
              confirm={data.withErrors
                ? "Mark every notification read? Plant system errors are marked seen for the whole organisation."
                : "Mark every notification read?"}
              successToast="All notifications are marked read."
            />
          )}
        </div>
        <Table
          rows={data.rows}
          rowKey={(n) => n.id}
          empty={data.unreadOnly ? "Nothing unread." : "You have no notifications."}
          columns={[
            {
              header: "When",
              className: "nowrap",
              cell: (n) => formatDateTime(n.timestamp, context.timeZone),
            },
            {
              header: "Notification",
              cell: (n) => (
                <div className={n.isRead ? "notification is-read" : "notification"}>
                  {!n.isRead && <span className="sr-only">Unread:</span>}
                  <strong>{n.routeName ? <a href={n.routeName}>{n.title}</a> : n.title}</strong>
                  {n.message && <div className="muted small">{n.message}</div>}
                </div>
              ),
            },
            { header: "Kind", optional: true, cell: (n) => typeWords(n.type) },
            {
              header: "Read",
              cell: (n) =>
                n.isRead ? <span className="muted">Read</span> : (
                  <ActionButton
                    label="Mark read"
                    variant="ghost"
                    url={NOTIFICATIONS_API.markRead}
                    body={markBody(n.id)}
                    successToast="Marked read."
                  />
                ),
            },
          ]}
        />
        {data.rows.length >= NOTIFICATION_LIMIT && (
          <p className="muted small">The newest {NOTIFICATION_LIMIT} are shown.</p>
        )}
      </section>
    );
  },
});
