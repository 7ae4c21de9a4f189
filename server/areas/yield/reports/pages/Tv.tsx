/**
 * The yield TV screens (display carousel children): /display/yieldCarcass/{index},
 * /display/operationalyield/{id}, /display/viewreport/{id}. Each renders in the carousel's TV document as
 * a stage the runtime swaps and re-reads when the Yield group's yieldDataChanged event arrives.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { ApiError } from "../../../../http/errors.ts";
import { pageAreaContext } from "../../../context.ts";
import { TvRotation, TvStage, TvStatus } from "../../../../../display/TvDocument.tsx";
import { YieldTv } from "../../../../../display/screens/YieldTv.tsx";
import { YIELD_TV_PATHS, yieldTvStage } from "../operations/tv.ts";

type Stage = NonNullable<Awaited<ReturnType<typeof yieldTvStage>>>;

async function stageOf(context: PageContext, path: string): Promise<Stage> {
  const stage = await yieldTvStage(await pageAreaContext(context), path);
  if (!stage) throw ApiError.notFound();
  return stage;
}

function YieldStage({ stage }: { stage: Stage }) {
  return (
    <>
      <TvStage path={stage.path} title={stage.title} groups={stage.groups} events={stage.events}>
        <YieldTv tv={stage.tv} />
      </TvStage>
      {/* a page showing one screen: its rotation is itself (kept live, not rotated) */}
      <TvRotation rotation={{ screens: [{ path: stage.path, seconds: 30, label: stage.title }] }} />
      <TvStatus />
    </>
  );
}

const number = (text: string | undefined) => {
  const n = Number(text);
  if (!/^\d{1,9}$/.test(text ?? "") || !Number.isSafeInteger(n)) throw ApiError.notFound();
  return n;
};

/** displayYieldCarcass */
export const YieldCarcassTvScreen = defineScreen({
  loader: async ({ context, params }) => await stageOf(context, YIELD_TV_PATHS.carcass(number(params.index))),
  component: ({ data }) => <YieldStage stage={data} />,
});

/** displayOperationalYield */
export const OperationalTvScreen = defineScreen({
  loader: async ({ context, params }) =>
    await stageOf(context, YIELD_TV_PATHS.operational(number(params.id))),
  component: ({ data }) => <YieldStage stage={data} />,
});

/** displayViewReport */
export const ReportTvScreen = defineScreen({
  loader: async ({ context, params }) => await stageOf(context, YIELD_TV_PATHS.report(number(params.id))),
  component: ({ data }) => <YieldStage stage={data} />,
});
