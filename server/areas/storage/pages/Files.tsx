/**
 * Settings › Files & publishing (spec 2 §2.2, testers only): the organisation's data files by folder and
 * its published reports, with who published them and when; upload one (BlobUpload island, with its
 * progress), download, delete after a confirmation. Published reports are an administrator's to delete,
 * so among the testers only a super user sees their Delete.
 */
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDate, formatDateTime } from "../../../../kernel/format.ts";
import { isAdminUser } from "../../../access/roles.ts";
import type { PageContext } from "../../../pages/context.ts";
import { ActionButton, BlobUpload } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { BLOB_API } from "../files/api.ts";
import { LIST_LIMIT, listTenantBlobs, type StoredBlobRow } from "../files/operations.ts";
import { BLOB_TYPE_WORDS, BLOB_TYPES, formatBytes, TENANT_BLOB_MAX_BYTES } from "../rules.ts";

const when = (at: string | null, timeZone: string) =>
  !at ? "" : at.length === 10 ? formatDate(at) : formatDateTime(at, timeZone);

const download = (r: StoredBlobRow) =>
  `${BLOB_API.downloadTenantBlob}?fullBlobReference=${encodeURIComponent(r.reference)}`;

function FileTable(
  { rows, context, canDelete, deleteUrl, empty }: {
    rows: StoredBlobRow[];
    context: PageContext;
    canDelete: boolean;
    deleteUrl: string;
    empty: string;
  },
) {
  return (
    <Table
      rows={rows}
      rowKey={(r) => r.reference}
      empty={empty}
      columns={[
        { header: "Folder", className: "nowrap", cell: (r) => r.folder },
        {
          header: "Name",
          cell: (r) => (
            <>
              <a href={download(r)} download={r.fileName} data-download={r.name}>{r.name}</a>
              {r.fileName !== r.name ? <div className="muted small">from {r.fileName}</div> : null}
            </>
          ),
        },
        { header: "Size", className: "nowrap num", cell: (r) => formatBytes(r.size) },
        {
          header: "Published",
          cell: (r) =>
            r.publishedAt || r.publishedBy
              ? (
                <>
                  {when(r.publishedAt, context.timeZone)}
                  {r.publishedBy ? <div className="muted small">by {r.publishedBy}</div> : null}
                </>
              )
              : <span className="muted">Not published</span>,
        },
        {
          header: "Uploaded",
          optional: true,
          cell: (r) => (
            <>
              {formatDateTime(r.uploadedAt, context.timeZone)}
              <div className="muted small">by {r.uploadedBy}</div>
            </>
          ),
        },
        {
          header: "Actions",
          srOnly: true,
          cell: (r) =>
            canDelete
              ? (
                <ActionButton
                  label="Delete"
                  method="GET"
                  url={deleteUrl}
                  body={{ fullBlobReference: r.reference }}
                  variant="ghost"
                  confirm={`Delete ${r.name} for good?`}
                  successToast={`${r.name} was deleted.`}
                />
              )
              : null,
        },
      ]}
    />
  );
}

export const FilesScreen = defineScreen({
  loader: async ({ context }) => {
    const { items, total } = await listTenantBlobs(await pageAreaContext(context));
    return { items, total, tenantId: context.caller!.tenant.id };
  },
  component: ({ data, context }) => {
    const files = data.items.filter((r) => r.category === "data");
    const published = data.items.filter((r) => r.category === "published");
    const folders = [...new Set(files.map((r) => r.folder))].slice(0, 12);
    const admin = isAdminUser(context.caller!.subject.roleLevel);
    return (
      <>
        {data.total > LIST_LIMIT
          ? (
            <p className="banner banner-info" role="status">
              Showing the first {LIST_LIMIT} of {data.total} files, by kind, folder and name.
            </p>
          )
          : null}
        <section className="panel" aria-labelledby="files-title">
          <h2 id="files-title">Data files</h2>
          <p className="muted">Files kept for this organisation, by folder.</p>
          <FileTable
            rows={files}
            context={context}
            canDelete
            deleteUrl={BLOB_API.deleteTenantBlob}
            empty="No data files yet: upload one below."
          />
        </section>
        <section className="panel" aria-labelledby="published-title">
          <h2 id="published-title">Published reports</h2>
          <p className="muted">
            Reports kept as they were sent (published invoices and uploaded signed copies).
            {admin ? "" : " Only an administrator can delete them."}
          </p>
          <FileTable
            rows={published}
            context={context}
            canDelete={admin}
            deleteUrl={BLOB_API.adminDeleteTenantBlob}
            empty="No published reports yet."
          />
        </section>
        <section className="panel no-print">
          <BlobUpload
            uploadUrl={BLOB_API.uploadTenantBlob}
            tenantPrefix={`tenant-${data.tenantId}`}
            maxBytes={TENANT_BLOB_MAX_BYTES}
            accept={Object.keys(BLOB_TYPES).map((ext) => `.${ext}`).join(",")}
            kinds={BLOB_TYPE_WORDS[0].toUpperCase() + BLOB_TYPE_WORDS.slice(1)}
            folders={folders}
          />
        </section>
      </>
    );
  },
});
