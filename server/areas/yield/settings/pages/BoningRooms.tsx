/**
 * The boning rooms part of Settings › Yield: each site's rooms, the species they bone (a site bones a
 * species when one of its rooms lists it), in use or not; add or edit one (?room=<id>, ?room=new).
 */
import { DataForm } from "../../../../pages/islands.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { siteField, speciesSetField } from "../../../../pages/scopeFields.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { YIELD_SETTINGS_API } from "../api.ts";
import type { BoningRoom } from "../schemas.ts";

function roomFields(context: PageContext): FieldSpec[] {
  const { sites, species } = context.caller!;
  return [
    siteField(sites),
    { name: "name", label: "Name", type: "text", required: true },
    speciesSetField(species, "Species it bones"),
    { name: "isActive", label: "In use", type: "checkbox" },
  ];
}

export function BoningRoomsPanel({ rooms, editing, href, context }: {
  rooms: BoningRoom[];
  /** the room being edited, "new", or null */
  editing: BoningRoom | "new" | null;
  href: (room?: number | "new") => string;
  context: PageContext;
}) {
  const sites = context.caller!.sites;
  const initial = editing === "new"
    ? { tenantSiteId: sites.length === 1 ? sites[0].id : "", speciesIds: [], isActive: true }
    : editing
    ? {
      id: editing.id,
      tenantSiteId: editing.tenantSiteId,
      name: editing.name,
      speciesIds: editing.speciesIds,
      isActive: editing.isActive,
      lastModified: editing.lastModified,
    }
    : null;
  return (
    <section className="panel yield-rooms" aria-label="Boning rooms">
      <div className="panel-head">
        <h2>Boning rooms</h2>
        <a className="btn" href={href("new")}>New boning room</a>
      </div>
      <p className="muted small">
        A site bones a species when one of its rooms in use lists it: yield reports offer only those plants.
      </p>
      <Table
        rows={rooms}
        rowKey={(r) => r.id}
        empty="No boning rooms yet: add one for each room that labels cartons."
        columns={[
          { header: "Site", cell: (r) => r.site },
          { header: "Room", cell: (r) => <a href={href(r.id)}>{r.name}</a> },
          { header: "Species it bones", cell: (r) => r.species.join(", ") || "None" },
          { header: "In use", cell: (r) => (r.isActive ? "Yes" : "No") },
        ]}
      />
      {initial && (
        <DataForm
          id="boning-room"
          title={editing === "new" ? "New boning room" : `Boning room ${(editing as BoningRoom).name}`}
          fields={roomFields(context)}
          initial={initial}
          submit={{ method: "POST", url: YIELD_SETTINGS_API.upsertBoningRoom }}
          cancelHref={href()}
          redirectTo={href()}
          successToast="The boning room was saved."
        />
      )}
    </section>
  );
}
