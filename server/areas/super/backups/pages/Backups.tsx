import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { ActionButton } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { idNumber } from "../../../../http/params.ts";
import { ApiError } from "../../../../http/errors.ts";
import { tenantChoice } from "../../pages/tenantChoice.ts";
import { TenantPicker } from "../../pages/TenantPicker.tsx";
import { SUPER_DATA_API } from "../../data/api.ts";
import { backupsOf, CONTROL_CONFIRMATION, dryRun } from "../operations.ts";
import { SUPER_BACKUPS_API } from "../api.ts";
import { BackupKey } from "../schemas.ts";

const Search = z.object({
  tenantId: idNumber().optional(),
  control: z.literal("1").optional(),
  key: BackupKey.optional(),
});

const REASONS = {
  scheduled: "Nightly",
  manual: "Taken by hand",
  "before-restore": "Before a restore",
} as const;

const size = (bytes: number) =>
  bytes >= 1024 ** 2
    ? `${(bytes / 1024 ** 2).toLocaleString("en-AU", { maximumFractionDigits: 1 })} MB`
    : `${Math.ceil(bytes / 1024).toLocaleString("en-AU")} KB`;

async function load(context: Parameters<typeof pageAreaContext>[0], search: z.infer<typeof Search>) {
  const ctx = await pageAreaContext(context);
  const control = search.control === "1";
  const { tenants, tenant } = await tenantChoice(ctx, control ? undefined : search.tenantId);
  const owner = control ? undefined : tenant?.id;
  const shown = control || tenant;
  const backups = shown ? await backupsOf(ctx, owner) : [];
  let changes = null;
  if (shown && search.key) {
    changes = await dryRun(ctx, { tenantId: owner, key: search.key }).catch((error) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
  }
  return {
    tenants,
    tenant: control ? null : tenant,
    control,
    backups,
    key: changes ? search.key! : null,
    changes,
    workingIn: ctx.caller.tenant.id,
  };
}

/**
 * Backups: a tenant's (or the control database's) backups, newest first; one taken now; a restore shown
 * first as a dry run (what it changes, table by table) and confirmed by typing the name; the tenant's
 * whole data as a zip (CSV and JSON a table); and the tenant deleted with its files.
 */
export const SuperBackupsScreen = defineScreen({
  validateSearch: Search,
  loader: ({ context, search }) => load(context, search),
  component: ({ data, context }) => {
    const name = data.control ? CONTROL_CONFIRMATION : data.tenant?.name ?? "";
    const owner = data.control ? "the control database" : data.tenant?.name;
    const ownerQuery = data.control ? "control=1" : `tenantId=${data.tenant?.id}`;
    const body = data.control ? {} : { tenantId: data.tenant?.id };
    const when = (iso: string) => formatDateTime(iso, context.timeZone);
    const changed = data.changes?.filter((c) => c.added || c.removed || c.changed) ?? [];
    return (
      <>
        <section className="panel">
          <div className="panel-head">
            <h2>Backups</h2>
            <TenantPicker tenants={data.tenants} current={data.tenant?.id} action="/super/backups" />
            <a
              className="btn"
              href="/super/backups?control=1"
              aria-current={data.control ? "page" : undefined}
            >
              Control database
            </a>
          </div>
          {owner && (
            <>
              <p>
                Backups of{" "}
                {owner}, newest first. One is taken every night and the newest of each of the last days and
                weeks are kept.
              </p>
              <p>
                <ActionButton
                  label="Back up now"
                  url={SUPER_BACKUPS_API.takeBackup}
                  body={body}
                  variant="primary"
                  successToast="The backup was taken."
                />
              </p>
              <Table
                rows={data.backups}
                rowKey={(b) => b.key}
                empty="No backups yet."
                columns={[
                  { header: "Taken", cell: (b) => when(b.takenAt) },
                  { header: "Why", cell: (b) => REASONS[b.reason] },
                  { header: "Size", className: "num", cell: (b) => size(b.size) },
                  {
                    header: "Restore",
                    cell: (b) => (
                      <a href={`/super/backups?${ownerQuery}&key=${encodeURIComponent(b.key)}#restore`}>
                        See what a restore changes
                      </a>
                    ),
                  },
                ]}
              />
            </>
          )}
        </section>
        {data.changes && data.key && (
          <section className="panel" id="restore">
            <h2>
              Restore the backup of {when(data.backups.find((b) => b.key === data.key)?.takenAt ?? "")}?
            </h2>
            {changed.length
              ? (
                <>
                  <p>Restoring puts {owner} back as it was then. These tables change:</p>
                  <Table
                    rows={changed}
                    rowKey={(c) => c.table}
                    empty="Nothing changes."
                    columns={[
                      { header: "Table", cell: (c) => c.table },
                      { header: "Rows back", className: "num", cell: (c) => c.added.toLocaleString("en-AU") },
                      {
                        header: "Rows gone",
                        className: "num",
                        cell: (c) => c.removed.toLocaleString("en-AU"),
                      },
                      {
                        header: "Rows changed",
                        className: "num",
                        cell: (c) => c.changed.toLocaleString("en-AU"),
                      },
                      { header: "Rows after", className: "num", cell: (c) => c.rows.toLocaleString("en-AU") },
                    ]}
                  />
                </>
              )
              : <p>Nothing would change: {owner} holds the same rows as the backup.</p>}
            <p className="muted small">
              A backup of {owner} as it is now is taken first, so the restore can be undone.
            </p>
            <ActionButton
              label="Restore"
              url={SUPER_BACKUPS_API.restoreBackup}
              body={{ ...body, key: data.key }}
              variant="danger"
              reason={{ label: `Type "${name}" to confirm` }}
              successToast="The backup was restored."
              redirectTo={`/super/backups?${ownerQuery}`}
            />
          </section>
        )}
        {data.tenant && (
          <section className="panel">
            <h2>Export and delete</h2>
            <p>
              <a className="btn" href={SUPER_DATA_API.download(data.tenant.id)} download>
                Export {data.tenant.name}'s data
              </a>{" "}
              <span className="muted small">a zip with every table as CSV and JSON (recorded)</span>
            </p>
            {data.tenant.id === data.workingIn
              ? (
                <p className="muted small">
                  You are working in this organisation, so it cannot be deleted here.
                </p>
              )
              : (
                <>
                  <p>
                    Deleting removes the organisation, its database, its files and its backups for good. Its
                    users keep their other organisations. Export its data first.
                  </p>
                  <ActionButton
                    label={`Delete ${data.tenant.name}`}
                    url={SUPER_BACKUPS_API.deleteTenant}
                    body={{ tenantId: data.tenant.id }}
                    variant="danger"
                    reason={{ label: `Type "${data.tenant.name}" to confirm` }}
                    successToast="The organisation was deleted."
                    redirectTo="/super/backups"
                  />
                </>
              )}
          </section>
        )}
      </>
    );
  },
});
