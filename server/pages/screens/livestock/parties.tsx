/**
 * Suppliers, buyers, transport companies and stakeholders: server-rendered lists with a search box
 * (no script) and the data form island to add or edit one. Without the matching admin permission the
 * form is shown read-only (the API refuses writes all the same).
 */
import { z } from "zod";
import type { ReactNode } from "react";
import DataForm, { type DataFormProps, type FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { type AdminEditableEntity, canEditEntity } from "../../../access/flags.ts";
import { areaContext } from "../../../areas/context.ts";
import { PartyService } from "../../../areas/livestock/parties/service.ts";
import { formatAbn } from "../../../areas/livestock/parties/rules.ts";
import { AUSTRALIAN_STATES, STAKEHOLDER_TYPES, SUPPLIER_ROLES } from "../../../areas/livestock/enums.ts";
import type { PageContext } from "../../context.ts";
import { ApiError } from "../../../http/errors.ts";
import { Island } from "../../Island.tsx";
import { defineScreen } from "../../screen.ts";

export type PartyKind = "supplier" | "buyer" | "transportCompany" | "stakeholder";

interface KindInfo {
  label: string;
  plural: string;
  entity: AdminEditableEntity;
  permission: string;
  api: string;
}

export const PARTY_KINDS: Record<PartyKind, KindInfo> = {
  supplier: {
    label: "supplier",
    plural: "suppliers",
    entity: "supplier",
    permission: "supplier admin",
    api: "UpsertSupplier",
  },
  buyer: { label: "buyer", plural: "buyers", entity: "buyer", permission: "buyer admin", api: "UpsertBuyer" },
  transportCompany: {
    label: "transport company",
    plural: "transport companies",
    entity: "transportCompany",
    permission: "transport admin",
    api: "UpsertTransportCompany",
  },
  stakeholder: {
    label: "stakeholder",
    plural: "stakeholders",
    entity: "stakeholder",
    permission: "stakeholder admin",
    api: "UpsertStakeholder",
  },
};

/** Where a kind's list and forms live: the buy home's tabs, or the producer's own pages. */
export interface PartyPaths {
  list: string;
  edit: (id: number) => string;
  create: string;
}

const service = async (context: PageContext) =>
  new PartyService(await areaContext(context.services, context.caller!));

export const SearchParams = z.object({ q: z.string().max(100).optional() });

/** Rows and columns of each kind's list. */
export async function partyTable(
  kind: PartyKind,
  context: PageContext,
  q: string | undefined,
  paths: PartyPaths,
) {
  const s = await service(context);
  const link = (id: number, text: string) => <a href={paths.edit(id)}>{text}</a>;
  switch (kind) {
    case "supplier":
      return (
        <Table
          rows={await s.listSuppliers(q)}
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
          rows={await s.listStakeholders(q)}
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
          rows={await s.listBuyers(q, true)}
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
          rows={await s.listTransportCompanies(q)}
          rowKey={(r) => r.id}
          empty={q ? `No transport company matches “${q}”.` : "No transport companies yet."}
          columns={[
            { header: "Name", cell: (r) => link(r.id, r.name) },
            { header: "Phone", cell: (r) => r.phone || "—" },
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
        <form method="get" className="inline-form" role="search">
          {Object.entries(extraQuery ?? {}).map(([k, v]) => (
            <input
              key={k}
              type="hidden"
              name={k}
              value={v}
            />
          ))}
          <label className="sr-only" htmlFor={`${kind}-search`}>Search {info.plural}</label>
          <input id={`${kind}-search`} name="q" type="search" placeholder="Search" defaultValue={q ?? ""} />
          <button className="btn" type="submit">Search</button>
        </form>
        {canEdit
          ? <a className="btn btn-primary" href={paths.create}>Add {info.label}</a>
          : <span className="muted small">View only</span>}
      </div>
      {table}
    </section>
  );
}

const text = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label,
  type: "text",
  ...extra,
});
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

function partyFields(kind: "supplier" | "stakeholder", context: PageContext): FieldSpec[] {
  return [
    { name: "id", label: "Id", type: "id" },
    text("name", "Name", { required: true }),
    ...(kind === "stakeholder"
      ? [
        {
          name: "stakeholderType",
          label: "Type",
          type: "select",
          required: true,
          options: options(STAKEHOLDER_TYPES),
        } as FieldSpec,
      ]
      : [
        { name: "roles", label: "Roles", type: "multiselect", options: options(SUPPLIER_ROLES) } as FieldSpec,
      ]),
    text("pic", "PIC", {
      help: "Property Identification Code: 8 letters or digits.",
      placeholder: "NA123456",
    }),
    text("location", "Location", { help: "Blank: the town and state of the address." }),
    text("businessTaxIdentifier", "ABN", { placeholder: "51 824 753 556" }),
    text("companyIdentifier", "ACN"),
    { name: "isGstExempt", label: "GST exempt", type: "checkbox" },
    {
      name: "stockTypes",
      label: "Stock types",
      type: "multiselect",
      valueType: "number",
      options: context.caller!.species.map((s) => ({ value: String(s.id), label: s.name })),
    },
    text("supplierMsaProperties.msaNumber", "MSA number"),
    { name: "supplierMsaProperties.isMsaAccredited", label: "MSA accredited", type: "checkbox" },
    text("primaryContact.firstName", "First name", { section: "Primary contact" }),
    text("primaryContact.lastName", "Last name"),
    { name: "primaryContact.email", label: "Email", type: "email" },
    { name: "primaryContact.mobile", label: "Mobile", type: "tel", placeholder: "0412 345 678" },
    { name: "primaryContact.phone", label: "Phone", type: "tel" },
    text("primaryContact.jobTitle", "Job title"),
    text("primaryAddress.line1", "Address", { section: "Primary address" }),
    text("primaryAddress.line2", "Address line 2"),
    text("primaryAddress.city", "Town"),
    { name: "primaryAddress.state", label: "State", type: "select", options: options(AUSTRALIAN_STATES) },
    text("primaryAddress.postcode", "Postcode"),
    {
      name: "primaryAddress.addressType",
      label: "Address type",
      type: "select",
      options: options(["Postal", "Property", "Business"]),
    },
    text("bankDetails.accountName", "Account name", { section: "Bank details" }),
    text("bankDetails.bsb", "BSB", {
      help: "Six digits; shorter numbers get leading zeros.",
      placeholder: "062-000",
    }),
    text("bankDetails.accountNumber", "Account number"),
  ];
}

function fieldsOf(kind: PartyKind, context: PageContext): FieldSpec[] {
  switch (kind) {
    case "supplier":
    case "stakeholder":
      return partyFields(kind, context);
    case "buyer":
      return [
        { name: "id", label: "Id", type: "id" },
        text("name", "Name", {
          required: true,
          help: "The buying desk or program, e.g. Export Lamb Program.",
        }),
        text("firstName", "First name"),
        text("lastName", "Last name"),
        { name: "mobile", label: "Mobile", type: "tel" },
        { name: "email", label: "Email", type: "email" },
        {
          name: "isSoftDeleted",
          label: "Removed",
          type: "checkbox",
          help: "Removed buyers keep their past orders but are not offered for new ones.",
        },
      ];
    case "transportCompany":
      return [
        { name: "id", label: "Id", type: "id" },
        text("name", "Name", { required: true }),
        { name: "phone", label: "Phone", type: "tel" },
        { name: "email", label: "Email", type: "email" },
      ];
  }
}

async function loadOne(kind: PartyKind, context: PageContext, id: number) {
  const s = await service(context);
  switch (kind) {
    case "supplier":
      return await s.getSupplier(id);
    case "stakeholder":
      return await s.getStakeholder(id);
    case "buyer":
      return await s.getBuyer(id);
    case "transportCompany":
      return await s.getTransportCompany(id);
  }
}

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
    submit: { method: "POST", url: `/api/livestock/${info.api}` },
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
          <Island
            name="DataForm"
            component={DataForm}
            props={partyFormProps(kind, context, data.initial, paths)}
          />
        </section>
      );
    },
  });
}
