/**
 * Settings › Organisation details (spec 2 §2.2, super only), in four sections (`?tab=`): the details
 * (name, ABN, address, contacts, time zone, logo), the plant sites, the places on each site with their
 * kind (tenantSiteLocationType), and the users (edited on /settings/useredit and /settings/usernew).
 * One form at a time: `?edit=` picks the site or location (or "new").
 */
import { z } from "zod";
import { type Column, Table } from "../../../../client/ui/Table.tsx";
import { TabBar } from "../../../../client/ui/TabBar.tsx";
import { roleLabel } from "../../../access/roles.ts";
import { idNumber } from "../../../http/params.ts";
import { DataForm } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { listTenantUsers, type TenantUserDto } from "../../users/queries.ts";
import { SETTINGS_API } from "../api.ts";
import { organisationDetails, type OrganisationDetailsRow } from "../operations/organisation.ts";
import { listLocations, listSites, type LocationRow } from "../operations/sites.ts";
import { AUSTRALIAN_STATES, AUSTRALIAN_TIME_ZONES, formatAbn, SITE_LOCATION_TYPES } from "../rules.ts";
import { LogoPanel } from "./Logo.tsx";
import { siteField, speciesSetField } from "../../../pages/scopeFields.ts";

const PATH = "/settings/details";
const SECTIONS = [
  { key: "details", title: "Details" },
  { key: "sites", title: "Sites" },
  { key: "locations", title: "Locations" },
  { key: "users", title: "Users" },
] as const;
type Section = typeof SECTIONS[number]["key"];
const sectionHref = (key: string, edit?: string | number) =>
  `${PATH}?tab=${key}${edit === undefined ? "" : `&edit=${edit}`}`;

export const OrganisationScreen = defineScreen({
  validateSearch: z.object({
    tab: z.enum(["details", "sites", "locations", "users"]).optional(),
    edit: z.union([z.literal("new"), idNumber()]).optional(),
  }),
  loader: async ({ context, search }) => {
    const tab: Section = search.tab ?? "details";
    const ctx = await pageAreaContext(context);
    return {
      tab,
      edit: search.edit,
      details: tab === "details" ? await organisationDetails(ctx) : null,
      sites: await listSites(ctx),
      locations: tab === "locations" ? await listLocations(ctx) : [],
      users: tab === "users" ? await listTenantUsers(ctx) : [],
    };
  },
  component: ({ data, context }) => (
    <>
      <TabBar label="Organisation" tabs={SECTIONS} current={data.tab} href={(k) => sectionHref(k)} />
      {data.tab === "details" && data.details && <DetailsSection details={data.details} />}
      {data.tab === "sites" && <SitesSection sites={data.sites} edit={data.edit} />}
      {data.tab === "locations" && (
        <LocationsSection
          locations={data.locations}
          sites={data.sites}
          species={context.caller!.species}
          edit={data.edit}
        />
      )}
      {data.tab === "users" && <UsersSection users={data.users} />}
    </>
  ),
});

type Details = OrganisationDetailsRow;

function DetailsSection({ details }: { details: Details }) {
  return (
    <div className="settings-split">
      <section className="panel" aria-labelledby="org-details-title">
        <h2 id="org-details-title">Organisation details</h2>
        <DataForm
          id="org-details"
          fields={[
            { name: "name", label: "Name", type: "text", required: true, section: "Organisation" },
            { name: "abn", label: "ABN", type: "text", placeholder: "51 824 753 556", help: "11 digits." },
            {
              name: "timeZone",
              label: "Time zone",
              type: "select",
              required: true,
              options: AUSTRALIAN_TIME_ZONES.map((z) => ({ value: z.value, label: z.label })),
            },
            {
              name: "street",
              label: "Street",
              type: "text",
              section: "Address",
              autoComplete: "street-address",
            },
            { name: "suburb", label: "Suburb or town", type: "text" },
            {
              name: "state",
              label: "State or territory",
              type: "select",
              options: AUSTRALIAN_STATES.map((s) => ({ value: s, label: s })),
            },
            { name: "postcode", label: "Postcode", type: "text", placeholder: "2650" },
            { name: "contactName", label: "Contact name", type: "text", section: "Contacts" },
            { name: "contactEmail", label: "Contact email", type: "email" },
            { name: "contactPhone", label: "Contact phone", type: "tel" },
            {
              name: "accountsEmail",
              label: "Accounts email",
              type: "email",
              help: "Where remittances are sent.",
            },
          ]}
          initial={{
            ...details,
            abn: formatAbn(details.abn),
            lastModified: details.lastModified ?? undefined,
          }}
          submit={{
            method: "POST",
            url: SETTINGS_API.saveDetails,
            bodyFields: [
              "name",
              "abn",
              "timeZone",
              "street",
              "suburb",
              "state",
              "postcode",
              "contactName",
              "contactEmail",
              "contactPhone",
              "accountsEmail",
              "lastModified",
            ],
          }}
          successToast="The organisation's details were saved."
        />
      </section>
      <LogoPanel
        logoRef={details.logoRef}
        name={details.name}
        version={details.lastModified}
        returnTo={sectionHref("details")}
      />
    </div>
  );
}

type SiteRow = { id: number; name: string; isActive: boolean };

function SitesSection({ sites, edit }: { sites: SiteRow[]; edit?: "new" | number }) {
  const editing = edit === "new" ? "new" : sites.find((s) => s.id === edit);
  return (
    <>
      <section className="panel" aria-labelledby="sites-title">
        <div className="panel-head">
          <h2 id="sites-title">Plant sites</h2>
          <a className="btn btn-primary" href={sectionHref("sites", "new")}>Add a site</a>
        </div>
        <Table
          rows={sites}
          rowKey={(s) => s.id}
          empty="The organisation has no site yet."
          columns={[
            { header: "Site", cell: (s) => s.name },
            stateColumn(),
            editColumn("sites"),
          ]}
        />
      </section>
      {editing && (
        <section className="panel" aria-labelledby="site-form-title">
          <h2 id="site-form-title">{editing === "new" ? "New site" : `Edit ${editing.name}`}</h2>
          <DataForm
            id="site"
            fields={[
              { name: "id", label: "Id", type: "id" },
              { name: "name", label: "Name", type: "text", required: true },
              {
                name: "isActive",
                label: "In use",
                type: "checkbox",
                placeholder: "Users can choose this site",
                help: "A retired site keeps its records.",
              },
            ]}
            initial={editing === "new" ? { id: "", name: "", isActive: true } : editing}
            submit={{ method: "POST", url: SETTINGS_API.saveSite }}
            successToast="The site was saved."
            cancelHref={sectionHref("sites")}
            redirectTo={sectionHref("sites")}
          />
        </section>
      )}
    </>
  );
}

function LocationsSection({ locations, sites, species, edit }: {
  locations: LocationRow[];
  sites: SiteRow[];
  species: { id: number; name: string }[];
  edit?: "new" | number;
}) {
  const editing = edit === "new" ? "new" : locations.find((l) => l.id === edit);
  const speciesNames = (ids: number[]) =>
    ids.length ? species.filter((s) => ids.includes(s.id)).map((s) => s.name).join(", ") : "Any";
  return (
    <>
      <section className="panel" aria-labelledby="locations-title">
        <div className="panel-head">
          <h2 id="locations-title">Locations on the sites</h2>
          <a className="btn btn-primary" href={sectionHref("locations", "new")}>Add a location</a>
        </div>
        <Table
          rows={locations}
          rowKey={(l) => l.id}
          empty="No location has been set up on the sites yet."
          columns={[
            { header: "Site", cell: (l) => l.siteName },
            { header: "Location", cell: (l) => l.name },
            { header: "Kind", cell: (l) => l.typeLabel },
            { header: "Species", cell: (l) => speciesNames(l.speciesIds) },
            stateColumn({ optional: true }),
            editColumn("locations"),
          ]}
        />
      </section>
      {editing && (
        <section className="panel" aria-labelledby="location-form-title">
          <h2 id="location-form-title">{editing === "new" ? "New location" : `Edit ${editing.name}`}</h2>
          <DataForm
            id="location"
            fields={[
              { name: "id", label: "Id", type: "id" },
              siteField(sites),
              { name: "name", label: "Name", type: "text", required: true },
              {
                name: "tenantSiteLocationType",
                label: "Kind of place",
                type: "select",
                required: true,
                options: SITE_LOCATION_TYPES.map((t) => ({ value: t.value, label: t.label })),
              },
              speciesSetField(species, "Species handled", { help: "None ticked: any species." }),
              { name: "isActive", label: "In use", type: "checkbox", placeholder: "The location is in use" },
            ]}
            initial={editing === "new"
              ? {
                id: "",
                tenantSiteId: "",
                name: "",
                tenantSiteLocationType: "",
                speciesIds: [],
                isActive: true,
              }
              : editing}
            submit={{
              method: "POST",
              url: SETTINGS_API.saveLocation,
              bodyFields: [
                "id",
                "tenantSiteId",
                "name",
                "tenantSiteLocationType",
                "speciesIds",
                "isActive",
                "lastModified",
              ],
            }}
            successToast="The location was saved."
            cancelHref={sectionHref("locations")}
            redirectTo={sectionHref("locations")}
          />
        </section>
      )}
    </>
  );
}

/** A site's or a location's state: in use, or retired. */
function stateColumn<T extends { isActive: boolean }>(options: { optional?: boolean } = {}): Column<T> {
  return {
    header: "State",
    ...options,
    cell: (r) => r.isActive ? "In use" : <span className="badge badge-muted">Retired</span>,
  };
}

/** The link that opens a site's or a location's form in its section. */
function editColumn<T extends { id: number; name: string }>(section: Section): Column<T> {
  return {
    header: "Actions",
    srOnly: true,
    cell: (r) => <a href={sectionHref(section, r.id)} aria-label={`Edit ${r.name}`}>Edit</a>,
  };
}

type UserRow = TenantUserDto;

function UsersSection({ users }: { users: UserRow[] }) {
  return (
    <section className="panel" aria-labelledby="org-users-title">
      <div className="panel-head">
        <h2 id="org-users-title">Users</h2>
        <a className="btn btn-primary" href="/settings/usernew">Add user</a>
      </div>
      <Table
        rows={users}
        rowKey={(u) => u.id}
        empty="The organisation has no users."
        columns={[
          { header: "Name", cell: (u) => u.fullName || "—" },
          { header: "Email", cell: (u) => u.email },
          { header: "Role", cell: (u) => <span className="badge">{roleLabel(u.roleLevel)}</span> },
          {
            header: "Actions",
            srOnly: true,
            cell: (u) => <a href={`/settings/useredit?id=${u.id}`} aria-label={`Edit ${u.fullName}`}>Edit</a>,
          },
        ]}
      />
    </section>
  );
}
