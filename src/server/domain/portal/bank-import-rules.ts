import Papa from "papaparse";
import type { ExpenseCategory, TBankMapping } from "../../../shared/books.ts";
import type { IsoDate } from "../../../shared/calendar.ts";
import { parseDollars } from "../../../shared/portal.ts";

// Reading bank and card exports (PORTAL.md 6) as pure functions: the rows of the file, a guess of
// which column is which (a header anywhere near the top, or none), each row's date, payee and
// amount under a mapping, duplicates, and the category a payee had before. Real exports differ:
// a summary block above the header (Bank of America), no header at all (Wells Fargo), debits
// negative or positive, separate debit and credit columns; the owner can correct the mapping.

export const MAX_BANK_ROWS = 2000;

/** The cells of every non-empty line, with its line number in the file (1-based). */
export function bankRows(csv: string): { line: number; cells: string[] }[] {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: false });
  const rows: { line: number; cells: string[] }[] = [];
  parsed.data.forEach((cells, index) => {
    if (cells.every((c) => c.trim() === "")) return;
    rows.push({ line: index + 1, cells: cells.map((c) => c.trim()) });
  });
  return rows;
}

/** A date as banks write it, in the mapping's order: 01/03/2025, 1/3/25, 2025-01-03, 03/01/2025 (DMY). */
export function parseBankDate(text: string, format: TBankMapping["date_format"]): IsoDate | null {
  const iso = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})/);
  let y: number, m: number, d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const parts = text.match(/^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/);
    if (!parts) return null;
    const [a, b, c] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if (format === "YMD") [y, m, d] = [a, b, c];
    else if (format === "DMY") [d, m, y] = [a, b, c];
    else [m, d, y] = [a, b, c];
    if (y < 100) y += 2000;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** An amount as banks write it: -77.45, "1,200.00", $86.41, (86.41) for a negative; null if it is not one. */
export function parseBankAmount(text: string): number | null {
  const clean = text.replace(/\s+/g, "");
  const bracketed = clean.match(/^\((.*)\)$/);
  const value = parseDollars(bracketed ? bracketed[1]! : clean.replace(/^\$-|^-\$/, "-"));
  if (value === null) return null;
  return bracketed ? -Math.abs(value) : value;
}

/** The payee as suggestions compare it: letters only, upper-case, the first three words ("ACE HARDWARE CHICAGO"). */
export function payeeKey(payee: string): string {
  return payee
    .toUpperCase()
    .replace(/[^A-Z]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w.length > 1)
    .slice(0, 3)
    .join(" ");
}

/** Two rows are the same payment when date, amount and payee match (payee case and spacing aside). */
export const duplicateKey = (date: IsoDate, amountCents: number, payee: string) => `${date}|${amountCents}|${payee.toLowerCase().replace(/\s+/g, " ").trim()}`;

/**
 * Two rows are likely the same payment when date and amount match and the payees differ only in
 * signs and spacing: "ACE HARDWARE 1234" and "ACE HARDWARE #1234", "CHECK # 1043" and "CHECK 1043"
 * (one bank's export against another's, or a row typed by hand).
 */
export const nearDuplicateKey = (date: IsoDate, amountCents: number, payee: string) => `${date}|${amountCents}|${payee.toUpperCase().replace(/[^A-Z0-9]+/g, "")}`;

const DATE_HEADERS = ["transaction date", "date", "posting date", "post date", "posted date", "trans date"];
const DESCRIPTION_HEADERS = ["description", "payee", "name", "merchant", "memo", "details"];
const AMOUNT_HEADERS = ["amount", "transaction amount"];
const DEBIT_HEADERS = ["debit", "debits", "withdrawal", "withdrawals", "money out"];
const CREDIT_HEADERS = ["credit", "credits", "deposit", "deposits", "money in"];

const norm = (h: string) => h.toLowerCase().replace(/[^a-z ]/g, "").replace(/\s+/g, " ").trim();
const findHeader = (cells: string[], names: string[]) => {
  for (const name of names) {
    const index = cells.findIndex((c) => norm(c) === name);
    if (index >= 0) return index;
  }
  return -1;
};

export type GuessedMapping = TBankMapping & { header_row: number | null };

/**
 * The likely mapping: the first of the top rows that names a date, a description and an amount (or
 * debit) column is the header; without one, the columns are read from the values: the first that
 * holds dates, the first that holds amounts, and the longest text is the payee.
 */
export function guessMapping(rows: { line: number; cells: string[] }[]): GuessedMapping | null {
  for (const [index, row] of rows.slice(0, 20).entries()) {
    const date = findHeader(row.cells, DATE_HEADERS);
    const description = findHeader(row.cells, DESCRIPTION_HEADERS);
    const amount = findHeader(row.cells, AMOUNT_HEADERS);
    const debit = findHeader(row.cells, DEBIT_HEADERS);
    const credit = findHeader(row.cells, CREDIT_HEADERS);
    if (date >= 0 && description >= 0 && (amount >= 0 || debit >= 0)) {
      return {
        header_row: index,
        has_header: true,
        date,
        description,
        amount: amount >= 0 ? amount : null,
        debit: amount >= 0 ? null : debit,
        credit: amount >= 0 ? null : credit >= 0 ? credit : null,
        outflow_sign: "negative",
        date_format: "MDY",
      };
    }
  }
  const sample = rows.slice(0, 20);
  const width = Math.max(0, ...sample.map((r) => r.cells.length));
  const share = (test: (text: string) => boolean, column: number) => sample.filter((r) => test(r.cells[column] ?? "")).length / Math.max(sample.length, 1);
  const columns = Array.from({ length: width }, (_, i) => i);
  const date = columns.find((c) => share((t) => parseBankDate(t, "MDY") !== null, c) > 0.8);
  const amount = columns.find((c) => c !== date && share((t) => parseBankAmount(t) !== null, c) > 0.8);
  if (date === undefined || amount === undefined) return null;
  const textLength = (c: number) => sample.reduce((s, r) => s + (parseBankAmount(r.cells[c] ?? "") === null ? (r.cells[c] ?? "").length : 0), 0);
  const description = columns.filter((c) => c !== date && c !== amount).sort((a, b) => textLength(b) - textLength(a))[0];
  if (description === undefined) return null;
  return { header_row: null, has_header: false, date, description, amount, debit: null, credit: null, outflow_sign: "negative", date_format: "MDY" };
}

export type BankRowStatus = "import" | "duplicate" | "money_in" | "not_a_transaction" | "error";

export interface BankRow {
  line: number;
  date: IsoDate | null;
  payee: string;
  /** Money out positive; money in (a deposit, a return) negative. */
  amount_cents: number | null;
  status: BankRowStatus;
  errors: string[];
  /**
   * The line of the file, or the expense already recorded, this row repeats. `likely`: the payees
   * differ in signs or spacing only (nearDuplicateKey), and `payee` is the one it likely repeats.
   */
  duplicate_of: { line: number | null; expense_id: string | null; likely?: true; payee?: string } | null;
}

/** Each data row read under the mapping; rows above the header (a summary block) are skipped. */
export function readBankRows(rows: { line: number; cells: string[] }[], mapping: TBankMapping): BankRow[] {
  const start = mapping.has_header ? (mapping.header_row ?? 0) + 1 : 0;
  return rows.slice(start).map((row) => {
    const cell = (i: number | null | undefined) => (i === null || i === undefined ? "" : (row.cells[i] ?? ""));
    const payee = cell(mapping.description).replace(/\s+/g, " ").slice(0, 200);
    const dateText = cell(mapping.date);
    const errors: string[] = [];
    let amount: number | null = null;
    if (mapping.amount !== null && mapping.amount !== undefined) {
      const text = cell(mapping.amount);
      const value = text ? parseBankAmount(text) : null;
      if (text && value === null) errors.push(`"${text}" is not an amount`);
      if (value !== null) amount = mapping.outflow_sign === "negative" ? -value : value;
    } else {
      const debitText = cell(mapping.debit);
      const creditText = cell(mapping.credit);
      const debit = debitText ? parseBankAmount(debitText) : null;
      const credit = creditText ? parseBankAmount(creditText) : null;
      if (debitText && debit === null) errors.push(`"${debitText}" is not an amount`);
      if (creditText && credit === null) errors.push(`"${creditText}" is not an amount`);
      if (debit) amount = Math.abs(debit);
      else if (credit) amount = -Math.abs(credit);
    }
    const date = dateText ? parseBankDate(dateText, mapping.date_format) : null;
    if (dateText && !date) errors.push(`"${dateText}" is not a date (${mapping.date_format === "MDY" ? "MM/DD/YYYY" : mapping.date_format === "DMY" ? "DD/MM/YYYY" : "YYYY-MM-DD"})`);
    if (!dateText && amount !== null) errors.push("The row has no date");
    if (!payee && amount !== null) errors.push("The row has no description");
    const status: BankRowStatus = errors.length ? "error" : amount === null || amount === 0 ? "not_a_transaction" : amount < 0 ? "money_in" : "import";
    return { line: row.line, date, payee, amount_cents: amount, status, errors, duplicate_of: null };
  });
}

/**
 * Flags repeats: a row with the date, amount and payee of an earlier row of the file, or of an
 * expense already recorded; failing that, one whose payee differs from theirs in signs and spacing
 * only, as a likely repeat. A flagged row is skipped unless the owner confirms it.
 */
export function flagDuplicates(rows: BankRow[], existing: readonly { id: string; date: IsoDate; amountCents: number; payee: string }[]): BankRow[] {
  const recorded = new Map(existing.map((e) => [duplicateKey(e.date, e.amountCents, e.payee), e.id]));
  const recordedNear = new Map(existing.map((e) => [nearDuplicateKey(e.date, e.amountCents, e.payee), e]));
  const seen = new Map<string, number>();
  const seenNear = new Map<string, { line: number; payee: string }>();
  return rows.map((row) => {
    if ((row.status !== "import" && row.status !== "money_in") || !row.date || row.amount_cents === null) return row;
    const key = duplicateKey(row.date, row.amount_cents, row.payee);
    const near = nearDuplicateKey(row.date, row.amount_cents, row.payee);
    const expenseId = recorded.get(key) ?? null;
    const line = seen.get(key) ?? null;
    const nearExpense = recordedNear.get(near) ?? null;
    const nearLine = seenNear.get(near) ?? null;
    if (line === null) seen.set(key, row.line);
    if (nearLine === null) seenNear.set(near, { line: row.line, payee: row.payee });
    if (expenseId !== null || line !== null) return { ...row, status: "duplicate", duplicate_of: { line, expense_id: expenseId } };
    if (nearExpense === null && nearLine === null) return row;
    return {
      ...row,
      status: "duplicate",
      duplicate_of: { line: nearLine?.line ?? null, expense_id: nearExpense?.id ?? null, likely: true, payee: nearExpense?.payee ?? nearLine!.payee },
    };
  });
}

/** Whether one payee's words begin the other's ("COMED" and "COMED PAYMENT", "ACE HARDWARE" and "ACE HARDWARE CHICAGO"). */
const sharesWords = (a: string, b: string) => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long === short || long.startsWith(`${short} `);
};

/**
 * The category a payee had before: the one used most often for the same payee (the most recent
 * on a tie), else for payees whose words begin one another's ("COMED" for "COMED PAYMENT"), else none.
 */
export function suggestCategory(payee: string, history: readonly { payeeKey: string; category: ExpenseCategory; count: number; lastDate: IsoDate }[]): ExpenseCategory | null {
  const key = payeeKey(payee);
  if (!key) return null;
  const best = (matches: readonly { category: ExpenseCategory; count: number; lastDate: IsoDate }[]) =>
    [...matches].sort((a, b) => b.count - a.count || (a.lastDate < b.lastDate ? 1 : a.lastDate > b.lastDate ? -1 : 0))[0]?.category ?? null;
  const exact = history.filter((h) => h.payeeKey === key);
  if (exact.length) return best(exact);
  // Add the counts of every similar payee, so the category used most often wins.
  const totals = new Map<ExpenseCategory, { count: number; lastDate: IsoDate }>();
  for (const h of history.filter((x) => x.payeeKey && sharesWords(x.payeeKey, key))) {
    const t = totals.get(h.category) ?? { count: 0, lastDate: h.lastDate };
    totals.set(h.category, { count: t.count + h.count, lastDate: t.lastDate > h.lastDate ? t.lastDate : h.lastDate });
  }
  return best([...totals].map(([category, t]) => ({ category, ...t })));
}
