/**
 * The picked mob's actions in the yard island's side panel: head to move or unload, checks, separated
 * head, the unfit bin, another yard and the kill floor. Every action goes through `act` (useYard.ts).
 */
import { type FormEvent, type ReactNode, useState } from "react";
import { refuseHead, yardTakes } from "../../../server/areas/stockyard/rules.ts";
import { formatDate, formatHead } from "../../../kernel/format.ts";
import { Button } from "../../ui/Button.tsx";
import { toast } from "../../runtime/toast.ts";
import { lotLabel, words, type YardData, type YardMob } from "../../ui/yard/model.ts";
import type { YardUrls } from "./useYard.ts";
import { type Act, BoxedBadge, ConfirmButton, fill, type YardLinks } from "./Panels.tsx";
import type { Ticks } from "./useTicks.ts";

function MobFacts({ mob }: { mob: YardMob }) {
  return (
    <p className="yard-mob-facts">
      {[
        mob.speciesCategory,
        `PIC ${mob.pic || "—"}`,
        words(mob.mobStatusName),
        `kill ${formatDate(mob.applicableProductionDate, false)}`,
      ].filter(Boolean).join(" · ")}
    </p>
  );
}

/** The picked mob: head to move, checks, separated head, kill floor, unfit bin, another yard. */
export function MobActions(
  { view, mob, where, head, setHead, busy, act, urls, links, moving, onMove, onCancel, ticks }: {
    view: YardData;
    mob: YardMob;
    where: "pen" | "waiting" | "arriving";
    head: string;
    setHead: (v: string) => void;
    busy: boolean;
    act: Act;
    urls: YardUrls;
    links: YardLinks;
    /** this mob is being moved: the next pen chosen is where it goes */
    moving: boolean;
    /** starts moving it ("Move…", or M) */
    onMove: () => void;
    onCancel: () => void;
    ticks: Ticks;
  },
) {
  const [lastShift, setLastShift] = useState(false);
  const seen = { stockMobId: mob.stockMobId, lastModified: mob.lastModified };
  const verb = where === "pen" ? "move" : "unload";
  // the other yards that take the mob's species (the server's rule: an any-species yard takes them all)
  const otherYards = view.yards.filter((y) =>
    y.id !== view.yard.id && y.isOperational && yardTakes(y, mob.speciesId)
  );
  const killFloor = (whole: boolean) =>
    act(
      urls.sendToKillFloor,
      {
        ...(whole ? { livestockOrderId: mob.livestockOrderId } : { stockMobIds: [mob.stockMobId] }),
        isLastShift: lastShift,
        stockyardId: view.yard.id,
      },
      whole
        ? `${lotLabel(mob)} sent to the kill floor${lastShift ? " as last shift" : ""}.`
        : `${mob.head} head of ${lotLabel(mob)} sent to the kill floor${lastShift ? " as last shift" : ""}.`,
    );

  return (
    <>
      <div className="yard-block yard-mob" data-mob-id={mob.stockMobId}>
        <h3>
          {lotLabel(mob)} · {mob.supplierName}
          {!mob.isLinkedNvd && <span className="badge badge-warning nvd-missing">No NVD</span>}
          <BoxedBadge mob={mob} />
        </h3>
        {mob.boxedLotRef && (
          <p className="muted">
            Boxed lot {mob.boxedLotRef} ({mob.boxedLotSuppliers.join(" + ")}): killed as one.
          </p>
        )}
        <MobFacts mob={mob} />
        <div className="yard-row">
          <label htmlFor="yard-head">Head to {verb}</label>
          <input
            id="yard-head"
            className="input yard-num"
            type="number"
            inputMode="numeric"
            min={1}
            max={mob.head}
            value={head}
            placeholder={String(mob.head)}
            onChange={(e) => setHead(e.currentTarget.value)}
          />
          <span>of {formatHead(mob.head)}</span>
        </div>
        <div className="yard-buttons">
          {moving
            ? <span className="yard-moving-note">Choose the pen it goes to</span>
            : (
              <Button variant="primary" busy={busy} onClick={onMove} aria-keyshortcuts="M">
                {where === "pen" ? "Move…" : "Unload…"}
              </Button>
            )}
          <Button variant="ghost" onClick={onCancel} aria-keyshortcuts="Escape">
            {moving ? "Cancel move" : "Close"}
          </Button>
        </div>
        <p className="yard-links">
          <a href={fill(links.reservePens, mob.livestockOrderId)}>Reserve pens for this order</a>
          {links.mob && <a href={fill(links.mob, mob.stockMobId)}>Mob history</a>}
        </p>
      </div>
      {where === "waiting" && <DeliveryProgress view={view} mob={mob} busy={busy} act={act} urls={urls} />}
      {where === "pen" && (
        <div className="yard-block">
          <Checks mob={mob} ticks={ticks} />
          <SeparatedHead
            key={`${mob.stockMobId}-${mob.lastModified}`}
            mob={mob}
            busy={busy}
            act={act}
            urls={urls}
          />
        </div>
      )}
      {where === "pen" && (view.yard.isIncludeUnfitBin || otherYards.length > 0) && (
        <div className="yard-block">
          {view.yard.isIncludeUnfitBin && (
            <Unfit key={`u-${mob.stockMobId}`} mob={mob} busy={busy} act={act} urls={urls} />
          )}
          {otherYards.length > 0 && (
            <AnotherYard
              key={`y-${mob.stockMobId}`}
              mob={mob}
              yards={otherYards}
              busy={busy}
              act={act}
              urls={urls}
              seen={seen}
            />
          )}
        </div>
      )}
      <div className="yard-block">
        <fieldset className="yard-group yard-first">
          <legend>Kill floor</legend>
          <label className="yard-check-row">
            <input
              type="checkbox"
              checked={lastShift}
              onChange={(e) => setLastShift(e.currentTarget.checked)}
            />
            As if last shift
          </label>
          <div className="yard-buttons">
            <Button variant="primary" busy={busy} onClick={() => void killFloor(false)}>
              Send {where === "pen" ? "mob" : "load"} to kill floor
            </Button>
            <ConfirmButton
              label="Send whole order"
              question={`Send every mob of ${lotLabel(mob)} in the yard to the kill floor?`}
              busy={busy}
              variant="primary"
              onConfirm={() => killFloor(true)}
            />
          </div>
        </fieldset>
      </div>
    </>
  );
}

/** A tick is saved at once and kept while saving (useTicks.ts); the box stays focusable meanwhile. */
function Checks({ mob, ticks }: { mob: YardMob; ticks: Ticks }) {
  if (!mob.requirements.length) return null;
  return (
    <fieldset className="yard-group yard-first">
      <legend>Checks</legend>
      {mob.requirements.map((r) => (
        <label key={r.id} className="yard-check-row">
          <input
            type="checkbox"
            checked={ticks.pending.get(r.id) ?? r.isComplete}
            aria-busy={ticks.pending.has(r.id)}
            onChange={(e) => ticks.tick(mob.stockMobId, r, e.currentTarget.checked)}
          />
          {r.name}
          {r.isComplete && r.completedBy ? <small className="muted">{r.completedBy}</small> : null}
        </label>
      ))}
    </fieldset>
  );
}

function NumberForm(
  { id, label, initial, min, max, button, busy, onSubmit, children }: {
    id: string;
    label: string;
    initial: string;
    min: number;
    max: number;
    button: string;
    busy: boolean;
    onSubmit: (n: number) => void;
    children?: ReactNode;
  },
) {
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      toast("warning", `Enter a whole number from ${min} to ${max}.`, label);
      return;
    }
    onSubmit(n);
  };
  return (
    <form className="yard-row" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input yard-num"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      {children}
      <Button type="submit" busy={busy}>{button}</Button>
    </form>
  );
}

function SeparatedHead({ mob, busy, act, urls }: { mob: YardMob; busy: boolean; act: Act; urls: YardUrls }) {
  return (
    <NumberForm
      id="yard-separated"
      label="Separated head"
      initial={String(mob.separatedHead)}
      min={0}
      max={mob.head}
      button="Set"
      busy={busy}
      onSubmit={(n) =>
        void act(
          urls.updateMobInPen,
          { stockMobId: mob.stockMobId, lastModified: mob.lastModified, separatedHead: n },
          `Separated head set to ${n}.`,
        )}
    />
  );
}

function Unfit({ mob, busy, act, urls }: { mob: YardMob; busy: boolean; act: Act; urls: YardUrls }) {
  const [head, setHead] = useState("1");
  const [reason, setReason] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(head);
    const why = refuseHead(n, mob.head) ?? (reason.trim() ? null : "Say why the head are unfit.");
    if (why) {
      toast("warning", why, "Unfit bin");
      return;
    }
    const ok = await act(
      urls.sendToUnfit,
      { stockMobId: mob.stockMobId, lastModified: mob.lastModified, head: n, reason: reason.trim() },
      `${n} head sent to the unfit bin.`,
    );
    if (ok) setReason("");
  };
  return (
    <form className="yard-group" onSubmit={submit}>
      <fieldset>
        <legend>Unfit bin</legend>
        <div className="yard-row">
          <label htmlFor="yard-unfit-head">Head</label>
          <input
            id="yard-unfit-head"
            className="input yard-num"
            type="number"
            min={1}
            max={mob.head}
            value={head}
            onChange={(e) => setHead(e.currentTarget.value)}
          />
          <label htmlFor="yard-unfit-reason" className="sr-only">Reason</label>
          <input
            id="yard-unfit-reason"
            className="input yard-grow"
            value={reason}
            maxLength={200}
            placeholder="Reason (e.g. lame)"
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </div>
        <Button type="submit" busy={busy}>Send to unfit bin</Button>
      </fieldset>
    </form>
  );
}

function AnotherYard(
  { mob, yards, busy, act, urls, seen }: {
    mob: YardMob;
    yards: YardData["yards"];
    busy: boolean;
    act: Act;
    urls: YardUrls;
    seen: { stockMobId: number; lastModified: string };
  },
) {
  const [to, setTo] = useState(String(yards[0].id));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const yard = yards.find((y) => String(y.id) === to)!;
    void act(
      urls.moveBetweenYards,
      { ...seen, toStockyardId: yard.id },
      `${lotLabel(mob)} is on its way to ${yard.name}.`,
    );
  };
  return (
    <form className="yard-row" onSubmit={submit}>
      <label htmlFor="yard-other">Move to yard</label>
      <select
        id="yard-other"
        className="input yard-grow"
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
      >
        {yards.map((y) => <option key={y.id} value={y.id}>{y.name}</option>)}
      </select>
      <Button type="submit" busy={busy}>Move</Button>
    </form>
  );
}

/**
 * A waiting load's delivery: verify it (arrival checks done before unloading: Delivered → Verified) and
 * hold it for the AI (camera) head count, or stop waiting.
 */
function DeliveryProgress(
  { view, mob, busy, act, urls }: { view: YardData; mob: YardMob; busy: boolean; act: Act; urls: YardUrls },
) {
  const body = { livestockOrderId: mob.livestockOrderId, stockyardId: view.yard.id };
  return (
    <div className="yard-block" aria-label="Delivery">
      <p>
        Delivery: <strong>{words(mob.orderStatusName)}</strong>
        {mob.isWaitingForAiHeadCount && (
          <span className="badge badge-warning">Waiting for the AI head count</span>
        )}
      </p>
      <div className="yard-row">
        {mob.orderStatusName === "Delivered" && (
          <Button
            disabled={busy}
            onClick={() => act(urls.progressDelivery, body, `${lotLabel(mob)}: delivery verified.`)}
          >
            Verify delivery
          </Button>
        )}
        {mob.isWaitingForAiHeadCount
          ? (
            <Button
              disabled={busy}
              onClick={() =>
                act(urls.cancelAiHeadCount, body, `${lotLabel(mob)}: no longer waiting for the head count.`)}
            >
              Stop waiting for the head count
            </Button>
          )
          : (
            <Button
              disabled={busy}
              onClick={() =>
                act(urls.waitForAiHeadCount, body, `${lotLabel(mob)} waits for the AI head count.`)}
            >
              Wait for AI head count
            </Button>
          )}
      </div>
    </div>
  );
}
