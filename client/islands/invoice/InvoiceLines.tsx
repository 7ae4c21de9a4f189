/**
 * The invoice editor's lines: carcass lines (each with its pricing adjustment on a draft), skin lines,
 * and the additional line items (add, change, delete; quantity × $ per unit, GST per line). Money is
 * typed in dollars; every change answers the recomputed invoice.
 */
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { formatDecimal, formatHead } from "../../../kernel/format.ts";
import { formatCents } from "../../../kernel/money.ts";
import type { INVOICES_API, InvoiceView } from "../../../server/areas/invoices/rules.ts";
import type { ApiMethod } from "../../runtime/api.ts";

type Act = (label: string, method: ApiMethod, path: string, body: unknown, done: string) => Promise<boolean>;

const unitPrice = (cents: number | null, unit: string) =>
  cents === null ? "no price" : `${formatCents(cents)}/${unit}`;

interface LineDraft {
  id?: number;
  description: string;
  quantity: string;
  price: string;
  gst: boolean;
}
const blank = (gst: boolean): LineDraft => ({ description: "", quantity: "1", price: "", gst });

export function InvoiceLines({ view, api: paths, disabled, act, onDirty }: {
  view: InvoiceView;
  api: typeof INVOICES_API;
  disabled: boolean;
  act: Act;
  onDirty: (dirty: boolean) => void;
}) {
  const c = view.document.computation;
  const stamp = { invoiceId: view.id, lastModified: view.lastModified };
  const [adjusting, setAdjusting] = useState<string | null>(null);
  const [adjustment, setAdjustment] = useState({ amount: "", reason: "" });
  const [line, setLine] = useState<LineDraft | null>(null);
  const gstDefault = !view.document.supplier.isGstExempt;

  useEffect(() => onDirty(line !== null || adjusting !== null), [line, adjusting]);

  const saveAdjustment = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await act("Saving", "POST", paths.upsertAdjustment, {
      ...stamp,
      lineKey: adjusting,
      adjustmentPerUnit: Number(adjustment.amount),
      reason: adjustment.reason,
    }, "The pricing adjustment was saved.");
    if (ok) setAdjusting(null);
  };
  const saveLine = async (e: FormEvent) => {
    e.preventDefault();
    if (!line) return;
    const ok = await act("Saving", "POST", paths.upsertLineItem, {
      ...stamp,
      reciprocalInvoiceLineItemId: line.id,
      description: line.description,
      quantity: line.quantity === "" ? undefined : Number(line.quantity),
      pricePerUnit: line.price === "" ? undefined : Number(line.price),
      isApplyGst: line.gst,
    }, line.id ? "The line item was saved." : "The line item was added.");
    if (ok) setLine(null);
  };
  const adjustmentOf = (key: string) => view.adjustments.find((a) => a.lineKey === key);

  return (
    <>
      <h3>Carcasses</h3>
      <table className="table table-compact invoice-lines">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Weight · fat</th>
            <th scope="col" className="num">Head</th>
            <th scope="col" className="num">kg</th>
            <th scope="col" className="num">Price</th>
            <th scope="col" className="num">Total</th>
            {!disabled && (
              <th scope="col" className="no-print">
                <span className="sr-only">Adjust</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {c.carcassLines.map((l) => {
            const adj = adjustmentOf(l.key);
            return (
              <tr key={l.key} className={l.pricePerUnitCents === null ? "is-warning" : undefined}>
                <td>{l.defectCategory || "Standard"}</td>
                <td className="nowrap">{[l.weightRange, l.fatDetails].filter(Boolean).join(" · ") || "—"}</td>
                <td className="num">{formatHead(l.count)}</td>
                <td className="num">{l.unitType === "kg" ? formatDecimal(l.totalWeightInKilograms) : "—"}</td>
                <td className="num nowrap">
                  {unitPrice(l.pricePerUnitCents, l.unitType)}
                  {adj && (
                    <div className="muted small" title={adj.reason}>
                      {adj.centsPerUnit > 0 ? "+" : "−"}
                      {formatCents(Math.abs(adj.centsPerUnit))} adjusted
                    </div>
                  )}
                </td>
                <td className="num nowrap">{formatCents(l.totalCents)}</td>
                {!disabled && (
                  <td className="nowrap no-print">
                    <Button
                      className="btn-sm"
                      onClick={() => {
                        setAdjusting(l.key);
                        setAdjustment({
                          amount: adj ? String(adj.centsPerUnit / 100) : "",
                          reason: adj?.reason ?? "",
                        });
                      }}
                      aria-label={`Adjust the price of ${
                        l.defectCategory || "Standard"
                      } ${l.weightRange} ${l.fatDetails}`}
                    >
                      Adjust
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {adjusting && !disabled && (
        <form
          className="inline-form invoice-adjust no-print"
          onSubmit={saveAdjustment}
          aria-label="Pricing adjustment"
        >
          <label>
            $ per unit (+ or −){" "}
            <input
              type="number"
              step="0.01"
              required
              autoFocus
              value={adjustment.amount}
              onChange={(e) => setAdjustment({ ...adjustment, amount: e.target.value })}
            />
          </label>
          <label>
            Why{" "}
            <input
              type="text"
              required
              maxLength={200}
              value={adjustment.reason}
              onChange={(e) => setAdjustment({ ...adjustment, reason: e.target.value })}
            />
          </label>
          <Button type="submit" variant="primary">Save adjustment</Button>
          {adjustmentOf(adjusting) && (
            <Button
              variant="ghost"
              onClick={async () => {
                const ok = await act(
                  "Saving",
                  "POST",
                  paths.removeAdjustment,
                  { ...stamp, lineKey: adjusting },
                  "The adjustment was removed.",
                );
                if (ok) setAdjusting(null);
              }}
            >
              Remove adjustment
            </Button>
          )}
          <Button onClick={() => setAdjusting(null)}>Cancel</Button>
        </form>
      )}

      {c.skinLines.length > 0 && (
        <>
          <h3>Skins</h3>
          <table className="table table-compact">
            <tbody>
              {c.skinLines.map((s) => (
                <tr key={s.grade}>
                  <td>Grade {s.grade}</td>
                  <td className="num">{formatHead(s.count)} × {formatCents(s.centsPerPiece)}</td>
                  <td className="num">{formatCents(s.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      <h3>Additional line items</h3>
      {c.additionalLines.length === 0 && <p className="muted">None.</p>}
      {c.additionalLines.length > 0 && (
        <table className="table table-compact">
          <tbody>
            {c.additionalLines.map((l) => (
              <tr key={l.id}>
                <td>{l.description}</td>
                <td className="num nowrap">{l.quantity} × {formatCents(l.pricePerUnitCents)}</td>
                <td>{l.isApplyGst ? "GST" : "no GST"}</td>
                <td className="num">{formatCents(l.totalCents)}</td>
                {!disabled && (
                  <td className="nowrap no-print">
                    <Button
                      onClick={() =>
                        setLine({
                          id: l.id,
                          description: l.description,
                          quantity: String(l.quantity),
                          price: String(l.pricePerUnitCents / 100),
                          gst: l.isApplyGst,
                        })}
                    >
                      Change
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => {
                        if (!globalThis.confirm(`Delete the line "${l.description}"?`)) return;
                        void act(
                          "Deleting",
                          "DELETE",
                          `${paths.deleteLineItem}?reciprocalInvoiceLineItemId=${l.id}`,
                          undefined,
                          "The line item was deleted.",
                        );
                      }}
                    >
                      Delete
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!disabled && !line && (
        <Button className="no-print" onClick={() => setLine(blank(gstDefault))}>Add a line item</Button>
      )}
      {!disabled && line && (
        <form className="inline-form no-print" onSubmit={saveLine} aria-label="Line item">
          <label>
            Description{" "}
            <input
              type="text"
              required
              autoFocus
              maxLength={120}
              value={line.description}
              onChange={(e) => setLine({ ...line, description: e.target.value })}
            />
          </label>
          <label>
            Quantity{" "}
            <input
              type="number"
              step="any"
              required
              value={line.quantity}
              onChange={(e) => setLine({ ...line, quantity: e.target.value })}
            />
          </label>
          <label>
            $ per unit (− for a deduction){" "}
            <input
              type="number"
              step="0.01"
              required
              value={line.price}
              onChange={(e) => setLine({ ...line, price: e.target.value })}
            />
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={line.gst}
              onChange={(e) => setLine({ ...line, gst: e.target.checked })}
            />{" "}
            GST applies
          </label>
          <Button type="submit" variant="primary">{line.id ? "Save line" : "Add line"}</Button>
          <Button onClick={() => setLine(null)}>Cancel</Button>
        </form>
      )}
    </>
  );
}
