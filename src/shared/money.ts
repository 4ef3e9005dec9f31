// Money as the portals show and read it: integer cents in, "$1,050.00" out. No Zod here, so a
// page that only shows amounts loads none. Digits are grouped by hand rather than with
// Intl.NumberFormat: the browser's first number format loads its locale data, which measured
// about 60 ms of a phone's main thread on the tenant's home (docs/benchmarks.md), for a format
// that en-US writes one way only.

/** "1234567" -> "1,234,567" */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "$1,050.00", "-$12.50" */
export function formatCents(amountCents: number): string {
  const abs = Math.abs(amountCents);
  return `${amountCents < 0 ? "-" : ""}$${grouped(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, "0")}`;
}

/** "$400", "$1,000", "$12.50": a price as the feature lines write it, cents only when there are some. */
export function formatDollars(amountCents: number): string {
  const abs = Math.abs(amountCents);
  const cents = abs % 100 === 0 ? "" : `.${String(abs % 100).padStart(2, "0")}`;
  return `${amountCents < 0 ? "-" : ""}$${grouped(String(Math.floor(abs / 100)))}${cents}`;
}

/** "1,050.00", "$1050", "1050.5" -> cents; null when it is not an amount of money. */
export function parseDollars(input: string): number | null {
  const clean = input.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.replace("-", "").split(".");
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return clean.startsWith("-") ? -value : value;
}
