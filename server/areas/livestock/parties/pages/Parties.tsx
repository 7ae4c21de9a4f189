/**
 * Suppliers, buyers, transport companies and stakeholders: server-rendered lists with a search box
 * (no script) and the data form island to add or edit one. Without the matching admin permission the
 * form is shown read-only (the API refuses writes all the same).
 */
import { z } from "zod";
import type { ReactNode } from "react";
import type { DataFormProps } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { type AdminEditableEntity, canEditEntity } from "../../../../access/flags.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { SearchForm } from "../../../../../client/ui/SearchForm.tsx";
import { BUYER_AREA_PATHS, type PartyKind, type PartyPaths } from "../paths.ts";
import { PARTIES_API } from "../api.ts";
import { formatAbn } from "../rules.ts";
import * as parties from "../queries.ts";
import { fieldsOf } from "./PartyFields.ts";

interface KindInfo {
  label: string;
  plural: string;
  entity: AdminEditableEntity;
  permission: string;
  /** where its form saves */
  upsert: string;
}

export const PARTY_KINDS: Record<PartyKind, KindInfo> = {
  supplier: {
    label: "supplier",
    plural: "suppliers",
    entity: "supplier",
    permission: "supplier admin",
    upsert: PARTIES_API.UpsertSupplier,
  },
  buyer: {
    label: "buyer",
    plural: "buyers",
    entity: "buyer",
    permission: "buyer admin",
    upsert: PARTIES_API.UpsertBuyer,
  },
  transportCompany: {
    label: "transport company",
    plural: "transport companies",
    entity: "transportCompany",
    permission: "transport admin",
    upsert: PARTIES_API.UpsertTransportCompany,
  },
  stakeholder: {
    label: "stakeholder",
    plural: "stakeholders",
    entity: "stakeholder",
    permission: "stakeholder admin",
    upsert: PARTIES_API.UpsertStakeholder,
  },
};

export const SearchParams = z.object({ q: z.string().max(100).optional() });

/** Rows and columns of each kind's list. */
export async function partyTable(
  kind: PartyKind,
  context: PageContext,
  q: string | undefined,
  paths: PartyPaths,
) {
  const ctx = await pageAreaContext(context);
  const link = (id: number, text: string) => <a href={paths.edit(id)}>{text}</a>;
  switch (kind) {
    case "supplier":
      return (
        <Table
          rows={await parties.listSuppliers(ctx, q)}
          rowKey={(r) => r.id}
          empty={q ? `No supplier matches “${q}”.` : "No suppliers yet."}
          columns={[
            { header: "Name", cell: (r) => link(r.id, r.name) },
            { header: "PIC", cell: (r) => <code>{r.pic || "—"}</code> },
            { header: "Location", cell: (r) => r.location || "—" },
            {
              header: "Contact",
              cell: (r) =>
                [`${r.primaryContact.firstName} ${r.primaryContact.lastName}`.trim(), r.primaryContact.mobile]
                  .filter(Boolean).join(" · ") || "—",
            },
            {
              header: "ABN",
              className: "nowrap",
              cell: (r) => r.businessTaxIdentifier ? formatAbn(r.businessTaxIdentifier) : "—",
            },
            {
              header: "MSA",
              cell: (r) => r.supplierMsaProperties?.isMsaAccredited ? <span className="badge">MSA</span> : "",
            },
          ]}
        />
      );
    case "stakeholder":
      return (
        <Table
          rows={await parties.listStakeholders(ctx, q)}
          rowKey={(r) => r.id}
          empty={q ? `No stakeholder matches “${q}”.` : "No stakeholders yet."}
          columns={[
            { header: "Name", cell: (r) => link(r.id, r.name) },
            { header: "Type", cell: (r) => <span className="badge">{r.stakeholderType}</span> },
            { header: "Location", cell: (r) => r.location || "—" },
            { header: "PIC", cell: (r) => <code>{r.pic || "—"}</code> },
          ]}
        />
      );
    case "buyer":
      return (
        <Table
          rows={await parties.listBuyers(ctx, q, true)}
          rowKey={(r) => r.id}
          empty={q ? `No buyer matches “${q}”.` : "No buyers yet."}
          columns={[
            { header: "Name", cell: (r) => link(r.id, r.name) },
            { header: "Contact", cell: (r) => `${r.firstName} ${r.lastName}`.trim() || "—" },
            { header: "Mobile", cell: (r) => r.mobile || "—" },
            { header: "Email", cell: (r) => r.email || "—" },
            {
              header: "Status",
              cell: (r) => r.isSoftDeleted ? <span className="badge badge-warning">Removed</span> : "Active",
            },
          ]}
        />
      );
    case "transportCompany":
      return (
        <Table
          rows={await parties.listTransportCompanies(ctx, q)}
          rowKey={(r) => r.id}
          empty={q ? `No transport company matches “${q}”.` : "No transport companies yet."}
          columns={[
            { header: "Name", cell: (r) => link(r.id, r.name) },
            { header: "Phone", className: "nowrap", cell: (r) => r.phone || "—" },
            { header: "Email", cell: (r) => r.email || "—" },
          ]}
        />
      );
  }
}

/** A list panel: search box, "Add" (only with the permission), the table. */
export function PartyListPanel(
  { kind, context, q, paths, table, extraQuery }: {
    kind: PartyKind;
    context: PageContext;
    q?: string;
    paths: PartyPaths;
    table: ReactNode;
    /** hidden inputs to keep in the search form (e.g. the tab) */
    extraQuery?: Record<string, string>;
  },
) {
  const info = PARTY_KINDS[kind];
  const canEdit = canEditEntity(context.caller!.subject, info.entity);
  const title = info.plural[0].toUpperCase() + info.plural.slice(1);
  return (
    <section className="panel" aria-label={title}>
      <div className="panel-head">
        <h2>{title}</h2>
        <SearchForm
          id={`${kind}-search`}
          label={`Search ${info.plural}`}
          value={q}
          placeholder="Search"
          keep={extraQuery}
        />
        {canEdit
          ? <a className="btn btn-primary" href={paths.create}>Add {info.label}</a>
          : <span className="muted small">View only</span>}
      </div>
      {table}
    </section>
  );
}

async function loadOne(kind: PartyKind, context: PageContext, id: number) {
  const ctx = await pageAreaContext(context);
  return await GET_ONE[kind](ctx, id);
}

/** Each kind's read of one party (404 when it is not there). */
const GET_ONE = {
  supplier: parties.getSupplier,
  stakeholder: parties.getStakeholder,
  buyer: parties.getBuyer,
  transportCompany: parties.getTransportCompany,
} satisfies Record<PartyKind, unknown>;

export function partyFormProps(
  kind: PartyKind,
  context: PageContext,
  initial: Record<string, unknown>,
  paths: PartyPaths,
): DataFormProps {
  const info = PARTY_KINDS[kind];
  const canEdit = canEditEntity(context.caller!.subject, info.entity);
  const editing = Boolean(initial.id);
  return {
    id: kind,
    title: editing ? String(initial.name) : `New ${info.label}`,
    fields: fieldsOf(kind, context),
    initial,
    submit: { method: "POST", url: info.upsert },
    cancelHref: paths.list,
    redirectTo: paths.list,
    readOnly: canEdit
      ? undefined
      : `You can view ${info.plural}. Changing them needs the ${info.permission} permission: ask an admin.`,
  };
}

/** The add/edit screen of one kind; `id` from the route params, none for "new". */
export function partyEditScreen(kind: PartyKind, pathsOf: (context: PageContext) => PartyPaths) {
  return defineScreen({
    loader: async ({ context, params }) => {
      if (!params.id) return { initial: kind === "supplier" ? { stockTypes: [], roles: ["Producer"] } : {} };
      const id = Number(params.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
      return { initial: (await loadOne(kind, context, id)) as Record<string, unknown> };
    },
    component: ({ data, context }) => {
      const paths = pathsOf(context);
      return (
        <section className="panel">
          <DataForm {...partyFormProps(kind, context, data.initial, paths)} />
          {kind === "supplier" && Boolean(data.initial.id) &&
            context.caller!.tenant.category === "processor" && (
              // the supplier's producer portal links (server/areas/producer)
              <p>
                <a className="btn" href={`/home/livestock/suppliers/${data.initial.id}/portal`}>
                  Producer portal link
                </a>
              </p>
            )}
        </section>
      );
    },
  });
}

/** The buyer area's add/edit screens, one per kind (the buy home's tabs list them). */
export const BUYER_AREA_EDIT_SCREENS = {
  supplier: partyEditScreen("supplier", () => BUYER_AREA_PATHS.supplier),
  buyer: partyEditScreen("buyer", () => BUYER_AREA_PATHS.buyer),
  transportCompany: partyEditScreen("transportCompany", () => BUYER_AREA_PATHS.transportCompany),
  stakeholder: partyEditScreen("stakeholder", () => BUYER_AREA_PATHS.stakeholder),
};

/** A party kind's tab of the buy home: its list panel, the search form keeping the tab. */
export async function buyHomePartyPanel(
  kind: PartyKind,
  context: PageContext,
  q: string | undefined,
  tab: string,
) {
  const paths = BUYER_AREA_PATHS[kind];
  const table = await partyTable(kind, context, q, paths);
  return (
    <PartyListPanel kind={kind} context={context} q={q} paths={paths} table={table} extraQuery={{ tab }} />
  );
}
