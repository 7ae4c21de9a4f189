/**
 * The ROI wizard's pages (spec 3 §2.3): wizard/RoiWizard lists the reports (RoiWizardList island) and
 * wizard/RoiWizard/{id} edits one ("new" for a new report; RoiWizard island).
 */
import { ApiError } from "../../../../http/errors.ts";
import { decideAccess } from "../../../../access/apiAccess.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { RoiWizard, RoiWizardList } from "../../../../pages/islands.tsx";
import { pageAreaContext } from "../../../context.ts";
import { ROI_FAVOURITE_ACCESS } from "../../access.ts";
import { sourceDefinitions } from "../../sources/api.ts";
import { ROI_API } from "../api.ts";
import { getReport, listReports, listTemplates } from "../operations.ts";

const WIZARD = "/wizard/RoiWizard";
const DISPLAY = "/report/RoiLayoutDisplay";

export const RoiWizardListScreen = defineScreen({
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    const [reports, templates] = await Promise.all([listReports(ctx), listTemplates(ctx)]);
    const canFavourite = decideAccess(
      { subject: ctx.caller.subject, passwordPending: false, viaApiKey: false },
      ROI_FAVOURITE_ACCESS,
    ).allowed;
    return { reports, templates: templates.map((t) => ({ id: t.id, name: t.name })), canFavourite };
  },
  component: ({ data }) => (
    <section className="panel" aria-labelledby="roi-list-title">
      <h2 id="roi-list-title">ROI reports</h2>
      <RoiWizardList
        reports={data.reports}
        templates={data.templates}
        canFavourite={data.canFavourite}
        urls={{
          wizard: WIZARD,
          display: DISPLAY,
          copy: ROI_API.copy,
          delete: ROI_API.delete,
          publish: ROI_API.publish,
          favourite: ROI_API.favourite,
          saveTemplate: ROI_API.saveTemplate,
          fromTemplate: ROI_API.fromTemplate,
        }}
      />
    </section>
  ),
});

export const RoiWizardEditScreen = defineScreen({
  loader: async ({ context, params }) => {
    const ctx = await pageAreaContext(context);
    const isNew = params.id === "new";
    if (!isNew && !/^\d{1,9}$/.test(params.id ?? "")) {
      throw ApiError.notFound("That ROI report does not exist.");
    }
    const [definition, sources] = await Promise.all([
      isNew ? Promise.resolve(null) : getReport(ctx, Number(params.id)),
      sourceDefinitions(ctx),
    ]);
    return { definition, sources, species: [...ctx.scope.species], year: Number(ctx.today.slice(0, 4)) };
  },
  component: ({ data }) => {
    const d = data.definition;
    return (
      <section aria-labelledby="roi-wizard-title">
        <h2 id="roi-wizard-title">{d ? `ROI report: ${d.name}` : "New ROI report"}</h2>
        <p>
          <a href={WIZARD}>All ROI reports</a>
        </p>
        <RoiWizard
          definition={d
            ? {
              id: d.id,
              version: d.version,
              name: d.name,
              reportOption: d.reportOption,
              customCreditLabel: d.customCreditLabel,
              customDebitLabel: d.customDebitLabel,
              speciesId: d.speciesId,
              isIncludeBudgetColumns: d.isIncludeBudgetColumns,
              startDate: d.startDate,
              endDate: d.endDate,
              columns: d.columns,
              reportDataLines: d.reportDataLines,
              roiTemplateId: d.roiTemplateId,
            }
            : null}
          sources={data.sources}
          species={data.species}
          year={data.year}
          urls={{ save: ROI_API.save, wizard: WIZARD, display: DISPLAY, layout: "/wizard/RoiLayoutEditor" }}
        />
      </section>
    );
  },
});
