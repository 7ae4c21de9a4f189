/**
 * The yard island's data: the yard as last read, its refresh, its actions and its live updates.
 *
 * - Every action is a POST answering the new yard; success toasts, the answer is drawn (unchanged pens
 *   keep their objects, so only changed pens redraw).
 * - A failed action or refresh reloads the whole yard (spec 1 §8); the API client has toasted the error
 *   (validation as a warning, a 409 "Change Conflict" as an error). A failed refresh tries once more.
 * - Live: registers `Stockyard:<siteId>` (and `Deliveries`, for deliveries arriving) with the page's push
 *   client and re-reads the yard on `stockyardUpdated`, `stockyardSetupUpdated`, `deliveryStatusUpdated`
 *   and after a reconnect, coalescing bursts.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError, notifyApiError } from "../../runtime/api.ts";
import { withPush } from "../../runtime/pushLater.ts";
import { toast } from "../../runtime/toast.ts";
import { mergeView, type YardData } from "../../ui/yard/model.ts";

/** The stockyard API paths the island calls (the page passes them from STOCKYARD_API). */
export interface YardUrls {
  refresh: string;
  unloadDeliveryToPen: string;
  moveOrMergeMobs: string;
  undoYardMove: string;
  updateMobInPen: string;
  markPenPendingKill: string;
  reservePens: string;
  unreservePens: string;
  sendToKillFloor: string;
  sendToUnfit: string;
  emptyBin: string;
  moveBetweenYards: string;
  carryOverLivestock: string;
  progressDelivery: string;
  waitForAiHeadCount: string;
  cancelAiHeadCount: string;
}

// (missed: an event came between the page's render and this island joining its groups)
const LIVE_EVENTS = [
  "stockyardUpdated",
  "stockyardSetupUpdated",
  "deliveryStatusUpdated",
  "reconnected",
  "missed",
];
const COALESCE_MS = 250;
const RETRY_MS = 3_000;

/**
 * `deliveries`: also listen to the orders' `Deliveries` group (only for callers with the livestock module:
 * the hub refuses a whole registration that holds a group the caller may not join).
 */
export function useYard(initial: YardData, urls: YardUrls, deliveries = false) {
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState(false);
  /** the hub has taken the yard's refresh interest (tests wait for it) */
  const [live, setLive] = useState(false);
  const viewRef = useRef(view);
  viewRef.current = view;
  const stockyardId = view.yard.id;
  const siteId = view.yard.tenantSiteId;
  const inflight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // the ref is current at once: a queued check tick sends the lastModified the last answer gave
  const apply = useCallback((next: YardData) => {
    const old = viewRef.current;
    const merged = next.yard.id === old.yard.id ? mergeView(old, next) : next;
    viewRef.current = merged;
    setView(merged);
  }, []);

  /** Reads the yard again; a failure is toasted and tried once more. */
  const refresh = useCallback(async (retry = true): Promise<boolean> => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    try {
      apply(
        await api<YardData>("GET", urls.refresh, undefined, {
          query: { stockyardId },
          signal: controller.signal,
          silent: !retry,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.aborted) return false;
      if (retry) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void refresh(false), RETRY_MS);
      }
      return false;
    } finally {
      if (inflight.current === controller) inflight.current = null;
    }
  }, [apply, stockyardId, urls.refresh]);

  const soon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refresh(), COALESCE_MS);
  }, [refresh]);

  /** Runs one yard action: toasts `success` and draws the answer, or reloads the yard on failure. */
  const act = useCallback(async (url: string, body: unknown, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      const next = await api<YardData>("POST", url, body);
      inflight.current?.abort(); // an older read must not draw over the answer
      apply(next);
      toast("success", success);
      return true;
    } catch {
      await refresh();
      return false;
    } finally {
      setBusy(false);
    }
  }, [apply, refresh]);

  /**
   * A yard action whose answer the caller reads (a move's undo ticket): draws the answer. A refusal the
   * caller `handles` (a question the server asks) is only answered; any other is told and the yard is
   * read again, as `act` does.
   */
  const send = useCallback(
    async <T extends YardData>(url: string, body: unknown, handles: (e: ApiError) => boolean) => {
      setBusy(true);
      try {
        const next = await api<T>("POST", url, body, { silent: true });
        inflight.current?.abort();
        apply(next);
        return next;
      } catch (error) {
        const e = error instanceof ApiError
          ? error
          : new ApiError({ status: 0, title: "Error", message: String(error) });
        if (!handles(e)) {
          if (!e.aborted) notifyApiError(e);
          await refresh();
        }
        return e;
      } finally {
        setBusy(false);
      }
    },
    [apply, refresh],
  );

  useEffect(() => {
    const groups = [`Stockyard:${siteId}`, ...(deliveries ? ["Deliveries"] : [])];
    let current = true;
    const stopPush = withPush((push) => {
      void push.register(groups[0]).then((ok) => current && setLive(ok !== null));
      if (deliveries) void push.register("Deliveries");
      const offs = LIVE_EVENTS.map((event) =>
        push.on(event, (payload) => {
          const p = payload as { siteId?: number | null } | undefined;
          if (event.startsWith("stockyard") && p?.siteId != null && p.siteId !== siteId) return;
          soon();
        })
      );
      return () => {
        offs.forEach((off) => off());
        void push.deregister(...groups);
      };
    });
    return () => {
      current = false;
      setLive(false);
      stopPush();
      clearTimeout(timer.current);
      inflight.current?.abort();
    };
  }, [siteId, soon, deliveries]);

  return { view, viewRef, busy, live, act, send, refresh };
}
