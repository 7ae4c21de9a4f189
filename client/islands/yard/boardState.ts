/** What the yard board shows from its state: the status line and the pens greyed out. */
import { refuseLoad } from "../../../server/areas/stockyard/rules.ts";
import { formatHead } from "../../../kernel/format.ts";
import { lotLabel, refusal, type YardMob, type YardPen } from "../../ui/yard/model.ts";
import type { ReserveTarget } from "./Panels.tsx";

/** Pens a mob being moved may not go to (reserving: pens that cannot be reserved for the order). */
export function refusedPens(pens: YardPen[], shown: YardMob | null, reserve?: ReserveTarget) {
  if (reserve) {
    return new Set(
      pens.filter((p) =>
        p.livestockOrderReservedForId !== reserve.livestockOrderId && refuseLoad(p, reserve.livestockOrderId)
      ).map((p) => p.id),
    );
  }
  return shown ? new Set(pens.filter((p) => refusal(p, shown)).map((p) => p.id)) : null;
}

/** The status line: what is selected or moving, and the keys that act on it, in plain words. */
export function statusLine(
  { reserve, picked, moving, pen, mob, where, headOf }: {
    reserve?: ReserveTarget;
    picked: number;
    moving: YardMob | null;
    pen: YardPen | null;
    mob: YardMob | null;
    where: "pen" | "waiting" | "arriving" | null;
    headOf: (m: YardMob) => number;
  },
): string {
  if (reserve) return `Reserving pens for ${reserve.label}: pick pens, then Reserve. ${picked} picked.`;
  if (moving) {
    return `${moving.penId === null ? "Unloading" : "Moving"} ${formatHead(headOf(moving))} head of ${
      lotLabel(moving)
    } · ${moving.supplierName}: choose the pen it goes to (greyed pens cannot take this order). Esc cancels.`;
  }
  if (pen) {
    return `Pen ${pen.name} selected.${
      mob ? " Move… (M) moves its mob." : ""
    } Arrows move between pens, Enter selects, Esc clears.`;
  }
  if (mob) {
    return `${lotLabel(mob)} selected. ${
      where === "pen" ? "Move…" : "Unload…"
    } (M) chooses its pen; Esc clears.`;
  }
  return "Select a pen or a waiting load to see it; Move… (M) or dragging moves it. Arrows move between pens, Enter selects, Esc cancels.";
}
