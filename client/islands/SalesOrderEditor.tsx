/**
 * The sales order form with its totals as typed (issue 41 item 6): the data form island, and under it
 * each line's cartons, kg and value and the order's total, recomputed on every keystroke from the pure
 * rule the server values orders with (catch weight at nominal kg until packed). en-AU, AUD.
 */
import { useCallback, useMemo, useState } from "react";
import DataForm, { type DataFormProps } from "./DataForm.tsx";
import { readPath } from "../ui/formRules.ts";
import { formatCents } from "../../kernel/money.ts";
import { formatDecimal, formatHead } from "../../kernel/format.ts";
import {
  type Packaging,
  type TypedLine,
  typedOrderTotals,
} from "../../server/areas/planning/salesOrders/rules.ts";

export interface SalesOrderEditorProps {
  form: DataFormProps;
  /** line rows on the form (salesOrderLineItems.0 … rows - 1) */
  rows: number;
  /** by product definition id: its name and default packaging (null: none) */
  products: Record<string, { name: string; packaging: Packaging | null }>;
}

const numberOrNull = (v: unknown) => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The typed lines, from the form's flat field values (or the nested initial before the first edit). */
export function typedLines(values: Record<string, unknown>, rows: number): TypedLine[] {
  return Array.from({ length: rows }, (_, i) => {
    const at = (f: string) => numberOrNull(readPath(values, `salesOrderLineItems.${i}.${f}`));
    return {
      productDefinitionId: at("productDefinitionId"),
      cartons: at("cartons"),
      kg: at("kg"),
      pricePerKg: at("pricePerKg"),
      packedKg: at("packedKg"),
    };
  });
}

export default function SalesOrderEditor({ form, rows, products }: SalesOrderEditorProps) {
  const [values, setValues] = useState<Record<string, unknown>>(form.initial);
  const onValuesChange = useCallback((v: Record<string, unknown>) => setValues(v), []);
  const totals = useMemo(
    () => typedOrderTotals(typedLines(values, rows), (id) => products[String(id)]?.packaging ?? null),
    [values, rows, products],
  );
  const kg = (n: number) => `${formatDecimal(n, 1)} kg`;
  return (
    <>
      <DataForm {...form} onValuesChange={onValuesChange} />
      <div role="group" aria-label="Totals as typed" className="order-typed-totals">
        <h3>As typed</h3>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Product</th>
              <th scope="col" className="num">Cartons</th>
              <th scope="col" className="num">Kg</th>
              <th scope="col" className="num">Value</th>
            </tr>
          </thead>
          <tbody>
            {totals.lines.length
              ? totals.lines.map((l) => {
                const product = products[String(l.productDefinitionId)];
                return (
                  <tr key={l.row}>
                    <td>{l.row + 1}</td>
                    <td>
                      {product?.name ?? ""}
                      {product?.packaging?.weightType === "catch" ? " (catch weight, at nominal kg)" : ""}
                    </td>
                    <td className="num">{formatHead(l.cartons)}</td>
                    <td className="num">{kg(l.kg)}</td>
                    <td className="num">{formatCents(l.cents)}</td>
                  </tr>
                );
              })
              : (
                <tr>
                  <td colSpan={5} className="muted">Choose a product on a line to see its kg and value.</td>
                </tr>
              )}
          </tbody>
          <tfoot>
            <tr data-total>
              <th scope="row" colSpan={2}>Total</th>
              <td className="num">{formatHead(totals.cartons)}</td>
              <td className="num">{kg(totals.kg)}</td>
              <td className="num">{formatCents(totals.cents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
