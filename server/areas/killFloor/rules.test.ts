import { describe, expect, test } from "vitest";
import {
  csvCell,
  csvHeader,
  interchangeOrder,
  mappingProblems,
  parseCsv,
  plantClock,
  readCarcassRow,
  readDay,
  reconcile,
  suggestMapping,
  templateCsv,
  toCsv,
} from "./rules.ts";

const good = { productionDate: "2026-11-20", bodyNumber: "12", lot: "S2011-03A", hscwKg: "24.6" };

describe("reading a carcass row", () => {
  test("CSV text and JSON values give the same carcass; blanks are not given", () => {
    const fromCsv = readCarcassRow({
      ...good,
      fatDepthMm: "12",
      msaHgp: "Y",
      defects: "bruise; arthritis",
      sex: "f",
    }, 1);
    const fromJson = readCarcassRow({
      ...good,
      bodyNumber: 12,
      hscwKg: 24.6,
      fatDepthMm: 12,
      msaHgp: true,
      defects: ["bruise", "arthritis"],
      sex: "F",
    }, 1);
    expect(fromCsv.carcass).toEqual(fromJson.carcass);
    expect(fromCsv.carcass).toMatchObject({
      bodyNumber: 12,
      hscwKg: 24.6,
      sex: "F",
      msaHgp: true,
      defects: ["bruise", "arthritis"],
      condemned: "none",
      trimKg: 0,
      dentition: null,
    });
  });

  test("each bad value is named with its row and field in plain words", () => {
    const read = readCarcassRow({
      productionDate: "31/02/2026",
      bodyNumber: "1.5",
      hscwKg: "x",
      dentition: "9",
      sex: "Q",
    }, 7);
    expect(read.errors).toEqual([
      { row: 7, field: "productionDate", message: "Kill date: Use a date like 2026-11-20 or 20/11/2026" },
      { row: 7, field: "bodyNumber", message: "Body number: Use a whole number" },
      { row: 7, field: "sex", message: "Sex: Use one of M, F, C" },
      { row: 7, field: "dentition", message: "Dentition: Use a number from 0 to 8" },
      { row: 7, field: "hscwKg", message: "HSCW (kg): Use a number written in digits" },
    ]);
    expect(readCarcassRow({ bodyNumber: "1", hscwKg: "20", lot: "A" }, 2).errors).toEqual([
      { row: 2, field: "productionDate", message: "Kill date is missing" },
    ]);
  });

  test("a mob reference is needed; a condemnation needs its reason; a carcass that passed needs weight", () => {
    expect(
      readCarcassRow({ productionDate: "2026-11-20", bodyNumber: "1", hscwKg: "20" }, 1).errors?.[0].message,
    )
      .toBe("Give the lot or the mob id");
    expect(readCarcassRow({ ...good, condemned: "whole", hscwKg: "0" }, 1).errors?.[0].field).toBe(
      "condemnedReason",
    );
    expect(
      readCarcassRow({ ...good, condemned: "whole", hscwKg: "0", condemnedReason: "Pleurisy" }, 1).carcass,
    )
      .toMatchObject({ condemned: "whole", hscwKg: 0 });
    expect(readCarcassRow({ ...good, hscwKg: "0" }, 1).errors?.[0].field).toBe("hscwKg");
  });

  test("days read as ISO or Australian day-first; impossible days are refused", () => {
    expect(readDay("2026-11-20")).toBe("2026-11-20");
    expect(readDay("5/1/2026")).toBe("2026-01-05");
    expect(readDay("2026-02-30")).toBeNull();
    expect(readDay("11/20/2026")).toBeNull();
  });
});

describe("head counts", () => {
  const base = { liveReceived: 100, unfit: 2, inYard: 0, sentToKillFloor: 98, processed: 98, condemned: 1 };
  test("complete when every live head is killed with a record or unfit", () => {
    expect(reconcile(base)).toMatchObject({ isComplete: true, awaitingCarcasses: 0, surplus: 0 });
  });
  test("head awaiting records, head in the yard, and more records than head sent", () => {
    expect(reconcile({ ...base, processed: 90 })).toMatchObject({
      isComplete: false,
      awaitingCarcasses: 8,
      summary: "8 head await carcass records",
    });
    expect(reconcile({ ...base, inYard: 10, sentToKillFloor: 88, processed: 88 }).summary).toBe(
      "10 head still in the yard",
    );
    expect(reconcile({ ...base, processed: 99 })).toMatchObject({ isComplete: false, surplus: 1 });
    expect(reconcile({ ...base, liveReceived: 0, sentToKillFloor: 0, processed: 0, unfit: 0 }).isComplete)
      .toBe(false);
  });
});

describe("CSV", () => {
  test("quoted fields hold separators, quotes and line breaks; a BOM, CRLF and blank lines are fine", () => {
    const text = '\ufeffa,b,c\r\n1,"x, ""y""","two\nlines"\r\n\r\n2,,3\n';
    expect(parseCsv(text)).toEqual([["a", "b", "c"], ["1", 'x, "y"', "two\nlines"], ["2", "", "3"]]);
    expect(parseCsv("a;b\n1;2")).toEqual([["a", "b"], ["1", "2"]]);
    expect(csvHeader("Kill Date,Body No,HSCW (kg)\n20/11/2026,1,24")).toEqual([
      "Kill Date",
      "Body No",
      "HSCW (kg)",
    ]);
  });
  test("cells a spreadsheet would run as a formula are defused; writing and reading agree", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell(-5)).toBe("-5");
    const out = toCsv(["a", "b"], [["x,y", 'q"'], [1, null]]);
    expect(parseCsv(out)).toEqual([["a", "b"], ["x,y", 'q"'], ["1", ""]]);
  });
  test("the mapping's first guess matches names and aliases, and says what is still missing", () => {
    const mapping = suggestMapping(["Kill Date", "Body No.", "LOT_NO", "HSCW (kg)", "P8", "Teeth"]);
    expect(mapping).toEqual({
      productionDate: "Kill Date",
      bodyNumber: "Body No.",
      lot: "LOT_NO",
      hscwKg: "HSCW (kg)",
      fatDepthMm: "P8",
      dentition: "Teeth",
    });
    expect(mappingProblems(mapping)).toEqual([]);
    expect(mappingProblems({ bodyNumber: "x" })).toEqual([
      "Choose the column for Kill date.",
      "Choose the column for HSCW (kg).",
      "Choose the column for the Lot or the Mob id.",
    ]);
    expect(suggestMapping(csvHeader(templateCsv())).condemnedReason).toBe("condemnedReason");
  });
});

describe("interchange cards", () => {
  test("the plant's time with a sun from 6 to 17 and a moon otherwise; none without a zone", () => {
    expect(plantClock("Australia/Sydney", new Date("2026-11-20T02:30:00Z"))).toEqual({
      localTime: "13:30",
      dayPeriod: "day",
    });
    expect(plantClock("Australia/Perth", new Date("2026-11-20T21:05:00Z"))).toEqual({
      localTime: "05:05",
      dayPeriod: "night",
    });
    expect(plantClock("Australia/Perth", new Date("2026-11-20T10:00:00Z"))).toEqual({
      localTime: "18:00",
      dayPeriod: "night",
    });
    expect(plantClock(null)).toEqual({ localTime: null, dayPeriod: null });
    expect(plantClock("Not/AZone")).toEqual({ localTime: null, dayPeriod: null });
  });
  test("errors first, then silent clients, then by name", () => {
    const c = (clientName: string, isInErrorState = false, isSilent = false) => ({
      clientName,
      isInErrorState,
      isSilent,
    });
    expect(interchangeOrder([c("b"), c("a", false, true), c("z", true), c("a")]).map((x) => x.clientName))
      .toEqual(["z", "a", "a", "b"]);
  });
});
