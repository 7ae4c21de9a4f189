import { defineScreen } from "../../../pages/screen.ts";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";

/**
 * The outbox (super, issue 19 §2 and §5): with no SMTP_URL or SMS_URL configured (development, a demo),
 * the mails and texts the app would have sent, newest first, so a reset link or a phone code can still be
 * followed. With a mail server or gateway configured, that side says where its messages go instead.
 */
export const OutboxScreen = defineScreen({
  component: ({ context }) => {
    const { mail, sms, config } = context.services;
    const mails = mail.outbox.toReversed();
    const texts = sms.outbox.toReversed();
    const when = (iso: string) => formatDateTime(iso, context.timeZone);
    return (
      <>
        <section className="panel" aria-labelledby="outbox-mail">
          <h2 id="outbox-mail">Mail</h2>
          {config.SMTP_URL
            ? <p>Mail goes out through the configured mail server; nothing is kept here.</p>
            : (
              <>
                <p className="muted">
                  No mail server is configured (SMTP_URL), so mail stays here (the last 100 since the app
                  started) and in the log.
                </p>
                <Table
                  rows={mails}
                  rowKey={(m) => `${m.at}${m.to}${m.subject}`}
                  empty="No mail yet."
                  columns={[
                    { header: "Sent", cell: (m) => when(m.at) },
                    { header: "To", cell: (m) => m.to },
                    {
                      header: "Message",
                      cell: (m) => (
                        <details>
                          <summary>{m.subject}</summary>
                          <p className="pre-wrap">{m.text}</p>
                          {m.attachments?.length
                            ? (
                              <p className="muted small">
                                Attached:{" "}
                                {m.attachments.map((a) =>
                                  `${a.filename} (${Math.ceil(a.content.byteLength / 1024)} KB)`
                                ).join(", ")}
                              </p>
                            )
                            : null}
                        </details>
                      ),
                    },
                  ]}
                />
              </>
            )}
        </section>
        <section className="panel" aria-labelledby="outbox-sms">
          <h2 id="outbox-sms">Text messages</h2>
          {config.SMS_URL
            ? <p>Text messages go out through the configured SMS gateway; nothing is kept here.</p>
            : (
              <>
                <p className="muted">
                  No SMS gateway is configured (SMS_URL), so texts stay here (the last 100) and in the log.
                </p>
                <Table
                  rows={texts}
                  rowKey={(m) => `${m.at}${m.to}${m.text}`}
                  empty="No text messages yet."
                  columns={[
                    { header: "Sent", cell: (m) => when(m.at) },
                    { header: "To", cell: (m) => m.to },
                    { header: "Message", cell: (m) => <span className="pre-wrap">{m.text}</span> },
                  ]}
                />
              </>
            )}
        </section>
      </>
    );
  },
});
