/**
 * The areas' background work (Area.background): each runs once at start, then every `everyMs`, never
 * twice at once on this instance (a run longer than its interval skips the ticks it overlaps). A failure
 * is logged and the next tick runs as usual. Returns the stop function.
 */
import type { AppServices } from "../env.ts";
import type { BackgroundWork } from "../areas/area.ts";
import { log } from "./log.ts";

export function startBackground(app: AppServices, works: readonly BackgroundWork[]): () => void {
  const timers = works.map((work) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await work.run(app);
      } catch (error) {
        log("error", "background.failed", {
          work: work.name,
          reason: String((error as Error)?.message ?? error),
        });
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(tick, work.everyMs);
  });
  return () => timers.forEach(clearInterval);
}
