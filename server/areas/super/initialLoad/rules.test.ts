import { describe, expect, it } from "vitest";
import { parseCsv } from "../../killFloor/rules.ts";
import { isValidAbn, isValidAcn } from "../../livestock/parties/rules.ts";
import {
  checkRow,
  type ExistingRecord,
  type FileLayout,
  INITIAL_LOAD_MAX_ROWS,
  KINDS,
  LOAD_KINDS,
  loadedText,
  planRows,
  readFile,
  templateCsv,
} from "./rules.ts";

const SPECIES = [{ id: 1, name: "Sheep" }, { id: 2, name: "Beef" }];

const layoutOf = (kind: Parameters<typeof readFile>[0], text: string): FileLayout => {
  const read = readFile(kind, text);
  if (!read.layout) throw new Error(read.problems.join(" "));
  return read.layout;
};

describe("the template", () => {
  it("has a header of friendly names and an example row every column's rules accept", () => {
    for (const kind of LOAD_KINDS) {
      const text = templateCsv(kind);
      expect(text.startsWith("\uFEFF")).toBe(true);
      const [header, example, ...rest] = parseCsv(text);
      expect(header).toEqual(KINDS[kind].columns.map((c) => c.header));
      expect(rest).toEqual([]);
      const layout = layoutOf(kind, text);
      const checked = checkRow(kind, layout, { row: 2, cells: example }, {}, SPECIES);
      expect(checked.problems).toEqual([]);
    }
    const supplier = KINDS.suppliers.columns;
    expect(isValidAbn(supplier.find((c) => c.header === "ABN")!.example)).toBe(true);
    expect(isValidAcn(supplier.find((c) => c.header === "ACN")!.example)).toBe(true);
  });
});

describe("reading a file", () => {
  it("matches headers by name or alias, in any case and spacing, and lists the others as ignored", () => {
    const layout = layoutOf(
      "suppliers",
      "business NAME,pic,Suburb,Favourite colour\nA,NA123456,Hay,blue\n\n,,,\n",
    );
    expect(layout.columns.map((c) => c?.field ?? null)).toEqual(["name", "pic", "primaryAddress.city", null]);
    expect(layout.ignored).toEqual(["Favourite colour"]);
    expect(layout.rows).toEqual([{ row: 2, cells: ["A", "NA123456", "Hay", "blue"] }]); // blank rows left out
  });

  it("refuses a file without a required column, a repeated column, no rows or too many rows", () => {
    expect(readFile("stakeholders", "Name,PIC\nA,B\n").problems).toEqual([
      "The file has no “Type” column, which every stakeholder needs. Start from the template: its first row names the columns.",
    ]);
    expect(readFile("buyers", "Name,Business name\nA,B\n").problems[0]).toBe(
      "Two columns are the Name column (“Business name”): keep one.",
    );
    expect(readFile("buyers", "Name\n").problems).toEqual([
      "The file has a header row but no rows under it.",
    ]);
    expect(readFile("buyers", "").problems).toEqual(["The file is empty."]);
    const many = "Name\n" + Array.from({ length: INITIAL_LOAD_MAX_ROWS + 1 }, (_, i) => `B${i}`).join("\n");
    expect(readFile("buyers", many).problems[0]).toMatch(
      /^The file has 5,001 rows: at most 5,000 are loaded at once/,
    );
  });
});

describe("checking a row with the form's rules", () => {
  const header =
    "Name,ABN,PIC,GST registered,Roles,Stock types,State,Postcode,BSB,Contact email,Address type";
  const check = (cells: string) =>
    checkRow(
      "suppliers",
      layoutOf("suppliers", `${header}\n${cells}\n`),
      {
        row: 2,
        cells: parseCsv(cells)[0],
      },
      {},
      SPECIES,
    );

  it("turns spreadsheet cells into the body the supplier form saves", () => {
    const ok = check(
      "Kooringal,51 824 753 556,na 123 456,No,producer; Agent,sheep,New South Wales,800,62-000,A@B.COM.AU,",
    );
    expect(ok.problems).toEqual([]);
    expect(ok.body).toMatchObject({
      name: "Kooringal",
      businessTaxIdentifier: "51824753556",
      pic: "NA123456",
      isGstExempt: true,
      roles: ["Producer", "Agent"],
      stockTypes: [1],
      primaryAddress: { state: "NSW", postcode: "0800", addressType: "Postal" },
      bankDetails: { bsb: "062000" },
      primaryContact: { email: "a@b.com.au" },
    });
  });

  it("names every bad cell of a row, in the file's column order, with the form's own words", () => {
    const bad = check("X,51 824 753 557,NA12,Maybe,Grazier,Goat,Qld,26500,1234567,nope,Home");
    expect(bad.body).toBeNull();
    expect(bad.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [2, "Roles", "“Grazier” is not one of Producer, Agent, Feedlot, Dealer."],
      [2, "PIC", "A PIC has 8 letters or digits"],
      [2, "ABN", "Not a valid ABN (11 digits)"],
      [2, "GST registered", "Write Yes or No, not “Maybe”."],
      [2, "Stock types", "“Goat” is not a species of this organisation (it has Sheep, Beef)."],
      [2, "Contact email", "Enter a valid email address"],
      [2, "Postcode", "Use the 4-digit postcode"],
      [2, "Address type", "“Home” is not one of Postal, Property, Business."],
      [2, "BSB", "A BSB has 6 digits"],
    ]);
    expect(check("X,5.18248E+10,,,,,,,,,").problems.map((p) => p.message)).toEqual([
      "The spreadsheet turned this into a number (5.18248E+10): format the column as text and save the file again.",
    ]);
    expect(check(",,NA123456,,,,,,,,").problems).toEqual([{
      row: 2,
      column: "Name",
      message: "Enter the name",
    }]);
    expect(check(`${"x".repeat(151)},,,,,,,,,,`).problems[0]).toMatchObject({
      column: "Name",
      message: "Too long: at most 150 characters.",
    });
  });

  it("keeps what an existing record has in columns the file lacks", () => {
    const layout = layoutOf("buyers", "Name,Mobile\nExport Lamb,0400 111 222\n");
    const base = {
      name: "Export Lamb",
      firstName: "Hamish",
      mobile: "",
      email: "h@x.au",
      isSoftDeleted: true,
    };
    const checked = checkRow("buyers", layout, layout.rows[0], base, SPECIES);
    expect(checked.body).toMatchObject({ firstName: "Hamish", mobile: "0400 111 222", isSoftDeleted: true });
  });
});

describe("planning rows against the organisation's records", () => {
  const existing: ExistingRecord[] = [
    {
      id: 7,
      name: "Kooringal Pastoral Co",
      pic: "NA123456",
      body: { name: "Kooringal Pastoral Co", pic: "NA123456" },
    },
    { id: 8, name: "Glenrock Grazing", pic: "NB000001", body: { name: "Glenrock Grazing", pic: "NB000001" } },
  ];
  const plan = (rows: string) =>
    planRows("suppliers", layoutOf("suppliers", `Name,PIC,ABN\n${rows}`), existing, SPECIES);

  it("matches by name and PIC, rejects repeats and the template's example, and warns of shared PICs and names", () => {
    const planned = plan(
      [
        "kooringal  pastoral co,na123456,", // the existing record 7
        "New Farm,NC000001,",
        "New Farm,NC000001,", // repeats row 3
        "Other Name,NB000001,", // Glenrock's PIC under another name
        "Glenrock Grazing,ND000002,", // Glenrock's name under another PIC
        "Kooringal Pastoral Co,NA123456,51 824 753 556", // the template's example row (every cell)
        "Bad,NA1,",
      ].join("\n"),
    );
    expect(planned.map((p) => [p.row, p.action, p.action === "write" ? p.existingId : p.problems[0].message]))
      .toEqual([
        [2, "write", 7],
        [3, "write", null],
        [4, "rejected", "Repeats row 3 (the same name and PIC)."],
        [5, "write", null],
        [6, "write", null],
        [7, "rejected", "This is the template's example row: delete it or replace it with a real one."],
        [8, "rejected", "A PIC has 8 letters or digits"],
      ]);
    expect(planned[3].warnings.map((w) => w.column)).toEqual(["PIC"]);
    expect(planned[4].warnings.map((w) => w.message)).toEqual([
      "Glenrock Grazing is also listed with another PIC: a second property, or the same one mistyped?",
    ]);
    expect(planned[0].warnings).toEqual([]);
  });

  it("skips the template's example row left in, and refuses a key two records share", () => {
    const planned = planRows(
      "buyers",
      layoutOf("buyers", "Name\nExport Lamb Program\nTwice\n"),
      [1, 2].map((id) => ({ id, name: "twice", pic: "", body: {} })),
      SPECIES,
    );
    expect(planned.map((p) => p.action === "rejected" && p.problems[0].message)).toEqual([
      "This is the template's example row: delete it or replace it with a real one.",
      "2 buyers here already have this name: merge them by hand first.",
    ]);
  });
});

it("words the counts of a load", () => {
  expect(loadedText("suppliers", { added: 12, updated: 3 })).toBe("12 new and 3 updated suppliers");
  expect(loadedText("transportCompanies", { added: 1, updated: 0 })).toBe("1 new transport company");
  expect(loadedText("buyers", { added: 0, updated: 0 })).toBe("No buyers");
});
