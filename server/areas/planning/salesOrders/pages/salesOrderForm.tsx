/**
 * The sales order form (issue 41 item 6), on the sales orders page with ?order=new or ?order=<id>: the
 * header (reference, customer, salesperson, shipping company, required by / etd, freight) and product
 * lines (cartons or kg at $ per kg) in the data form island; the saved order's planned kg and value
 * below it with the totals. Only a pending order is edited (others read-only); a pending or cancelled
 * one may be deleted, after asking.
 */
import { namedOptions } from "../../../../pages/scopeFields.ts";
import type { z } from "zod";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatCents } from "../../../../../kernel/money.ts";
import { EditPanel, removal } from "../../editPanel.tsx";
import { SalesOrderEditor } from "../../../../pages/islands.tsx";
import { defaultPackaging } from "../../reads.ts";
import { SALES_ORDERS_API } from "../api.ts";
import { FREIGHT_TYPES, isDeletable, isEditable } from "../rules.ts";
import type { SalesOrder } from "../schemas.ts";

/** Blank line rows the form offers beyond the order's own. */
const SPARE_ROWS = 2;
export const SALES_ORDERS_PATH = "/productionscheduling/salesorders";

type Order = z.infer<typeof SalesOrder>;
type Choice = { id: number; name: string };
type Product = Choice & {
  packagings: { id: number; isDefault: boolean; weightType: string; nominalKg: number }[];
};

const kg = (n: number) => `${(Math.round(n * 10) / 10).toLocaleString("en-AU")} kg`;

function lineFields(rows: number, products: Product[]): FieldSpec[] {
  const options = namedOptions(products);
  return Array.from({ length: rows }, (_, i): FieldSpec[] => {
    const at = (f: string) => `salesOrderLineItems.${i}.${f}`;
    return [
      {
        name: at("productDefinitionId"),
        label: `Line ${i + 1} product`,
        type: "select",
        valueType: "number",
        options,
        ...(i === 0 ? { section: "Lines (cartons or kg; catch weight products in cartons)" } : {}),
      },
      { name: at("cartons"), label: `Line ${i + 1} cartons`, type: "number" },
      { name: at("kg"), label: `Line ${i + 1} kg`, type: "number" },
      { name: at("pricePerKg"), label: `Line ${i + 1} price $/kg`, type: "number" },
    ];
  }).flat();
}

function initialOf(order: Order | null, rows: number): Record<string, unknown> {
  return {
    id: order?.id ?? null,
    reference: order?.reference ?? "",
    customerId: order?.customerId ?? null,
    salespersonId: order?.salespersonId ?? null,
    shippingCompanyName: order?.shippingCompanyName ?? "",
    etd: order?.etd ?? "",
    freightType: order?.freightType ?? "",
    lastModified: order?.lastModified ?? null,
    salesOrderLineItems: Object.fromEntries(Array.from({ length: rows }, (_, i) => {
      const l = order?.salesOrderLineItems[i];
      return [String(i), {
        productDefinitionId: l?.productDefinitionId ?? null,
        cartons: l?.cartons ?? null,
        kg: l?.kg ?? null,
        pricePerKg: l ? l.centsPerKg / 100 : null,
        // kept through an edit: the kg a catch weight line packed
        packedKg: l?.packedKg ?? null,
      }];
    })),
  };
}

export function SalesOrderForm({ order, customers, salespersons, products }: {
  order: Order | null;
  customers: Choice[];
  salespersons: Choice[];
  products: Product[];
}) {
  const rows = (order?.salesOrderLineItems.length ?? 0) + SPARE_ROWS;
  const fields: FieldSpec[] = [
    { name: "id", label: "Id", type: "id" },
    { name: "reference", label: "Reference", type: "text", required: true },
    {
      name: "customerId",
      label: "Customer",
      type: "select",
      valueType: "number",
      required: true,
      options: namedOptions(customers),
    },
    {
      name: "salespersonId",
      label: "Salesperson",
      type: "select",
      valueType: "number",
      options: namedOptions(salespersons),
    },
    { name: "shippingCompanyName", label: "Shipping company", type: "text" },
    { name: "etd", label: "Required by (ETD)", type: "date", required: true },
    {
      name: "freightType",
      label: "Freight",
      type: "select",
      required: true,
      options: FREIGHT_TYPES.map((f) => ({ value: f, label: f })),
    },
    ...lineFields(rows, products),
  ];
  const status = order?.status ?? "Pending";
  return (
    <EditPanel
      label="Sales order"
      id="sales-order"
      title={order ? `Sales order ${order.reference} (${status.toLowerCase()})` : "New sales order"}
      fields={fields}
      initial={initialOf(order, rows)}
      url={SALES_ORDERS_API.upsert}
      saved="The sales order was saved."
      backTo={SALES_ORDERS_PATH}
      redirectTo={`${SALES_ORDERS_PATH}?order={id}`}
      readOnly={isEditable(status) ? undefined : `A ${status.toLowerCase()} order cannot be changed.`}
      form={(props) => <SalesOrderEditor form={props} rows={rows} products={typedProducts(products)} />}
      remove={order && isDeletable(status)
        ? removal(
          "Delete order",
          SALES_ORDERS_API.delete,
          order,
          order.reference,
          `Delete sales order ${order.reference}?`,
        )
        : undefined}
    >
      {order && <OrderTotals order={order} />}
    </EditPanel>
  );
}

/** What the totals as typed need of each product: its name and default packaging. */
function typedProducts(products: Product[]) {
  return Object.fromEntries(products.map((p) => {
    const k = defaultPackaging(p.packagings);
    return [String(p.id), {
      name: p.name,
      packaging: k && { weightType: k.weightType, nominalKg: k.nominalKg },
    }];
  }));
}

/** The saved order's lines as the plan counts them: kg planned (cartons at nominal kg), value, totals. */
function OrderTotals({ order }: { order: Order }) {
  const rows = [
    ...order.salesOrderLineItems.map((l) => ({
      key: String(l.id),
      product: l.productName,
      ordered: l.cartons
        ? `${l.cartons} cartons${l.weightType === "catch" ? " (catch weight)" : ""}`
        : kg(l.kg ?? 0),
      planned: kg(l.plannedKg),
      price: `${formatCents(l.centsPerKg)}/kg`,
      value: formatCents(l.valueCents),
    })),
    {
      key: "total",
      product: "Total",
      ordered: "",
      planned: kg(order.totalKg),
      price: "",
      value: formatCents(order.totalCents),
    },
  ];
  return (
    <div aria-label="Planned kg and value as saved" role="group">
      <h3>As saved</h3>
      <Table
        rows={rows}
        rowKey={(r) => r.key}
        empty="No lines."
        columns={[
          { header: "Product", cell: (r) => r.key === "total" ? <strong>{r.product}</strong> : r.product },
          { header: "Ordered", cell: (r) => r.ordered },
          { header: "Planned", cell: (r) => r.planned, className: "num" },
          { header: "Price", cell: (r) => r.price, className: "num" },
          { header: "Value", cell: (r) => r.value, className: "num" },
        ]}
      />
    </div>
  );
}
