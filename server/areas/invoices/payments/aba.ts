/**
 * The bank payment file (ABA, "Cemtex" direct entry, APCA BECS layout): one descriptive record (type 0),
 * one credit (type 1, code 50) per invoice, an optional balancing debit (type 1, code 13) to the
 * processor's own account, and the file total (type 7). Every record is 120 characters, lines end CRLF.
 * Pure: no I/O. Fields that the bank's system reads as text are kept to printable ASCII.
 */

export const ABA_RECORD_LENGTH = 120;
/** The amount fields are 10 digits of cents. */
export const ABA_MAX_CENTS = 9_999_999_999;
const CREDIT = "50";
const DEBIT = "13";

export interface AbaAccount {
  bsb: string;
  accountNumber: string;
}

export interface AbaHeader {
  /** The bank the file is lodged with: three letters (CBA, WBC, NAB, ANZ, …). */
  bankAbbreviation: string;
  /** The processor's name as its bank knows it (26). */
  userName: string;
  /** The APCA user id the bank issued (6 digits). */
  apcaUserId: string;
  /** What the entries are for (12), e.g. "LIVESTOCK". */
  description: string;
  /** The day the bank processes the file, ISO yyyy-mm-dd. */
  processingDate: string;
}

export interface AbaPayment extends AbaAccount {
  /** What the error names, e.g. the invoice number. */
  label: string;
  accountName: string;
  amountCents: number;
  /** The invoice number: what the supplier sees on its statement (18). */
  lodgementReference: string;
}

export interface AbaFileInput {
  header: AbaHeader;
  /** The processor's own account: the trace account of every line, and the balancing debit's account. */
  remitter: AbaAccount & { name: string };
  payments: AbaPayment[];
  /** Add a debit of the total to the processor's own account (banks that want a self-balancing file). */
  balancing: boolean;
}

export type AbaResult =
  | { ok: true; text: string; creditCents: number; debitCents: number; count: number }
  | { ok: false; errors: string[] };

/** Printable ASCII only: accents lose their marks, anything else becomes a space. */
export function abaText(value: string): string {
  return value.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, " ");
}

function left(value: string, width: number): string {
  return abaText(value).slice(0, width).padEnd(width, " ");
}

function rightBlank(value: string, width: number): string {
  return value.padStart(width, " ");
}

function zeros(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function blank(width: number): string {
  return " ".repeat(width);
}

/** "062000" or "062-000" → "062-000"; undefined when it is not 6 digits. */
export function abaBsb(bsb: string): string | undefined {
  const digits = bsb.trim().replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : undefined;
}

/** 1–9 digits (spaces and hyphens people type are dropped); undefined otherwise. */
export function abaAccountNumber(account: string): string | undefined {
  const digits = account.trim().replace(/[\s-]/g, "");
  return /^\d{1,9}$/.test(digits) ? digits : undefined;
}

/** yyyy-mm-dd → DDMMYY. */
function ddmmyy(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}${m}${y.slice(2)}`;
}

/** Why a payment cannot go in the file, in plain words; empty when it can. */
export function paymentProblems(p: AbaPayment): string[] {
  const problems: string[] = [];
  if (!abaBsb(p.bsb)) problems.push(`${p.label}: the BSB "${p.bsb}" is not 6 digits.`);
  if (!abaAccountNumber(p.accountNumber)) {
    problems.push(`${p.label}: the account number "${p.accountNumber}" is not 1 to 9 digits.`);
  }
  if (!p.accountName.trim()) problems.push(`${p.label}: the account has no name.`);
  if (!Number.isInteger(p.amountCents) || p.amountCents <= 0) {
    problems.push(`${p.label}: the amount must be more than $0.00.`);
  } else if (p.amountCents > ABA_MAX_CENTS) {
    problems.push(`${p.label}: the amount is too large for one payment line.`);
  }
  return problems;
}

function headerProblems(h: AbaHeader, remitter: AbaFileInput["remitter"]): string[] {
  const problems: string[] = [];
  if (!/^[A-Za-z]{3}$/.test(h.bankAbbreviation)) problems.push("The bank must be three letters, e.g. CBA.");
  if (!/^\d{6}$/.test(h.apcaUserId)) problems.push("The APCA user id must be 6 digits.");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(h.processingDate)) problems.push("The processing date is not a date.");
  if (!h.userName.trim()) problems.push("The file needs the name your bank knows you by.");
  if (!abaBsb(remitter.bsb)) problems.push(`Your own BSB "${remitter.bsb}" is not 6 digits.`);
  if (!abaAccountNumber(remitter.accountNumber)) {
    problems.push(`Your own account number "${remitter.accountNumber}" is not 1 to 9 digits.`);
  }
  return problems;
}

function descriptiveRecord(h: AbaHeader): string {
  return "0" + blank(17) + "01" + h.bankAbbreviation.toUpperCase() + blank(7) + left(h.userName, 26) +
    h.apcaUserId + left(h.description, 12) + ddmmyy(h.processingDate) + blank(40);
}

interface DetailLine extends AbaAccount {
  code: string;
  amountCents: number;
  accountName: string;
  lodgementReference: string;
}

function detailRecord(line: DetailLine, remitter: AbaFileInput["remitter"]): string {
  return "1" + abaBsb(line.bsb)! + rightBlank(abaAccountNumber(line.accountNumber)!, 9) + " " + line.code +
    zeros(line.amountCents, 10) + left(line.accountName, 32) + left(line.lodgementReference, 18) +
    abaBsb(remitter.bsb)! + rightBlank(abaAccountNumber(remitter.accountNumber)!, 9) +
    left(remitter.name, 16) + zeros(0, 8);
}

function totalRecord(creditCents: number, debitCents: number, count: number): string {
  return "7" + "999-999" + blank(12) + zeros(Math.abs(creditCents - debitCents), 10) +
    zeros(creditCents, 10) + zeros(debitCents, 10) + blank(24) + zeros(count, 6) + blank(40);
}

/** The whole file, or every reason it cannot be written (one per bad payment). */
export function writeAbaFile(input: AbaFileInput): AbaResult {
  const errors = [
    ...headerProblems(input.header, input.remitter),
    ...input.payments.flatMap(paymentProblems),
  ];
  if (input.payments.length === 0) errors.push("There is nothing to pay.");
  const creditCents = input.payments.reduce((sum, p) => sum + p.amountCents, 0);
  if (errors.length === 0 && creditCents > ABA_MAX_CENTS) errors.push("The total is too large for one file.");
  if (errors.length) return { ok: false, errors };

  const lines: DetailLine[] = input.payments.map((p) => ({ ...p, code: CREDIT }));
  if (input.balancing) {
    lines.push({
      bsb: input.remitter.bsb,
      accountNumber: input.remitter.accountNumber,
      accountName: input.remitter.name,
      code: DEBIT,
      amountCents: creditCents,
      lodgementReference: input.header.description,
    });
  }
  const debitCents = input.balancing ? creditCents : 0;
  const records = [
    descriptiveRecord(input.header),
    ...lines.map((l) => detailRecord(l, input.remitter)),
    totalRecord(creditCents, debitCents, lines.length),
  ];
  return {
    ok: true,
    text: records.map((r) => r + "\r\n").join(""),
    creditCents,
    debitCents,
    count: lines.length,
  };
}
