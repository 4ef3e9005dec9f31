/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (=, +, -, @...) is
 * defused with a leading apostrophe; a plain number ("-12.50") is written as it is.
 */
export function csvField(value: string | number): string {
  const text = String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line with its CRLF ending. */
export const csvLine = (values: readonly (string | number)[]) => `${values.map(csvField).join(",")}\r\n`;

/** Cents as dollars a spreadsheet sums: 105000 -> "1050.00". */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
