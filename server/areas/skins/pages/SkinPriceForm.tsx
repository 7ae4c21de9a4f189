/**
 * Settings › Skin/Hide Price sub-forms (spec 2 §2.2 newskinprice/{species}, skinprice/{id},
 * copyskinprice/{id}, newhideprice, hideprice/{id}): the data form island with a price a piece per grade,
 * the category it is for, and the dates it applies between; archive and restore beside it.
 */
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import type { DataFormProps, FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { ApiError } from "../../../http/errors.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { formatDate } from "../../../../kernel/format.ts";
import { speciesCategoriesOf } from "../../../../kernel/enums.ts";
import { gradeLabel, SKIN_GRADES, skinKindOf, skinWord } from "../rules.ts";
import { SKIN_API as API, SKIN_PATHS as PATHS } from "../paths.ts";
import type { SkinPrice } from "../schemas.ts";
import { pageAreaContext } from "../../context.ts";
import { skinPrice } from "../prices.ts";

const HIDES = 2;

function priceFields(speciesId: number): FieldSpec[] {
  const word = skinWord(speciesId).slice(0, -1);
  return [
    { name: "id", label: "Id", type: "id" },
    {
      name: "name",
      label: "Name",
      type: "text",
      required: true,
      placeholder: speciesId === HIDES ? "Cattle hides" : "Sheep and lamb skins",
      help: "As on the buyer's price list; the invoice shows it.",
    },
    {
      name: "speciesCategoryId",
      label: "Category",
      type: "select",
      valueType: "number",
      placeholder: "Every category",
      options: speciesCategoriesOf(speciesId).map((c) => ({ value: String(c.id), label: c.name })),
      help: "A category's own price beats the every-category price.",
    },
    { name: "startDate", label: "From", type: "date", required: true, help: "Kills on and after this day." },
    {
      name: "archivedDate",
      label: "Stop using from",
      type: "date",
      help: "Blank while in use; kills from this day are no longer paid at this price.",
    },
    ...SKIN_GRADES.map((grade, i): FieldSpec => ({
      name: `grades.${i}.price`,
      label: `${gradeLabel(grade)} ($ a ${word})`,
      type: "number",
      section: i === 0 ? `Price a ${word} by grade (blank: not paid)` : undefined,
    })),
  ];
}

function gradeValues(p: SkinPrice | null): Record<string, unknown> {
  return Object.fromEntries(SKIN_GRADES.flatMap((grade, i) => {
    const cents = p?.grades.find((g) => g.grade === grade)?.centsPerPiece;
    return [[`grades.${i}.grade`, grade], [`grades.${i}.price`, cents === undefined ? null : cents / 100]];
  }));
}

function formProps(speciesId: number, initial: Record<string, unknown>, title: string): DataFormProps {
  return {
    id: "skin-price",
    title,
    fields: priceFields(speciesId),
    initial: { speciesId, ...gradeValues(null), ...initial },
    submit: { method: "POST", url: API.upsertPrice },
    cancelHref: `${PATHS.prices}?speciesId=${speciesId}`,
    redirectTo: `${PATHS.prices}?speciesId=${speciesId}`,
    successToast: `The ${skinKindOf(speciesId)} price was saved. Draft invoices will be recomputed.`,
  };
}

function speciesOrMissing(context: PageContext, speciesId: number) {
  const species = context.caller!.species.find((s) => s.id === speciesId && speciesId !== 3);
  if (!species) throw ApiError.notFound("That species has no skins or hides to price.");
  return species;
}

function NewPrice({ context, speciesId }: { context: PageContext; speciesId: number }) {
  const species = speciesOrMissing(context, speciesId);
  const title = `New ${species.name.toLowerCase()} ${skinKindOf(speciesId)} price`;
  return (
    <section className="panel">
      <DataForm {...formProps(speciesId, { startDate: context.today }, title)} />
    </section>
  );
}

async function loadPrice(context: PageContext, id: string) {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw ApiError.notFound();
  return await skinPrice(await pageAreaContext(context), n);
}

const editInitial = (p: SkinPrice) => ({
  id: p.id,
  lastModified: p.lastModified,
  name: p.name,
  speciesCategoryId: p.speciesCategoryId,
  startDate: p.startDate,
  archivedDate: p.archivedDate,
  ...gradeValues(p),
});

function EditPrice({ data }: { data: SkinPrice }) {
  const archived = data.timing === "archived";
  return (
    <>
      <section className="panel">
        {archived && (
          <p className="banner banner-info">
            Archived from {formatDate(data.archivedDate)}: kills from then are not paid at this price.
          </p>
        )}
        <DataForm
          {...formProps(data.speciesId, editInitial(data), `${data.name} from ${formatDate(data.startDate)}`)}
        />
      </section>
      <section className="panel" aria-label="Archive">
        <p className="muted small">
          Archive a price the buyer no longer pays: kills from today are not paid at it (draft invoices are
          recomputed), earlier ones and published invoices keep it. To change the price for a new season, copy
          it instead.
        </p>
        <div className="actions">
          <a className="btn" href={PATHS.copyPrice(data.id)}>Copy to a new start date</a>
          {data.timing !== "future" && (
            <ActionButton
              label={archived ? "Restore" : "Archive"}
              url={API.archivePrice}
              body={{ id: data.id, lastModified: data.lastModified, isArchived: !archived }}
              variant={archived ? "primary" : "danger"}
              confirm={archived
                ? undefined
                : `Archive ${data.name}? Kills from today will not be paid at this price.`}
              successToast={archived ? "The price was restored." : "The price was archived."}
            />
          )}
        </div>
      </section>
    </>
  );
}

/** settingsNewSkinPrice: /settings/newskinprice/{species} */
export const NewSkinPriceScreen = defineScreen({
  loader: ({ params }) => ({ speciesId: Number(params.species) }),
  component: ({ data, context }) => <NewPrice context={context} speciesId={data.speciesId} />,
});

/** settingsNewHidePrice */
export const NewHidePriceScreen = defineScreen({
  loader: () => ({ speciesId: HIDES }),
  component: ({ data, context }) => <NewPrice context={context} speciesId={data.speciesId} />,
});

/** settingsSkinPriceEdit and settingsHidePrice: one price, archive or restore it. */
export const SkinPriceScreen = defineScreen({
  loader: ({ context, params }) => loadPrice(context, params.id),
  component: ({ data }) => <EditPrice data={data} />,
});

/** settingsCopySkinPrice: a new price starting today from an existing one (the new season's rates). */
export const CopySkinPriceScreen = defineScreen({
  loader: ({ context, params }) => loadPrice(context, params.id),
  component: ({ data, context }) => {
    const { id: _id, lastModified: _lm, ...copy } = editInitial(data);
    const initial = { ...copy, startDate: context.today, archivedDate: null };
    return (
      <section className="panel">
        <p className="muted small">
          A copy of {data.name} from{" "}
          {formatDate(data.startDate)}. Give it the day the new prices start: kills before that keep the old
          prices.
        </p>
        <DataForm {...formProps(data.speciesId, initial, `Copy of ${data.name}`)} />
      </section>
    );
  },
});
