/**
 * The yard island's side panels: the picked pen, the loads waiting to be unloaded and arriving from
 * another yard, the unfit bin, carrying stock over and the reserve-pens panel (the picked mob's
 * actions are MobActions.tsx). Plain forms: every action goes
 * through `act` (useYard.ts), which toasts and redraws the yard.
 */
import { type PointerEvent as ReactPointerEvent, useState } from "react";
import { PEN_STATUS_LABELS } from "../../../server/areas/stockyard/rules.ts";
import { addDays } from "../../../kernel/dates.ts";
import { formatDate, formatHead } from "../../../kernel/format.ts";
import { Button } from "../../ui/Button.tsx";
import { lotLabel, type YardData, type YardMob, type YardPen } from "../../ui/yard/model.ts";
import type { YardUrls } from "./useYard.ts";

export type Act = (url: string, body: unknown, success: string) => Promise<boolean>;

export interface YardLinks {
  /** the yard screen of another yard: `{id}` is the yard id */
  yard: string;
  /** the reserve-pens screen of an order: `{id}` is the order id */
  reservePens: string;
  /** a mob's history (absent when the caller cannot open it): `{id}` is the mob id */
  mob?: string;
}

/** The order the reserve-pens screen reserves pens for. */
export interface ReserveTarget {
  livestockOrderId: number;
  label: string;
  backHref: string;
}

export const fill = (template: string, id: number) => template.replace("{id}", String(id));

/** A button that asks once more before it acts (emptying the bin, a whole order to the kill floor). */
/** A mob of a boxed lot (several orders killed as one): the lot's name, its suppliers on hover. */
export function BoxedBadge({ mob }: { mob: YardMob }) {
  if (!mob.boxedLotRef) return null;
  return (
    <span
      className="badge badge-info yard-boxed"
      title={`Boxed lot ${mob.boxedLotRef}: ${mob.boxedLotSuppliers.join(" + ")}, killed as one`}
    >
      {mob.boxedLotRef}
    </span>
  );
}

export function ConfirmButton(
  { label, question, onConfirm, busy, variant = "danger" }: {
    label: string;
    question: string;
    onConfirm: () => Promise<unknown> | void;
    busy: boolean;
    variant?: "danger" | "primary" | "default";
  },
) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        variant={variant === "danger" ? "default" : variant}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
    );
  }
  return (
    <span className="yard-confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <Button
        variant={variant}
        busy={busy}
        onClick={async () => {
          await onConfirm();
          setAsking(false);
        }}
      >
        Yes, {label.charAt(0).toLowerCase() + label.slice(1)}
      </Button>
      <Button variant="ghost" onClick={() => setAsking(false)}>Back</Button>
    </span>
  );
}

/** The picked pen: its mobs (to pick another), pending kill, reservation. */
export function PenActions(
  { pen, pickedMobId, onPickMob, busy, act, urls }: {
    pen: YardPen;
    pickedMobId: number | null;
    onPickMob: (id: number) => void;
    busy: boolean;
    act: Act;
    urls: YardUrls;
  },
) {
  return (
    <div className="yard-block yard-pen-actions" data-selected-pen={pen.name}>
      <h3>
        Pen {pen.name}{" "}
        <span className={`badge yard-badge is-${pen.status}`}>{PEN_STATUS_LABELS[pen.status]}</span>
      </h3>
      <p className="muted">
        {formatHead(pen.head)} head{pen.capacity ? ` of ${formatHead(pen.capacity)}` : ""}
        {pen.isOperational ? "" : " · not in use"}
        {pen.reservedForLabel ? ` · reserved for ${pen.reservedForLabel}` : ""}
      </p>
      {pen.contents.length > 1 && (
        <ul className="yard-mob-list" aria-label={`Mobs in pen ${pen.name}`}>
          {pen.contents.map((m) => (
            <li key={m.stockMobId}>
              <button
                type="button"
                className="yard-mob-button"
                aria-pressed={m.stockMobId === pickedMobId}
                onClick={() => onPickMob(m.stockMobId)}
              >
                {lotLabel(m)} · {m.supplierName} · {formatHead(m.head)} hd
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="yard-buttons">
        {pen.head > 0 && (
          <Button
            busy={busy}
            onClick={() =>
              void act(
                urls.markPenPendingKill,
                { penId: pen.id, isPending: !pen.isContentPendingKill, lastModified: pen.lastModified },
                pen.isContentPendingKill
                  ? `Pen ${pen.name} is no longer pending kill.`
                  : `Pen ${pen.name} marked pending kill.`,
              )}
          >
            {pen.isContentPendingKill ? "Unmark pending kill" : "Mark pending kill"}
          </Button>
        )}
        {pen.livestockOrderReservedForId !== null && (
          <Button
            busy={busy}
            onClick={() =>
              void act(urls.unreservePens, { penIds: [pen.id] }, `Pen ${pen.name} is no longer reserved.`)}
          >
            Unreserve
          </Button>
        )}
      </div>
    </div>
  );
}

/** A load waiting to be unloaded or arriving from another yard: click (or Enter) picks, drag unloads. */
export function MobList(
  { title, mobs, pickedMobId, onPick, onDragStart, empty }: {
    title: string;
    mobs: YardMob[];
    pickedMobId: number | null;
    onPick: (id: number) => void;
    onDragStart: (e: ReactPointerEvent, id: number) => void;
    empty: string;
  },
) {
  return (
    <section className="yard-list" aria-label={title}>
      <h3>
        {title} <span className="badge badge-muted">{mobs.length}</span>
      </h3>
      {mobs.length
        ? (
          <ul>
            {mobs.map((m) => (
              <li key={m.stockMobId}>
                <button
                  type="button"
                  className="yard-mob-button"
                  data-mob-id={m.stockMobId}
                  aria-pressed={m.stockMobId === pickedMobId}
                  onClick={() => onPick(m.stockMobId)}
                  onPointerDown={(e) => onDragStart(e, m.stockMobId)}
                >
                  <strong>{formatHead(m.head)} hd</strong> {lotLabel(m)} · {m.supplierName}
                  {!m.isLinkedNvd && <span className="badge badge-warning nvd-missing">No NVD</span>}
                  <BoxedBadge mob={m} />
                  <small>
                    {[m.speciesCategory, `kill ${formatDate(m.applicableProductionDate, false)}`].filter(
                      Boolean,
                    ).join(" · ")}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        )
        : <p className="muted">{empty}</p>}
    </section>
  );
}

/** The yard's unfit bin: head and reasons, and emptying it (asked twice). */
export function Bin({ view, busy, act, urls }: { view: YardData; busy: boolean; act: Act; urls: YardUrls }) {
  if (!view.yard.isIncludeUnfitBin) return null;
  return (
    <section className="yard-list" aria-label="Unfit bin">
      <h3>
        Unfit bin <span className="badge badge-muted">{formatHead(view.binHead)} hd</span>
      </h3>
      {view.bin.length
        ? (
          <>
            <ul>
              {view.bin.map((m) => (
                <li key={m.stockMobId} className="yard-bin-item">
                  <strong>{formatHead(m.head)} hd</strong> {lotLabel(m)} · {m.supplierName}
                  <small>{m.reasonSentToBin ?? "No reason given"}</small>
                </li>
              ))}
            </ul>
            <ConfirmButton
              label="Empty bin"
              question={`Take the ${formatHead(view.binHead)} head out of the bin?`}
              busy={busy}
              onConfirm={() =>
                act(urls.emptyBin, { stockyardId: view.yard.id }, "The unfit bin was emptied.")}
            />
          </>
        )
        : <p className="muted">The bin is empty.</p>}
    </section>
  );
}

export function CarryOver(
  { view, busy, act, urls }: { view: YardData; busy: boolean; act: Act; urls: YardUrls },
) {
  const [to, setTo] = useState(addDays(view.today, 1));
  return (
    <section className="yard-list" aria-label="Carry over">
      <h3>Carry over</h3>
      <div className="yard-row">
        <label htmlFor="yard-carry">Stock due by today to</label>
        <input
          id="yard-carry"
          className="input"
          type="date"
          min={addDays(view.today, 1)}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </div>
      <ConfirmButton
        label="Carry over"
        question={`Carry this yard's stock due by today over to ${formatDate(to, false)}?`}
        busy={busy}
        variant="primary"
        onConfirm={() =>
          act(
            urls.carryOverLivestock,
            { stockyardId: view.yard.id, toDate: to },
            `Stock carried over to ${formatDate(to, false)}.`,
          )}
      />
    </section>
  );
}

export function ReservePanel(
  { view, reserve, picked, setPicked, busy, act, urls }: {
    view: YardData;
    reserve: ReserveTarget;
    picked: ReadonlySet<number>;
    setPicked: (s: ReadonlySet<number>) => void;
    busy: boolean;
    act: Act;
    urls: YardUrls;
  },
) {
  const names = (ids: Iterable<number>) =>
    view.pens.filter((p) => [...ids].includes(p.id)).map((p) => p.name).join(", ");
  const mine = view.pens.filter((p) => p.livestockOrderReservedForId === reserve.livestockOrderId);
  const toReserve = [...picked].filter((id) => !mine.some((p) => p.id === id));
  const toFree = [...picked].filter((id) => mine.some((p) => p.id === id));
  return (
    <section className="yard-list" aria-label="Pens for this order">
      <h3>Pens for {reserve.label}</h3>
      <p>
        Reserved now:{" "}
        <strong data-reserved>{mine.length ? mine.map((p) => p.name).join(", ") : "none"}</strong>
      </p>
      <p>Picked: {picked.size ? names(picked) : "none (pick pens on the drawing)"}</p>
      <div className="yard-buttons">
        <Button
          variant="primary"
          busy={busy}
          disabled={!toReserve.length}
          onClick={async () => {
            if (
              await act(
                urls.reservePens,
                { livestockOrderId: reserve.livestockOrderId, penIds: toReserve },
                `Reserved ${names(toReserve)} for ${reserve.label}.`,
              )
            ) setPicked(new Set());
          }}
        >
          Reserve {toReserve.length || ""} pen{toReserve.length === 1 ? "" : "s"}
        </Button>
        <Button
          busy={busy}
          disabled={!toFree.length}
          onClick={async () => {
            if (await act(urls.unreservePens, { penIds: toFree }, `${names(toFree)} no longer reserved.`)) {
              setPicked(new Set());
            }
          }}
        >
          Unreserve {toFree.length || ""} pen{toFree.length === 1 ? "" : "s"}
        </Button>
      </div>
      <p className="yard-links">
        <a href={reserve.backHref}>Back to the yard</a>
      </p>
    </section>
  );
}
