/**
 * A mob's check ticks, saved one after another (issue 36 §3: "a tick is never lost"): each is sent with
 * the mob as the last answer left it, so a quick second tick or a move started just after does not meet
 * a stale copy; a tick refused because the mob changed meanwhile is sent once more on the fresh yard. The
 * box shows the tick at once, while it is being saved.
 */
import { type RefObject, useRef, useState } from "react";
import { findMob, type YardData, type YardRequirement } from "../../ui/yard/model.ts";
import type { YardUrls } from "./useYard.ts";
import type { Act } from "./Panels.tsx";

export interface Ticks {
  /** ticks being saved: requirement id → the state the hand gave it */
  pending: ReadonlyMap<number, boolean>;
  tick: (stockMobId: number, requirement: YardRequirement, isComplete: boolean) => void;
  /** resolves once every tick made so far has been saved (or given up) */
  settled: () => Promise<void>;
}

export function useTicks(viewRef: RefObject<YardData>, urls: YardUrls, act: Act): Ticks {
  const chain = useRef<Promise<void>>(Promise.resolve());
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());

  const save = async (stockMobId: number, requirement: YardRequirement, isComplete: boolean) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const mob = findMob(viewRef.current, stockMobId);
      const now = mob?.requirements.find((r) => r.id === requirement.id);
      if (!mob || !now || now.isComplete === isComplete) return; // gone, or already so
      const ok = await act(
        urls.updateMobInPen,
        {
          stockMobId,
          lastModified: mob.lastModified,
          requirements: [{ id: requirement.id, isComplete }],
        },
        `${requirement.name}: ${isComplete ? "done" : "not done"}.`,
      );
      if (ok) return;
    }
  };

  const tick: Ticks["tick"] = (stockMobId, requirement, isComplete) => {
    setPending((m) => new Map(m).set(requirement.id, isComplete));
    chain.current = chain.current
      .then(() => save(stockMobId, requirement, isComplete))
      .catch(() => {})
      .then(() =>
        setPending((m) => {
          if (m.get(requirement.id) !== isComplete) return m; // a later tick of the same box is pending
          const next = new Map(m);
          next.delete(requirement.id);
          return next;
        })
      );
  };

  return { pending, tick, settled: () => chain.current };
}
