/**
 * The areas' memory kept right on every instance (Area.kept): each event the bus brings, made here or on
 * another instance, drops what was kept of its tenant; a resync (the bus back after an outage, messages
 * possibly missed) drops everything. The local bus delivers as it publishes and Redis delivers this
 * instance's own messages at once, so the instance that made a change forgets before it answers.
 */
import type { PushBus } from "../push/bus.ts";
import type { Databases } from "../../db/client.ts";
import type { KeptInMemory } from "./area.ts";

/** Follows the bus for `kept`; returns the unsubscribe. */
export function forgetOnEvents(
  bus: PushBus,
  databases: Databases,
  kept: readonly KeptInMemory[],
): () => void {
  const byEvent = new Map<string, KeptInMemory[]>();
  for (const k of kept) for (const event of k.staleOn) byEvent.set(event, [...(byEvent.get(event) ?? []), k]);
  return bus.subscribe((message) => {
    if (message.kind === "resync") kept.forEach((k) => k.forget(databases, null));
    else if (message.kind === "event") {
      byEvent.get(message.target)?.forEach((k) => k.forget(databases, message.tenantId));
    }
  });
}
