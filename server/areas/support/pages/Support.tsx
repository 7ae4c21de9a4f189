/**
 * Support (spec 1 §2 home/support; issue 43 item 7): chat with the support staff (the caller's own
 * conversations, live), the help sections (/support/content/{sectionKey}), report a problem from any page
 * (the user menu's "Report a problem" brings the page along), and, for the support staff and admins, the
 * problems reported in the organisation, open ones first, each marked handled when dealt with.
 */
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { roleValue } from "../../../access/roles.ts";
import type { PageContext } from "../../../pages/context.ts";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { SUPPORT_API } from "../api.ts";
import { listProblems } from "../operations.ts";
import { listStreams, readMessages } from "../chat/operations.ts";
import { SupportChatPanel } from "../chat/panels.tsx";
import { supportContent } from "../../settings/operations/content.ts";
import { SUPPORT_TYPES } from "../../settings/rules.ts";

/** A page of this app to go back to (never another site). */
const ownPath = (from?: string) => from && /^\/[^/\\]/.test(from) ? from : undefined;

const mayTriage = (context: PageContext) =>
  roleValue(context.caller!.subject.roleLevel) >= roleValue("support");

export const SupportScreen = defineScreen({
  validateSearch: z.object({
    from: z.string().max(300).optional(),
    all: z.enum(["true"]).optional(),
  }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const [streams, help, reports] = await Promise.all([
      listStreams(ctx),
      supportContent(ctx, SUPPORT_TYPES.support),
      mayTriage(context) ? listProblems(ctx, search.all === "true") : null,
    ]);
    // the newest conversation opens with the page
    const messages = streams[0]
      ? (await readMessages(ctx, "owner", { streamId: streams[0].id })).messages
      : [];
    return {
      from: ownPath(search.from),
      all: search.all === "true",
      streams,
      messages,
      help: help.sections.map((s) => ({ sectionKey: s.sectionKey, title: s.title })),
      reports,
    };
  },
  component: ({ data, context }) => (
    <>
      <section className="panel" aria-labelledby="chat-title">
        <h2 id="chat-title">Chat with support</h2>
        <SupportChatPanel
          mode="user"
          userId={context.caller!.user.id}
          streams={data.streams}
          messages={data.messages}
          timeZone={context.timeZone}
        />
      </section>
      {data.help.length > 0 && (
        <nav className="panel" aria-labelledby="help-title">
          <h2 id="help-title">Help</h2>
          <ul className="link-list">
            {data.help.map((h) => (
              <li key={h.sectionKey}>
                <a href={`/support/content/${h.sectionKey}`}>{h.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section className="panel" aria-labelledby="report-title">
        <p className="muted">
          Something did not work as it should? Say what you did and what happened: your support team gets it
          with the page and your browser.
        </p>
        <DataForm
          id="report"
          title="Report a problem"
          fields={[
            { name: "page", label: "Page", type: "text", readOnly: true },
            {
              name: "message",
              label: "What went wrong?",
              type: "textarea",
              required: true,
              help: "What you did, what you expected, and what happened instead.",
            },
          ]}
          initial={{ page: data.from ?? "/home/support", message: "" }}
          submit={{ method: "POST", url: SUPPORT_API.reportBug }}
          submitLabel="Send the report"
          successToast="Thank you: your report was sent to your support team."
          redirectTo={data.from ?? "/home/support"}
          undo={false}
        />
      </section>
      {data.reports && (
        <section className="panel" aria-labelledby="reports-title">
          <div className="panel-head">
            <h2 id="reports-title">Reported problems</h2>
            <a className="btn" href={data.all ? "/home/support" : "/home/support?all=true"}>
              {data.all ? "Open ones only" : "Show handled ones too"}
            </a>
          </div>
          <Table
            rows={data.reports}
            rowKey={(r) => r.id}
            empty="No problem reported: nothing to do."
            columns={[
              {
                header: "Reported",
                cell: (r) => (
                  <>
                    {formatDateTime(r.createdAt, context.timeZone)}
                    <div className="muted small">{r.userName}</div>
                  </>
                ),
              },
              { header: "Page", cell: (r) => <a href={r.page}>{r.page}</a> },
              { header: "Problem", cell: (r) => <span className="pre-wrap">{r.message}</span> },
              { header: "Browser", optional: true, cell: (r) => r.device },
              {
                header: "Handled",
                cell: (r) =>
                  r.handledAt
                    ? `${r.handledBy ?? ""}, ${formatDateTime(r.handledAt, context.timeZone)}`
                    : (
                      <ActionButton
                        label="Mark handled"
                        url={SUPPORT_API.markHandled}
                        body={{ id: r.id }}
                        variant="ghost"
                        confirm="Mark this problem handled?"
                        successToast="Marked handled."
                      />
                    ),
              },
            ]}
          />
        </section>
      )}
    </>
  ),
});
