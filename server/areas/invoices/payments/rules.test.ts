/** The ABA payment file, against a file written by hand from the APCA BECS layout. */
import { describe, expect, it } from "vitest";
import { abaAccountNumber, abaBsb, type AbaFileInput, writeAbaFile } from "./aba.ts";

const sp = (n: number) => " ".repeat(n);

const input: AbaFileInput = {
  header: {
    bankAbbreviation: "CBA",
    userName: "HILLSIDE MEATS PTY LTD",
    apcaUserId: "301500",
    description: "LIVESTOCK",
    processingDate: "2026-11-27",
  },
  remitter: { bsb: "082-001", accountNumber: "111222333", name: "Hillside Meats" },
  payments: [
    {
      label: "RCTI-000012",
      bsb: "062-000",
      accountNumber: "12345678",
      accountName: "J & M Smith Grazing",
      amountCents: 1_234_567,
      lodgementReference: "RCTI-000012",
    },
    {
      label: "RCTI-000013",
      bsb: "033123",
      accountNumber: "98765",
      accountName: "Ñandu Pastoral Co",
      amountCents: 50_000,
      lodgementReference: "RCTI-000013",
    },
  ],
  balancing: true,
};

// Field by field, as the layout lists them (widths in the comments).
const expected = [
  // type, blank 17, reel 01, bank 3, blank 7, user name 26, APCA id 6, description 12, DDMMYY, blank 40
  "0" + sp(17) + "01" + "CBA" + sp(7) + "HILLSIDE MEATS PTY LTD    " + "301500" + "LIVESTOCK   " + "271126" +
  sp(40),
  // type, BSB 7, account 9 (right, blank-filled), indicator, code 2, cents 10, title 32, reference 18,
  // trace BSB 7, trace account 9, remitter 16, withholding tax 8
  "1" + "062-000" + " 12345678" + " " + "50" + "0001234567" + "J & M Smith Grazing" + sp(13) + "RCTI-000012" +
  sp(7) + "082-001" + "111222333" + "Hillside Meats  " + "00000000",
  "1" + "033-123" + "    98765" + " " + "50" + "0000050000" + "Nandu Pastoral Co" + sp(15) + "RCTI-000013" +
  sp(7) + "082-001" + "111222333" + "Hillside Meats  " + "00000000",
  "1" + "082-001" + "111222333" + " " + "13" + "0001284567" + "Hillside Meats" + sp(18) + "LIVESTOCK" +
  sp(9) +
  "082-001" + "111222333" + "Hillside Meats  " + "00000000",
  // type, 999-999, blank 12, net 10, credit 10, debit 10, blank 24, count of type 1 records 6, blank 40
  "7" + "999-999" + sp(12) + "0000000000" + "0001284567" + "0001284567" + sp(24) + "000003" + sp(40),
].map((line) => line + "\r\n").join("");

describe("ABA payment file", () => {
  it("matches the hand-written file byte for byte", () => {
    const file = writeAbaFile(input);
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.text).toBe(expected);
    expect(file).toMatchObject({ creditCents: 1_284_567, debitCents: 1_284_567, count: 3 });
  });

  it("writes every record 120 characters, CRLF, printable ASCII", () => {
    const file = writeAbaFile({
      ...input,
      header: { ...input.header, userName: "Ümlaut — a very long trading name" },
    });
    if (!file.ok) throw new Error(file.errors.join(" "));
    expect(file.text.endsWith("\r\n")).toBe(true);
    const lines = file.text.split("\r\n").slice(0, -1);
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line).toHaveLength(120);
      expect(line).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(lines[0].slice(30, 56)).toBe("Umlaut   a very long tradi");
  });

  it("leaves the balancing line out when the bank does not want it: net equals credit", () => {
    const file = writeAbaFile({ ...input, balancing: false });
    if (!file.ok) throw new Error(file.errors.join(" "));
    const lines = file.text.split("\r\n");
    expect(lines.filter((l) => l.startsWith("1"))).toHaveLength(2);
    const total = lines[3];
    expect(total.slice(20, 30)).toBe("0001284567");
    expect(total.slice(30, 40)).toBe("0001284567");
    expect(total.slice(40, 50)).toBe("0000000000");
    expect(total.slice(74, 80)).toBe("000002");
  });

  it("cuts the account title to 32 and the reference to 18", () => {
    const long = { ...input.payments[0], accountName: "A".repeat(40), lodgementReference: "R".repeat(25) };
    const file = writeAbaFile({ ...input, payments: [long] });
    if (!file.ok) throw new Error(file.errors.join(" "));
    const detail = file.text.split("\r\n")[1];
    expect(detail.slice(30, 62)).toBe("A".repeat(32));
    expect(detail.slice(62, 80)).toBe("R".repeat(18));
  });

  it("refuses a bad BSB, account or amount, one plain error per payment", () => {
    const bad = writeAbaFile({
      ...input,
      payments: [
        { ...input.payments[0], bsb: "06200" },
        { ...input.payments[1], accountNumber: "1234567890" },
        { ...input.payments[1], label: "RCTI-000014", amountCents: 0 },
        { ...input.payments[1], label: "RCTI-000015", amountCents: 10_000_000_000 },
      ],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual([
      'RCTI-000012: the BSB "06200" is not 6 digits.',
      'RCTI-000013: the account number "1234567890" is not 1 to 9 digits.',
      "RCTI-000014: the amount must be more than $0.00.",
      "RCTI-000015: the amount is too large for one payment line.",
    ]);
  });

  it("refuses a bad APCA id, bank or own account", () => {
    const bad = writeAbaFile({
      ...input,
      header: { ...input.header, apcaUserId: "12345", bankAbbreviation: "C1" },
      remitter: { ...input.remitter, bsb: "" },
    });
    expect(bad.ok ? [] : bad.errors).toEqual([
      "The bank must be three letters, e.g. CBA.",
      "The APCA user id must be 6 digits.",
      'Your own BSB "" is not 6 digits.',
    ]);
  });

  it("reads BSBs and account numbers as people type them", () => {
    expect(abaBsb("062 000")).toBe("062-000");
    expect(abaBsb("062-00a")).toBeUndefined();
    expect(abaAccountNumber("1234 5678")).toBe("12345678");
    expect(abaAccountNumber("")).toBeUndefined();
  });
});
