/**
 * The kit's unit tests work as a signed-in user's area context over a test app, and read what the push
 * bus carried: one way to set both up.
 */
import type { TestApp } from "./app.ts";
import { type AreaContext, areaContext } from "../../server/areas/context.ts";
import type { BusMessage } from "../../server/push/bus.ts";

/** The area context of a demo user, as an API request of theirs would have it. */
export async function contextOf(t: TestApp, email: string): Promise<AreaContext> {
  const session = await t.services.sessions.validate(await t.login(email));
  return await areaContext(t.services, (await t.services.callers.get(session!))!);
}

/** The push events the bus carries from now on (`clear` forgets those seen; `stop` stops listening). */
export function recordEvents(t: TestApp) {
  const events: BusMessage[] = [];
  const stop = t.services.push.bus.subscribe((m) => void (m.kind === "event" && events.push(m)));
  return { events, clear: () => void events.splice(0), stop };
}
