/**
 * The kill agenda islands' data and live updates: the agenda as the API answers it (types only: no zod in
 * the bundle), and the hook that re-reads it when the site's agenda, deliveries or yard change.
 */
import { useEffect, useRef, useState } from "react";
import { withPush } from "../../runtime/pushLater.ts";
import type { AgendaItemView, AgendaView, WeekView } from "../../../server/areas/killAgenda/rules.ts";
import { groupsOf } from "../../../server/areas/killAgenda/boardRules.ts";

export type Agenda = AgendaView;
export type Item = AgendaItemView;
export type Week = WeekView;

const COALESCE_MS = 300;

/**
 * Re-reads (`refresh`) when another user changes these days of the site's agenda, a delivery arrives, or
 * (with `yard`) the site's yard changes; also after the push connection comes back.
 */
export function useLiveAgenda(
  siteId: number,
  speciesId: number,
  dates: readonly string[],
  refresh: () => void,
  yard = false,
) {
  const latest = useRef({ dates, refresh });
  latest.current = { dates, refresh };
  useEffect(() => {
    const groups = [`KillAgenda:${siteId}`, "Deliveries", ...(yard ? [`Stockyard:${siteId}`] : [])];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.refresh(), COALESCE_MS);
    };
    const stopPush = withPush((push) => {
      for (const g of groups) void push.register(g);
      const offs = [
        push.on("killAgendaUpdated", (p) => {
          const e = p as { siteId: number; speciesId: number; dates: string[] };
          if (
            e.siteId === siteId && e.speciesId === speciesId &&
            e.dates.some((d) => latest.current.dates.includes(d))
          ) {
            soon();
          }
        }),
        push.on("deliveryStatusUpdated", soon),
        push.on("reconnected", soon),
        // an event came between the page's render and this island joining its groups
        push.on("missed", soon),
        ...(yard ? [push.on("stockyardUpdated", soon)] : []),
      ];
      return () => {
        offs.forEach((off) => off());
        void push.deregister(...groups);
      };
    });
    return () => {
      clearTimeout(timer);
      stopPush();
    };
  }, [siteId, speciesId, yard]);
}

/**
 * Reads that never undo a save: a read begun before a save, or answered while one is in flight, is not
 * shown (it may lack the change, and would put a lot back where it was until the save's answer moved it
 * again); it is made again once the save is done. `saving` wraps each save, its optimistic view included.
 */
export function useReads<T>(read: () => Promise<T>, show: (value: T) => void) {
  const latest = useRef({ read, show });
  latest.current = { read, show };
  return useState(() =>
    guardedReads(() => latest.current.read(), (value: T) => latest.current.show(value))
  )[0];
}

/** `useReads` without React. */
export function guardedReads<T>(read: () => Promise<T>, show: (value: T) => void) {
  let saves = 0; // odd while a save is in flight
  let again = false;
  const refresh = async (): Promise<void> => {
    const at = saves;
    if (at % 2) return void (again = true);
    try {
      const value = await read();
      if (at === saves) show(value);
      else if (saves % 2) again = true;
      else void refresh();
    } catch { /* read again on the next change or reconnect */ }
  };
  const saving = async <R>(work: () => Promise<R>): Promise<R> => {
    saves++;
    try {
      return await work();
    } finally {
      saves++;
      if (again) {
        again = false;
        void refresh();
      }
    }
  };
  return { refresh, saving };
}

/** The items renumbered 1, 2, 3… after a move (the optimistic view before the server answers). */
export const renumber = (items: readonly Item[]): Item[] =>
  items.map((item, i) => ({ ...item, killAgendaOrderNumber: i + 1 }));

export const lotOf = (
  i: Pick<Item, "agendaLotReference" | "agendaLotReferenceSuffix" | "livestockOrderId">,
) =>
  `${i.agendaLotReference || `Order ${i.livestockOrderId}`}${
    i.agendaLotReferenceSuffix ? ` ${i.agendaLotReferenceSuffix}` : ""
  }`;

/** An item's boxed lot (several orders killed as one), or null. */
export const boxedLotOf = (i: Pick<Item, "boxedLotRef">) => i.boxedLotRef;

/** The day's cards in kill order: an item alone, or a boxed lot's items together (moved as one). */
export const cardsOf = (items: readonly Item[]): Item[][] => groupsOf(items, boxedLotOf);

/** A card's name: the boxed lot's, else the item's lot. */
export const cardLotOf = (i: Item) => i.boxedLotRef ? `boxed lot ${i.boxedLotRef}` : lotOf(i);
