import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { FEATURE_FLAGS } from "../../../access/flags.ts";
import { superActionLabel } from "../audit.ts";

interface Row {
  id: number;
  at: string;
  userName: string;
  tenantName: string | null;
  action: string;
  detail: Record<string, unknown> | null;
}

/** The few details a reader wants, in words (never the raw document). */
function summary(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  const parts: string[] = [];
  const d = detail as Record<string, string | boolean | undefined>;
  if (typeof d.featureKey === "string") {
    const label = FEATURE_FLAGS[d.featureKey as keyof typeof FEATURE_FLAGS] ?? d.featureKey;
    const state = d.isEnabled === undefined
      ? ""
      : d.isEnabled
      ? " on"
      : d.isEnabledForSuperUser
      ? " on for super users"
      : " off";
    parts.push(`${label}${state}`);
  }
  if (typeof d.email === "string") parts.push(d.email);
  if (typeof d.adminEmail === "string") parts.push(`first admin ${d.adminEmail}`);
  if (typeof d.reason === "string" && d.reason) parts.push(`“${d.reason}”`);
  if (typeof d.message === "string") parts.push(d.isActive ? `“${d.message}”` : "message off");
  if (typeof d.rows === "number") parts.push(`${d.rows} rows into ${d.table}`);
  return parts.join(" · ");
}

/** Super actions, newest first: when, who, where, what. */
export function AuditTable({ rows, timeZone, withTenant = false }: {
  rows: Row[];
  timeZone: string;
  withTenant?: boolean;
}) {
  return (
    <Table
      rows={rows}
      rowKey={(r) => r.id}
      empty="No super user actions yet."
      columns={[
        { header: "When", className: "nowrap", cell: (r) => formatDateTime(r.at, timeZone) },
        { header: "Who", cell: (r) => r.userName },
        ...(withTenant
          ? [{ header: "Organisation", cell: (r: Row) => r.tenantName ?? "Whole application" }]
          : []),
        { header: "What", cell: (r) => superActionLabel(r.action) },
        { header: "Details", cell: (r) => summary(r.detail) || "—" },
      ]}
    />
  );
}
