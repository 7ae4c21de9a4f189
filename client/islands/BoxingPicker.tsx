/**
 * Livestock boxing: choose two or more delivered orders and box them into a new lot, or box the chosen
 * orders into a lot already made (each joins its delivered order). Posts to the boxing API, then toasts
 * and shows the page again. Starts when reached for.
 */
import { type FormEvent, useState } from "react";
import { api } from "../runtime/api.ts";
import { toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";

export interface BoxingPickerOrder {
  id: number;
  supplierName: string;
  pic: string;
  liveHead: number;
  status: string;
  lastModified: string;
}

export interface BoxingPickerProps {
  orders: BoxingPickerOrder[];
  /** the day's boxed lots an order may join: the lot's name and the order it lives on */
  lots: { ref: string; orderId: number }[];
  urls: { update: string; boxInto: string };
}

export default function BoxingPicker({ orders, lots, urls }: BoxingPickerProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [lot, setLot] = useState(lots[0]?.orderId ?? 0);
  const [busy, setBusy] = useState(false);
  const picked = orders.filter((o) => chosen.includes(o.id));
  const head = picked.reduce((n, o) => n + o.liveHead, 0);
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toastOnNextPage("success", done);
      globalThis.location?.reload();
    } catch {
      setBusy(false); // the api client has toasted the error
    }
  };
  const boxNew = (e: FormEvent) => {
    e.preventDefault();
    if (picked.length < 2) return;
    void run(
      () =>
        api("POST", urls.update, {
          boxed: true,
          orders: picked.map((o) => ({ livestockOrderId: o.id, lastModified: o.lastModified })),
        }),
      `${picked.length} orders (${head} head) were boxed into one lot.`,
    );
  };
  const joinLot = () => {
    const target = lots.find((l) => l.orderId === lot);
    if (!target || !picked.length) return;
    void run(async () => {
      for (const o of picked) {
        await api("POST", urls.boxInto, {
          livestockOrderId: o.id,
          lastModified: o.lastModified,
          deliveredOrderId: target.orderId,
        });
      }
    }, `${picked.length === 1 ? "The order was" : `${picked.length} orders were`} boxed into ${target.ref}.`);
  };

  return (
    <form className="boxing-picker" onSubmit={boxNew} aria-label="Box orders">
      <fieldset>
        <legend>Delivered orders that can be boxed</legend>
        <ul className="boxing-choices">
          {orders.map((o) => (
            <li key={o.id}>
              <label>
                <input type="checkbox" checked={chosen.includes(o.id)} onChange={() => toggle(o.id)} />{" "}
                <strong>Order {o.id}</strong> · {o.supplierName}
                {o.pic ? ` · PIC ${o.pic}` : ""} · {o.liveHead} head alive · {o.status}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="muted small" aria-live="polite">
        {picked.length
          ? `${picked.length} chosen, ${head} head alive.`
          : "Choose the orders killed as one lot."}
      </p>
      <div className="actions">
        <Button type="submit" variant="primary" busy={busy} disabled={picked.length < 2}>
          Box into a new lot
        </Button>
        {lots.length > 0 && (
          <span className="inline-form">
            <label htmlFor="boxing-lot">or add them to lot</label>
            <select
              id="boxing-lot"
              className="input select"
              value={lot}
              onChange={(e) => setLot(Number(e.target.value))}
            >
              {lots.map((l) => <option key={l.orderId} value={l.orderId}>{l.ref}</option>)}
            </select>
            <Button onClick={joinLot} busy={busy} disabled={!picked.length}>Add to this lot</Button>
          </span>
        )}
      </div>
    </form>
  );
}
