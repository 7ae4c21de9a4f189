/**
 * Settings › Specifications › Cut Specifications and Carcass Specifications (issue 41 item 2; super).
 * Cut specifications: the species' primals and cuts with their rules; choose one (?segment=<id>) to set
 * its rules. Carcass specifications: every carcass type's rules by category, read here, changed on
 * Carcass Types.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { DataForm } from "../../../../pages/islands.tsx";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { pageAreaContext } from "../../../context.ts";
import { SPECS_API } from "../api.ts";
import {
  listCarcassTypes,
  listCutSpecifications,
  listSpecificationTypes,
  segmentsAt,
} from "../operations.ts";
import { SPEC_CATEGORIES } from "../rules.ts";
import { SPEC_SETTINGS_PATHS } from "./CarcassTypes.tsx";
import { SpecificationLinks } from "./SpecTypes.tsx";
import { ruleFields, ruleInitial, ruleRowCount } from "./ruleFields.ts";

export const CutSpecSelectorScreen = defineScreen({
  validateSearch: z.object({ segment: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const [primals, cuts, rules, specTypes] = await Promise.all([
      segmentsAt(ctx, "primal"),
      segmentsAt(ctx, "cut"),
      listCutSpecifications(ctx),
      listSpecificationTypes(ctx),
    ]);
    const segments = [...primals, ...cuts];
    return { segments, rules, specTypes, selected: segments.find((s) => s.id === search.segment) ?? null };
  },
  component: ({ data, context }) => {
    const { segments, rules, specTypes, selected } = data;
    const species = headerSpeciesAmong(context, context.caller!.species) ?? context.caller!.species[0];
    const mine = selected ? rules.filter((r) => r.segmentId === selected.id) : [];
    const rows = ruleRowCount(mine);
    return (
      <>
        <SpecificationLinks current={SPEC_SETTINGS_PATHS.cutSpecs} />
        {selected && (
          <section className="panel" aria-label="Rules of the primal or cut">
            <DataForm
              id="cut-spec"
              title={`Rules for ${selected.name}`}
              fields={ruleFields(specTypes, rows, "Rules (a cut must pass every one)")}
              initial={{ segmentId: selected.id, specifications: ruleInitial(mine, rows) }}
              submit={{ method: "POST", url: SPECS_API.upsertCutSpecifications }}
              successToast={`The rules for ${selected.name} were saved.`}
              cancelHref={SPEC_SETTINGS_PATHS.cutSpecs}
              redirectTo={SPEC_SETTINGS_PATHS.cutSpecs}
            />
          </section>
        )}
        {species && (
          <section className="panel" aria-label={`${species.name} primals and cuts`}>
            <h2>{species.name} primals and cuts</h2>
            <Table
              rows={segments.filter((g) => g.speciesId === species.id)}
              rowKey={(g) => g.id}
              empty="No primals or cuts for this species (Settings › Yield)."
              columns={[
                { header: "Primal or cut", cell: (g) => <a href={`?segment=${g.id}`}>{g.name}</a> },
                { header: "Level", cell: (g) => (g.level === "primal" ? "Primal" : "Cut") },
                {
                  header: "Rules",
                  cell: (g) =>
                    rules.filter((r) => r.segmentId === g.id).map((r) => r.summary).join("; ") || "None",
                },
              ]}
            />
          </section>
        )}
      </>
    );
  },
});

export const CarcassSpecListScreen = defineScreen({
  loader: async ({ context }) => await listCarcassTypes(await pageAreaContext(context)),
  component: ({ data }) => {
    const rows = data.flatMap((t) => t.specifications.map((r) => ({ type: t, rule: r })));
    return (
      <>
        <SpecificationLinks current={SPEC_SETTINGS_PATHS.carcassSpecList} />
        {SPEC_CATEGORIES.map((c) => (
          <section key={c.id} className="panel" aria-label={`${c.name} specifications`}>
            <h2>{c.name}</h2>
            <Table
              rows={rows.filter((x) =>
                x.rule.categoryId === c.id
              )}
              rowKey={(x) =>
                x.rule.id}
              empty={`No carcass type has a ${c.name.toLowerCase()} rule.`}
              columns={[
                {
                  header: "Carcass type",
                  cell: (x) => (
                    <a href={`${SPEC_SETTINGS_PATHS.carcassType}?edit=${x.type.id}`}>
                      {x.type.speciesName}: {x.type.name}
                    </a>
                  ),
                },
                { header: "Specification", cell: (x) => x.rule.typeName },
                { header: "Rule", cell: (x) => x.rule.summary },
              ]}
            />
          </section>
        ))}
      </>
    );
  },
});
