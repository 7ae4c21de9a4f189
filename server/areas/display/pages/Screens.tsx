/**
 * The TV screens (spec 1 §2 /display): the carousel itself (/display: the display user's rotation, its
 * first screen drawn at once) and each screen on its own (/display/killagendareport/{species},
 * /display/stockyard), which a TV can also be pointed at. Each page is a stage the carousel swaps in
 * place; the push groups and events that redraw it are written on the stage.
 */
import { z } from "zod";
import { idNumber } from "../../../http/params.ts";
import { defineScreen } from "../../../pages/screen.ts";
import type { PageContext } from "../../../pages/context.ts";
import { pageAreaContext } from "../../context.ts";
import { AgendaTv } from "../../../../display/screens/AgendaTv.tsx";
import { YardTv } from "../../../../display/screens/YardTv.tsx";
import { TvRotation, TvStage, TvStatus } from "../../../../display/TvDocument.tsx";
import { MAP_IMAGE_API } from "../../stockyard/api.ts";
import { agendaTv, rotation as rotationOf, yardTv } from "../operations.ts";
import { YieldTv } from "../../../../display/screens/YieldTv.tsx";
import { yieldTvStage } from "../../yield/reports/operations/tv.ts";

const AGENDA_EVENTS = [
  "killAgendaUpdated",
  "stockyardUpdated",
  "killFloorDataReceived",
  "deliveryStatusUpdated",
];
const YARD_EVENTS = ["stockyardUpdated", "stockyardSetupUpdated"];

async function agendaStage(context: PageContext, species: string) {
  const agenda = await agendaTv(await pageAreaContext(context), species);
  const site = agenda.siteId;
  return {
    kind: "agenda" as const,
    path: `/display/killagendareport/${encodeURIComponent(agenda.species)}`,
    title: `${agenda.species} kill`,
    groups: [`KillAgenda:${site}`, `Stockyard:${site}`, "KillFloor", "Deliveries"],
    agenda,
  };
}

async function yardStage(context: PageContext, stockyardId?: number) {
  const view = await yardTv(await pageAreaContext(context), stockyardId);
  return {
    kind: "yard" as const,
    path: `/display/stockyard?yard=${view.yard.id}`,
    title: view.yard.name,
    groups: [`Stockyard:${view.yard.tenantSiteId}`],
    view,
    mapUrl: view.yard.hasMapImage ? `${MAP_IMAGE_API.downloadMapImage}/${view.yard.id}` : null,
  };
}

type Stage =
  | Awaited<ReturnType<typeof agendaStage>>
  | Awaited<ReturnType<typeof yardStage>>
  | NonNullable<Awaited<ReturnType<typeof yieldTvStage>>>;

const EVENTS = { agenda: AGENDA_EVENTS, yard: YARD_EVENTS } as const;

function Stage(
  { stage, rotation }: {
    stage: Stage;
    rotation: { screens: { path: string; seconds: number; label: string }[] };
  },
) {
  return (
    <>
      <TvStage
        path={stage.path}
        title={stage.title}
        groups={stage.groups}
        events={stage.kind === "yield" ? stage.events : EVENTS[stage.kind]}
      >
        {stage.kind === "agenda"
          ? <AgendaTv agenda={stage.agenda} />
          : stage.kind === "yield"
          ? <YieldTv tv={stage.tv} />
          : <YardTv view={stage.view} mapUrl={stage.mapUrl} />}
      </TvStage>
      <TvRotation rotation={rotation} />
      <TvStatus />
    </>
  );
}

/** A page showing one screen: its rotation is itself (kept live, not rotated). */
const single = (stage: Stage) => ({ screens: [{ path: stage.path, seconds: 30, label: stage.title }] });

/** displayHome: the carousel. */
export const CarouselScreen = defineScreen({
  loader: async ({ context }) => {
    const rotation = await rotationOf(await pageAreaContext(context));
    const first = rotation.screens[0]?.path ?? "";
    const species = /^\/display\/killagendareport\/(.+)$/.exec(first)?.[1];
    const yard = /^\/display\/stockyard(?:\?yard=(\d+))?$/.exec(first);
    const stage = species
      ? await agendaStage(context, decodeURIComponent(species))
      : yard
      ? await yardStage(context, yard[1] ? Number(yard[1]) : undefined)
      : await yieldTvStage(await pageAreaContext(context), first);
    return { rotation, stage };
  },
  component: ({ data }) =>
    data.stage
      ? <Stage stage={data.stage} rotation={data.rotation} />
      : (
        <main id="tv-stage" data-path="/display" data-title="Display">
          <section className="tv-screen">
            <h1>Nothing to show</h1>
            <p className="tv-empty">
              This display has no screens it may show: ask an admin to set its screens.
            </p>
          </section>
        </main>
      ),
});

/** displayKillagendaReport */
export const AgendaScreen = defineScreen({
  loader: async ({ context, params }) => await agendaStage(context, params.paramSpecies ?? ""),
  component: ({ data }) => <Stage stage={data} rotation={single(data)} />,
});

/** displayStockyard */
export const YardScreen = defineScreen({
  validateSearch: z.object({ yard: idNumber().optional() }),
  loader: async ({ context, search }) => await yardStage(context, search.yard),
  component: ({ data }) => <Stage stage={data} rotation={single(data)} />,
});
