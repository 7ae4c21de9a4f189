/**
 * Pure rules for supplier and stakeholder details (no I/O). Australian identifiers are checked the way
 * the issuing bodies define them, so a typo is caught at the desk rather than on a remittance.
 */

/** BSB: digits only, padded with leading zeros to six (spec 1 §5). "62-000" → "062000". */
export function padBsb(input: string): string {
  const digits = input.replace(/[\s-]/g, "");
  return digits === "" ? "" : digits.padStart(6, "0");
}

/** ABN: 11 digits whose weighted sum (first digit less one) is divisible by 89 (ATO checksum). */
export function isValidAbn(input: string): boolean {
  const digits = input.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce((s, d, i) => s + (Number(d) - (i === 0 ? 1 : 0)) * weights[i], 0);
  return sum % 89 === 0;
}

/** ACN: 9 digits, the last a check digit of the first eight (ASIC). */
export function isValidAcn(input: string): boolean {
  const digits = input.replace(/\s/g, "");
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 8)].reduce((s, d, i) => s + Number(d) * (8 - i), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[8]);
}

/** PIC (Property Identification Code): 8 letters/digits, kept upper-case without spaces. */
export function normalisePic(input: string): string {
  return input.replace(/\s/g, "").toUpperCase();
}

export const PIC_PATTERN = /^[A-Z0-9]{8}$/;

/** ABN written the usual way: "12 345 678 901". */
export function formatAbn(input: string): string {
  const d = input.replace(/\s/g, "");
  return d.length === 11 ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : input;
}
