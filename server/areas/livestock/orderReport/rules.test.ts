import { describe, expect, test } from "vitest";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import {
  averageKg,
  chosenColumns,
  COLUMNS,
  csvHeader,
  csvLine,
  DEFAULT_COLUMNS,
  type ReportRow,
  statusWords,
} from "./rules.ts";

const row: ReportRow = {
  id: 42,
  lotReference: "L7",
  supplierName: "Banool Pastoral Co",
  pic: "NABC1234",
  agents: "Elders Wagga",
  buyerName: "Grassfed Beef Program",
  species: "Beef",
  speciesCategory: "Steer",
  tenantSite: "Wagga Wagga",
  quantityOrdered: 1200,
  totalDelivered: 1190,
  totalProcessed: 1188,
  deliveryDate: "2026-11-03",
  productionDate: null,
  orderStatus: ORDER_STATUS.PartiallyDelivered,
  status: statusWords(ORDER_STATUS.PartiallyDelivered),
  priceGrid: "",
  carcassCount: 1188,
  hscwTotalKg: 340_123.44,
  hscwAverageKg: 286.3,
  invoiceNumber: "RCTI-9",
  invoiceTotalCents: 123_456_789,
};

describe("order report columns", () => {
  test("chosen columns keep the report's fixed order, once each; none chosen is the usual twelve", () => {
    expect(chosenColumns(["status", "orderNo", "status"]).map((c) => c.key)).toEqual(["orderNo", "status"]);
    expect(chosenColumns([]).map((c) => c.key)).toEqual(DEFAULT_COLUMNS);
    expect(chosenColumns(undefined)).toHaveLength(12);
    expect(new Set(COLUMNS.map((c) => c.key)).size).toBe(COLUMNS.length);
  });

  test("a CSV line: plain numbers, en-AU dates, dollars with cents, blanks for what is not there", () => {
    const columns = chosenColumns([
      "orderNo",
      "ordered",
      "deliveryDate",
      "productionDate",
      "hscwTotal",
      "invoiceTotal",
    ]);
    expect(csvHeader(columns)).toEqual([
      "Order no.",
      "Head ordered",
      "Delivery date",
      "Production date",
      "HSCW total (kg)",
      "Invoice total ($)",
    ]);
    expect(csvLine(columns, row)).toEqual([42, 1200, "03/11/2026", "", "340123.4", "1234567.89"]);
  });

  test("screen cells: grouped thousands, kg to one decimal, AUD", () => {
    const cell = (key: string) => COLUMNS.find((c) => c.key === key)!.text(row);
    expect(cell("ordered")).toBe("1,200");
    expect(cell("hscwTotal")).toBe("340,123.4");
    expect(cell("invoiceTotal")).toBe("$1,234,567.89");
    expect(cell("status")).toBe("Partly delivered");
  });

  test("statuses in plain words; the average over weighed carcasses only", () => {
    expect(statusWords(ORDER_STATUS.InProcessing)).toBe("In processing");
    expect(statusWords(ORDER_STATUS.Delivered)).toBe("Delivered");
    expect(averageKg(600, 2)).toBe(300);
    expect(averageKg(0, 0)).toBeNull();
  });
});
