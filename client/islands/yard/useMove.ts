/**
 * Moving head about the yard (issue 36 §3; docs/decisions.md "The live yard: looking is not moving"):
 * a move is started on purpose ("Move…", M, or a drag), its destination chosen next; a merge and head
 * above a pen's capacity ask first (the same questions the server asks, so a race is asked too); every
 * move, merge and unload is told in a toast that offers Undo for UNDO_OFFER_MS (and Ctrl+Z meanwhile).
 */
import { useRef, useState } from "react";
import { mergeQuestion, overCapacity, refuseHead } from "../../../server/areas/stockyard/rules.ts";
import { formatHead } from "../../../kernel/format.ts";
import { toast } from "../../runtime/toast.ts";
import type { ApiError } from "../../runtime/api.ts";
import {
  findMob,
  lotMatesIn,
  refusal,
  type YardData,
  type YardMob,
  type YardPen,
} from "../../ui/yard/model.ts";
import type { YardUrls } from "./useYard.ts";
import type { Act } from "./Panels.tsx";

/** How long the screen offers Undo (the server allows longer: docs/decisions.md). */
export const UNDO_OFFER_MS = 10_000;

/** What a move, merge or unload answers besides the yard. */
interface UndoTicket {
  moveId: number;
  label: string;
  until: string;
}

/** A move waiting for its answer to the questions it asked. */
export interface Asking {
  mob: YardMob;
  target: YardPen;
  head: number;
  questions: string[];
}

type Send = <T extends YardData>(
  url: string,
  body: unknown,
  handles: (e: ApiError) => boolean,
) => Promise<T | ApiError>;

const QUESTION_FIELDS = new Set(["confirmMerge", "confirmOverCapacity"]);
const isQuestion = (e: ApiError) =>
  e.status === 400 && e.errors.length > 0 && e.errors.every((x) => QUESTION_FIELDS.has(x.field));

/** The questions a landing asks, as the server words them. */
export function questionsFor(mob: YardMob, target: YardPen, head: number): string[] {
  const into = target.contents.find((c) =>
    c.livestockOrderId === mob.livestockOrderId && c.stockMobId !== mob.stockMobId
  );
  const merge = into
    ? mergeQuestion(
      { id: mob.stockMobId, head, whole: head === mob.head },
      { id: into.stockMobId, head: into.head },
      target.name,
    )
    : null;
  const full = overCapacity(target, target.head, head);
  return [merge, full && `${full} Put them in anyway?`].filter((q): q is string => !!q);
}

export function useMove(
  { urls, send, act, view, onLanded, onUndone }: {
    urls: YardUrls;
    send: Send;
    act: Act;
    /** the yard as it is now (a boxed lot's other mobs are offered from it) */
    view: () => YardData;
    /** after a move: the pen to select and focus */
    onLanded: (penId: number) => void;
    /** after an undo (focus back on the yard) */
    onUndone: () => void;
  },
) {
  /** the mob being moved (its destination not chosen yet) */
  const [movingId, setMovingId] = useState<number | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const lastUndo = useRef<{ ticket: UndoTicket; offeredUntil: number; close: () => void } | null>(null);

  const undo = async (ticket: UndoTicket) => {
    lastUndo.current?.close();
    lastUndo.current = null;
    await act(urls.undoYardMove, { moveId: ticket.moveId }, `Undone: ${ticket.label}.`);
    onUndone();
  };

  /** Ctrl+Z while the last move's Undo is still offered. */
  const undoLast = () => {
    const last = lastUndo.current;
    if (!last || Date.now() > last.offeredUntil) return false;
    void undo(last.ticket);
    return true;
  };

  /** Puts `head` of a mob into a pen: unload when it waits or arrives, else move (or merge). */
  const land = async (mob: YardMob, target: YardPen, head: number, confirmed = false, offer = true) => {
    const why = refusal(target, mob);
    if (why) {
      toast("warning", why, "Cannot go there");
      return false;
    }
    const headWhy = refuseHead(head, mob.head);
    if (headWhy) {
      toast("warning", headWhy, "Head");
      return false;
    }
    if (!confirmed) {
      const questions = questionsFor(mob, target, head);
      if (questions.length) {
        setAsking({ mob, target, head, questions });
        return false;
      }
    }
    setAsking(null);
    const unloading = mob.penId === null;
    // a boxed lot is killed as one: moving a whole mob of it offers to bring its lot-mates along
    const mates = offer && head === mob.head ? lotMatesOf(mob) : [];
    const merging = target.contents.some((c) => c.livestockOrderId === mob.livestockOrderId);
    const seen = { stockMobId: mob.stockMobId, head, lastModified: mob.lastModified };
    const flags = { confirmMerge: confirmed, confirmOverCapacity: confirmed };
    const answer = await send<YardData & { undo: UndoTicket }>(
      unloading ? urls.unloadDeliveryToPen : urls.moveOrMergeMobs,
      unloading ? { ...seen, penId: target.id, ...flags } : { ...seen, toPenId: target.id, ...flags },
      isQuestion,
    );
    if (!("undo" in answer)) {
      // the pen changed meanwhile and now asks: ask the hand
      if (isQuestion(answer)) {
        setAsking({ mob, target, head, questions: answer.errors.map((e) => e.message) });
      }
      return false;
    }
    setMovingId(null);
    const ticket = answer.undo;
    const said = `${unloading ? "Unloaded" : merging ? "Merged" : "Moved"} ${formatHead(head)} head ${
      unloading || merging ? "into" : "to"
    } pen ${target.name}.`;
    lastUndo.current?.close();
    const shown = toast("success", said, null, {
      action: { label: "Undo", onClick: () => void undo(ticket) },
      durationMs: UNDO_OFFER_MS,
    });
    lastUndo.current = { ticket, offeredUntil: Date.now() + UNDO_OFFER_MS, close: shown.close };
    onLanded(target.id);
    if (mates.length) offerLot(mob, mates, target);
    return true;
  };

  /** The other mobs of a mob's boxed lot where it was: the same pen, or (unloading) the waiting loads. */
  const lotMatesOf = (mob: YardMob): YardMob[] => {
    const now = view();
    if (mob.penId !== null) return lotMatesIn(now, mob, mob.penId);
    return mob.boxedLotRef
      ? now.waiting.filter((m) => m.boxedLotRef === mob.boxedLotRef && m.stockMobId !== mob.stockMobId)
      : [];
  };

  /** Offers to move the rest of the lot into the same pen, one mob after another (each asks as usual). */
  const offerLot = (mob: YardMob, mates: readonly YardMob[], target: YardPen) => {
    const n = mates.length;
    const head = mates.reduce((sum, m) => sum + m.head, 0);
    toast(
      "info",
      `Boxed lot ${mob.boxedLotRef} has ${n} more mob${n === 1 ? "" : "s"} (${formatHead(head)} head) ${
        mob.penId === null ? "waiting to unload" : "in the pen it left"
      }.`,
      "Boxed lot",
      {
        action: {
          label: `${mob.penId === null ? "Unload" : "Move"} ${n === 1 ? "it" : "them"} to pen ${target.name}`,
          onClick: () =>
            void (async () => {
              for (const mate of mates) {
                const now = findMob(view(), mate.stockMobId);
                const pen = view().pens.find((p) => p.id === target.id);
                if (!now || !pen || !(await landOne(now, pen))) return;
              }
            })(),
        },
        durationMs: UNDO_OFFER_MS,
      },
    );
  };
  const landOne = (mob: YardMob, pen: YardPen) => land(mob, pen, mob.head, false, false);

  return {
    movingId,
    startMove: (mobId: number) => setMovingId(mobId),
    /** Esc: the question (and the move it asked about) and the pending move go */
    cancelMove: () => {
      setAsking(null);
      setMovingId(null);
    },
    asking,
    confirm: () => asking && land(asking.mob, asking.target, asking.head, true),
    land,
    undoLast,
  };
}
