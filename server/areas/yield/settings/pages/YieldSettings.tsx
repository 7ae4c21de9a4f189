/**
 * Settings › Yield (spec 2 §2.2 yieldsettings): per species, the standard yield of each product code and
 * (yieldRevenue module) its $/kg, effective-dated, with a code's history and forms (?code=<id>, editing a
 * future one with &standard=<id> or &price=<id>); where plant and species visibility is set; the boning
 * rooms of each site. Server-rendered; forms are the data form island.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { pageAreaContext } from "../../../context.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { addDays } from "../../../../../kernel/dates.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { hasYieldRevenue } from "../../access.ts";
import { YIELD_SETTINGS_API } from "../api.ts";
import { listProductCodes } from "../operations/productCodes.ts";
import { listProductPrices, listStandardYields } from "../operations/dated.ts";
import { listBoningRooms } from "../operations/boningRooms.ts";
import type { ProductCode, ProductPrice, StandardYield } from "../schemas.ts";
import {
  chosenSpecies,
  NoSpecies,
  optionalId,
  percentText,
  priceText,
  query,
  SpeciesTabs,
} from "./common.tsx";
import { DatedPanel } from "./DatedPanel.tsx";
import { BoningRoomsPanel } from "./BoningRooms.tsx";
import { cartonRecordsData, CartonRecordsPanel } from "./CartonRecords.tsx";

const PATH = "/settings/yieldsettings";

/** The next value from a later day, as "12.50 % from 1 Jan 2027". */
function nextText<R extends { timing: string; effectiveFrom: string }>(rows: R[], text: (r: R) => string) {
  const next = rows.find((r) => r.timing === "future");
  return next ? `${text(next)} from ${formatDate(next.effectiveFrom)}` : "—";
}

/** settingsYield */
export const YieldSettingsScreen = defineScreen({
  validateSearch: z.object({
    speciesId: optionalId,
    code: optionalId,
    standard: optionalId,
    price: optionalId,
    room: z.union([z.literal("new"), optionalId]).optional(),
  }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const species = chosenSpecies(context, search.speciesId);
    const [rooms, cartonImports] = await Promise.all([listBoningRooms(ctx), cartonRecordsData(ctx, context)]);
    if (!species) return { species: null, rooms, cartonImports };
    const revenue = hasYieldRevenue(ctx);
    const [codes, standards, prices] = await Promise.all([
      listProductCodes(ctx, { speciesId: species.id }),
      listStandardYields(ctx, { speciesId: species.id }),
      revenue ? listProductPrices(ctx, { speciesId: species.id }) : Promise.resolve([] as ProductPrice[]),
    ]);
    return { species, rooms, cartonImports, codes: codes.rows, standards, prices, revenue };
  },
  component: ({ data, search, context }) => {
    const room = search.room === "new" ? "new" : data.rooms.find((r) => r.id === search.room) ?? null;
    const roomHref = (r?: number | "new") =>
      `${PATH}${query({ speciesId: data.species?.id, code: search.code, room: r })}#boning-rooms`;
    const rooms = <BoningRoomsPanel rooms={data.rooms} editing={room} href={roomHref} context={context} />;
    const cartons = <CartonRecordsPanel imports={data.cartonImports} context={context} />;
    if (!data.species) return <>{[<NoSpecies key="none" title="Yield" />, rooms, cartons]}</>;
    const { species, codes, standards, prices, revenue } = data;
    const code = codes.find((c) => c.id === search.code) ?? null;
    const codeHref = (c: number, extra: Record<string, number | undefined> = {}) =>
      `${PATH}${query({ speciesId: species.id, code: c, ...extra })}`;
    const ofCode = <R extends { productCodeId: number }>(rows: R[], id: number) =>
      rows.filter((r) => r.productCodeId === id);
    const tomorrow = addDays(context.today, 1);
    return (
      <>
        <SpeciesTabs context={context} current={species.id} href={(id) => `${PATH}?speciesId=${id}`} />
        {code && (
          <DatedPanel<StandardYield>
            kind="standard-yield"
            title={`${code.code} ${code.description}: standard yields`}
            what="standard yield"
            code={code}
            rows={ofCode(standards, code.id)}
            valueHeader="% of HSCW"
            valueText={(r) => percentText(r.percent)}
            valueField={{
              name: "percent",
              label: "Standard yield (% of HSCW)",
              type: "number",
              required: true,
            }}
            valueOf={(r) => r.percent}
            editing={ofCode(standards, code.id).find((s) =>
              s.id === search.standard && s.timing === "future"
            ) ?? null}
            href={(id) => codeHref(code.id, { standard: id })}
            api={{
              upsert: YIELD_SETTINGS_API.upsertStandardYield,
              delete: YIELD_SETTINGS_API.deleteStandardYield,
              idName: "standardYieldId",
            }}
            defaultFrom={tomorrow}
          />
        )}
        {code && revenue && (
          <DatedPanel<ProductPrice>
            kind="price"
            title={`${code.code} ${code.description}: price list`}
            what="price"
            code={code}
            rows={ofCode(prices, code.id)}
            valueHeader="$/kg"
            valueText={(r) => priceText(r.dollarsPerKg)}
            valueField={{ name: "dollarsPerKg", label: "Price ($/kg)", type: "number", required: true }}
            valueOf={(r) => r.dollarsPerKg}
            editing={ofCode(prices, code.id).find((p) => p.id === search.price && p.timing === "future") ??
              null}
            href={(id) => codeHref(code.id, { price: id })}
            api={{
              upsert: YIELD_SETTINGS_API.upsertProductPrice,
              delete: YIELD_SETTINGS_API.deleteProductPrice,
              idName: "productPriceId",
            }}
            defaultFrom={tomorrow}
          />
        )}
        <section className="panel" aria-label={`${species.name} standard yields`}>
          <h2>{species.name} standard yields{revenue ? " and prices" : ""}</h2>
          <p className="muted small">
            Expected kg = standard yield × HSCW boned. Choose a code to see its history and add a standard
            from a date.
          </p>
          <Table
            rows={codes}
            rowKey={(c) => c.id}
            empty={`No ${species.name.toLowerCase()} product codes yet: add them under Product codes.`}
            columns={[
              {
                header: "Code",
                cell: (c: ProductCode) => (
                  <a href={codeHref(c.id)} aria-current={c.id === code?.id ? "true" : undefined}>{c.code}</a>
                ),
              },
              { header: "Description", cell: (c) => c.description + (c.isActive ? "" : " (not in use)") },
              { header: "Standard in force", cell: (c) => percentText(c.standardPercent), className: "num" },
              {
                header: "Next standard",
                cell: (c) => nextText(ofCode(standards, c.id), (s) => percentText(s.percent)),
                optional: true,
              },
              ...(revenue
                ? [
                  {
                    header: "$/kg in force",
                    cell: (c: ProductCode) => priceText(c.dollarsPerKg),
                    className: "num",
                  },
                  {
                    header: "Next price",
                    cell: (c: ProductCode) =>
                      nextText(ofCode(prices, c.id), (p) => priceText(p.dollarsPerKg)),
                    optional: true,
                  },
                ]
                : []),
            ]}
          />
        </section>
        <section className="panel" aria-label="Plant and species visibility">
          <h2>Plant and species visibility</h2>
          <p>
            Each user sees yield for the sites and species they are allowed, narrowed by their plant and
            species visibility. Set it per user under <a href="/home/clientusers">Users</a>{" "}
            › a user › Yield visibility: no box ticked means all of the user's sites and species.
          </p>
        </section>
        <div id="boning-rooms">{rooms}</div>
        {cartons}
      </>
    );
  },
});
