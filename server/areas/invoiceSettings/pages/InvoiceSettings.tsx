/**
 * Settings › Invoicing (spec 2 §2.2 tab invoicesettings): per species, the levies, charges and service
 * kill fees an invoice deducts or charges (current, upcoming and superseded rows), and how defects and
 * condemnations are paid. Server-rendered tables and links: the page ships no React.
 */
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../kernel/format.ts";
import { idNumber } from "../../../http/params.ts";
import { pageAreaContext } from "../../context.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { SpeciesTabs } from "../../../pages/SpeciesTabs.tsx";
import { TimingBadge } from "../../../pages/TimingBadge.tsx";
import { defects as defectRules, levies as levySettings } from "../operations.ts";
import { INVOICE_SETTINGS_PATHS as PATHS } from "../paths.ts";
import type { DefectDetail, LevySetting } from "../schemas.ts";

/** The species asked for when it is one of the caller's, else their first. */
export function chosenSpecies(context: PageContext, speciesId?: number) {
  const species = context.caller!.species;
  return species.find((s) => s.id === speciesId) ?? species[0] ?? null;
}

function LevyTable({ rows, empty }: { rows: LevySetting[]; empty: string }) {
  return (
    <div className="table-wrap">
      <Table
        rows={rows}
        rowKey={(l) => l.id}
        empty={empty}
        columns={[
          {
            header: "Levy or charge",
            cell: (l) => (
              <a href={PATHS.levy(l)}>
                {l.description ? `${l.levyTypeName}: ${l.description}` : l.levyTypeName}
              </a>
            ),
          },
          { header: "Category", cell: (l) => l.speciesCategory },
          { header: "Site", cell: (l) => l.site },
          { header: "From", cell: (l) => formatDate(l.startDate) },
          { header: "Rate", cell: (l) => l.rate },
          {
            header: "Status",
            cell: (l) => <TimingBadge timing={l.timing} />,
          },
          {
            header: "Copy",
            srOnly: true,
            cell: (l) => (
              <a
                href={PATHS.levy(l, true)}
                aria-label={`Copy ${l.levyTypeName} ${l.speciesCategory} from ${formatDate(l.startDate)}`}
              >
                Copy
              </a>
            ),
          },
        ]}
      />
    </div>
  );
}

function DefectTable({ rows, empty }: { rows: DefectDetail[]; empty: string }) {
  return (
    <div className="table-wrap">
      <Table
        rows={rows}
        rowKey={(d) => d.id}
        empty={empty}
        columns={[
          { header: "Code", cell: (d) => <a href={PATHS.defect(d.id)}>{d.code}</a> },
          { header: "Category on the invoice", cell: (d) => d.name },
          { header: "Species", cell: (d) => d.species },
          { header: "Paid", cell: (d) => d.rule },
        ]}
      />
    </div>
  );
}

/** settingsInvoicing */
export const InvoiceSettingsScreen = defineScreen({
  validateSearch: z.object({ speciesId: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const species = chosenSpecies(context, search.speciesId);
    const ctx = await pageAreaContext(context);
    const [levies, defects] = await Promise.all([levySettings(ctx), defectRules(ctx)]);
    return {
      species,
      levies: levies.filter((l) => l.speciesId === species?.id),
      defects: defects.filter((d) => d.speciesId === null || d.speciesId === species?.id),
    };
  },
  component: ({ data, context }) => {
    const allSpecies = context.caller!.species;
    const { species, levies, defects } = data;
    if (!species) {
      return (
        <section className="panel">
          <h2>Invoicing</h2>
          <p className="muted">No species is enabled for you: ask an admin.</p>
        </section>
      );
    }
    const live = levies.filter((l) => l.timing !== "superseded");
    const old = levies.filter((l) => l.timing === "superseded");
    return (
      <>
        <SpeciesTabs
          species={allSpecies}
          current={species.id}
          href={(id) => `${PATHS.list}?speciesId=${id}`}
        />
        <section className="panel" aria-label={`${species.name} levies and charges`}>
          <div className="panel-head">
            <h2>{species.name}: levies, charges and service kill fees</h2>
            <a className="btn btn-primary" href={`${PATHS.newLevy}?speciesId=${species.id}`}>New levy</a>
          </div>
          <p className="muted small">
            Levies and charges are deducted from the supplier's invoice; a service kill fee is charged a head
            instead of paying for the stock. The row with the latest start on or before the kill day applies;
            a site's own row beats the all-sites row. A new rate from 1 July: copy the row and give the copy
            the new start date.
          </p>
          <LevyTable rows={live} empty={`No levy is set for ${species.name.toLowerCase()}.`} />
          {old.length > 0 && (
            <details className="superseded">
              <summary>Superseded rates ({old.length})</summary>
              <LevyTable rows={old} empty="" />
            </details>
          )}
        </section>
        <section className="panel" aria-label="Defect details">
          <div className="panel-head">
            <h2>Defects and condemnations</h2>
            <a className="btn btn-primary" href={`${PATHS.newDefect}?speciesId=${species.id}`}>
              New defect detail
            </a>
          </div>
          <p className="muted small">
            How a carcass with a defect code from the kill floor is paid. A whole condemnation is looked up as
            CONDEMNED (not paid when no rule is set), a part condemnation as PART_CONDEMNED. Of several
            defects on a carcass the one that pays least decides.
          </p>
          <DefectTable
            rows={defects.filter((d) => !d.isArchived)}
            empty="No defect rule: carcasses with defects are paid at the grid price."
          />
          {defects.some((d) => d.isArchived) && (
            <details className="superseded">
              <summary>Archived ({defects.filter((d) => d.isArchived).length})</summary>
              <DefectTable rows={defects.filter((d) => d.isArchived)} empty="" />
            </details>
          )}
        </section>
      </>
    );
  },
});
