/**
 * The super user's support desk (/super/support): the problems users of every organisation reported, open
 * ones first and newest first, a page at a time, by organisation and open/all, each marked handled here;
 * the support files the help content links to (list, download, upload, delete after a confirmation, the
 * link to paste); and the way to where the help content and release notes are written.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { Pager } from "../../../../../client/ui/Pager.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { idNumber, wholeNumber } from "../../../../http/params.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { ActionButton, BlobUpload } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { BLOB_API } from "../../../storage/files/api.ts";
import { BLOB_TYPE_WORDS, BLOB_TYPES, formatBytes, SUPPORT_BLOB_MAX_BYTES } from "../../../storage/rules.ts";
import { listTenants } from "../../tenants/queries.ts";
import { SUPER_SUPPORT_API } from "../api.ts";
import { allProblemReports, SUPPORT_FILE_LIMIT, supportFiles } from "../operations.ts";
import { deskMessages, deskStreams } from "../chatDesk.ts";
import { SupportChatPanel } from "../../../support/chat/panels.tsx";
import { type SupportFile, supportFileLink } from "../rules.ts";
import { REPORT_MAX_START, type TenantProblemReport } from "../schemas.ts";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

const PAGE_SIZE = 25;
const PATH = "/super/support";

const Search = z.object({
  tenantId: idNumber().optional().catch(undefined),
  // the router reads "all=true" as the boolean (and writes a string back quoted)
  all: z.preprocess((v) => v === "true" || v, z.literal(true)).optional().catch(undefined),
  start: wholeNumber({ min: 0, max: REPORT_MAX_START }).optional().catch(undefined),
});
type Search = z.output<typeof Search>;

/** This page with the filter kept (and a page's start). */
const linkTo = (search: Search, start = 0) => {
  const q = new URLSearchParams();
  if (search.tenantId) q.set("tenantId", String(search.tenantId));
  if (search.all) q.set("all", "true");
  if (start) q.set("start", String(start));
  const text = q.toString();
  return text ? `${PATH}?${text}` : PATH;
};

export const SuperSupportScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const tenants = (await listTenants(ctx))
      .map((t) => ({ id: t.id, name: t.name }));
    const tenantId = tenants.some((t) => t.id === search.tenantId) ? search.tenantId : undefined;
    const [reports, files, streams] = await Promise.all([
      allProblemReports(ctx, {
        tenantId,
        all: search.all ? "true" : undefined,
        startIndex: search.start ?? 0,
        pageSize: PAGE_SIZE,
      }),
      supportFiles(ctx),
      deskStreams(ctx),
    ]);
    // the newest conversation opens with the page
    const first = streams[0];
    const messages = first
      ? (await deskMessages(ctx, { tenantId: first.tenantId, streamId: first.id })).messages
      : [];
    return { tenants, search: { ...search, tenantId }, reports, files, streams, messages };
  },
  component: ({ data, context }) => (
    <>
      <nav className="toolbar" aria-label="Help content">
        <a className="btn" href="/settings/supportcontent">Edit the help content</a>
        <a className="btn" href="/settings/releasenotes">Release notes</a>
        <a className="btn" href="/home/support">Report a problem yourself</a>
      </nav>
      <section className="panel" aria-labelledby="desk-chat-title">
        <h2 id="desk-chat-title">Support chats</h2>
        <SupportChatPanel
          mode="staff"
          userId={context.caller!.user.id}
          streams={data.streams}
          messages={data.messages}
          timeZone={context.timeZone}
        />
      </section>
      <Reports data={data} context={context} />
      <Files files={data.files} context={context} />
    </>
  ),
});

type Data = {
  tenants: { id: number; name: string }[];
  search: Search;
  reports: { rows: TenantProblemReport[]; total: number; open: number };
};

function Reports({ data, context }: { data: Data; context: PageContext }) {
  const { search, reports } = data;
  const org = data.tenants.find((t) => t.id === search.tenantId);
  return (
    <section className="panel" aria-labelledby="reports-title">
      <h2 id="reports-title">Reported problems</h2>
      <form method="get" action={PATH} className="inline-form toolbar no-print" data-autosubmit>
        <FilterSelect
          id="report-tenant"
          label="Organisation"
          name="tenantId"
          className=""
          defaultValue={search.tenantId ?? ""}
          empty="Every organisation"
          options={data.tenants.map((t) => [t.id, t.name])}
        />
        <FilterSelect
          id="report-show"
          label="Show"
          name="all"
          className=""
          defaultValue={search.all ? "true" : ""}
          empty="Open ones"
          options={[["true", "Open and handled"]]}
        />
        <button className="btn" type="submit">Show</button>
      </form>
      <p className="muted" data-open-count>
        {reports.open === 0 ? "Nothing open" : `${reports.open} open`}{" "}
        {org ? `in ${org.name}` : "in all organisations"}. Open ones come first, the newest at the top.
      </p>
      <Table
        rows={reports.rows}
        rowKey={(r) => `${r.tenantId}-${r.id}`}
        empty={search.all ? "No problem has been reported." : "No open problem: nothing to do."}
        columns={[
          { header: "Organisation", cell: (r) => r.tenantName },
          {
            header: "Reported",
            cell: (r) => (
              <>
                <span className="nowrap">{formatDateTime(r.createdAt, context.timeZone)}</span>
                <div className="muted small">{r.userName}</div>
              </>
            ),
          },
          { header: "Page", cell: (r) => <PagePath path={r.page} /> },
          { header: "Problem", cell: (r) => <span className="pre-wrap">{r.message}</span> },
          { header: "Browser", optional: true, cell: (r) => r.device },
          {
            header: "Handled",
            cell: (r) =>
              r.handledAt
                ? (
                  <>
                    <span className="nowrap">{formatDateTime(r.handledAt, context.timeZone)}</span>
                    <div className="muted small">{r.handledBy ?? ""}</div>
                  </>
                )
                : (
                  <ActionButton
                    label="Mark handled"
                    url={SUPER_SUPPORT_API.markHandled}
                    body={{ tenantId: r.tenantId, id: r.id }}
                    variant="ghost"
                    confirm={`Mark ${r.userName}'s problem in ${r.tenantName} handled?`}
                    successToast={`Marked handled: ${r.userName}'s problem in ${r.tenantName}.`}
                  />
                ),
          },
        ]}
      />
      <Pager
        offset={search.start ?? 0}
        pageSize={PAGE_SIZE}
        total={reports.total}
        link={(start) => linkTo(search, start)}
        what="reports"
      />
    </section>
  );
}

/** A page's path, broken only after its slashes (the query, which can be long, is in the tooltip). */
function PagePath({ path }: { path: string }) {
  const [bare] = path.split("?");
  const parts = bare.split("/");
  return (
    <code title={path}>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1
            ? (
              <>
                /<wbr />
              </>
            )
            : null}
        </span>
      ))}
      {bare !== path ? "?…" : null}
    </code>
  );
}

function Files({ files, context }: {
  files: { items: SupportFile[]; truncated: boolean };
  context: PageContext;
}) {
  const folders = [...new Set(files.items.map((f) => f.folder))].slice(0, 12);
  const link = (f: SupportFile) => supportFileLink(BLOB_API.downloadSupportBlob, f.reference);
  return (
    <>
      <section className="panel" aria-labelledby="files-title">
        <h2 id="files-title">Support files</h2>
        <p className="muted">
          Manuals, how-to guides and release documents, shared by every organisation. To point to one from the
          help content or the release notes, paste its link into the text; anyone signed in can open it.
        </p>
        {files.truncated
          ? (
            <p className="banner banner-info" role="status">
              Showing the first {SUPPORT_FILE_LIMIT} files by folder and name.
            </p>
          )
          : null}
        <Table
          rows={files.items}
          rowKey={(f) => f.reference}
          empty="No support files yet: upload one below."
          columns={[
            { header: "Folder", className: "nowrap", cell: (f) => f.folder },
            {
              header: "Name",
              cell: (f) => <a href={link(f)} download={f.name} data-download={f.name}>{f.name}</a>,
            },
            { header: "Size", className: "nowrap num", cell: (f) => formatBytes(f.size) },
            {
              header: "Uploaded",
              optional: true,
              className: "nowrap",
              cell: (f) => formatDateTime(f.lastModified, context.timeZone),
            },
            { header: "Link to paste", cell: (f) => <code className="pre-wrap" data-link>{link(f)}</code> },
            {
              header: "Actions",
              srOnly: true,
              cell: (f) => (
                <ActionButton
                  label="Delete"
                  method="GET"
                  url={BLOB_API.superDeleteSupportBlob}
                  body={{ fullBlobReference: f.reference }}
                  variant="ghost"
                  confirm={`Delete ${f.name} for every organisation? Help that links to it will not open it.`}
                  successToast={`${f.name} was deleted.`}
                />
              ),
            },
          ]}
        />
      </section>
      <section className="panel no-print">
        <BlobUpload
          uploadUrl={BLOB_API.uploadSupportBlob}
          tenantPrefix="support"
          forSupport
          defaultFolder="manuals"
          maxBytes={SUPPORT_BLOB_MAX_BYTES}
          accept={Object.keys(BLOB_TYPES).map((ext) => `.${ext}`).join(",")}
          kinds={BLOB_TYPE_WORDS[0].toUpperCase() + BLOB_TYPE_WORDS.slice(1)}
          folders={folders}
        />
      </section>
    </>
  );
}
