import { and, eq, gte, inArray, isNotNull, isNull, lte, max, sql } from "drizzle-orm";
import { EXPENSE_CATEGORIES, ZExpenseSchema, type ExpenseCategory, type TBankMapping, type ZBankImportRequestSchema } from "../../../shared/books.ts";
import { chicagoToday } from "../../../shared/calendar.ts";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { expenseChanges, expenses, properties } from "../../db/schema.ts";
import { AppError, type ValidationItem } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { bankRows, flagDuplicates, guessMapping, MAX_BANK_ROWS, payeeKey, readBankRows, suggestCategory, type BankRow } from "./bank-import-rules.ts";
import { expenseValues } from "./expenses.ts";

// Importing expenses from a bank or card export (PORTAL.md 6): the first call answers a preview
// (the mapping used, each row with its suggested category and its payee's key, duplicates, likely
// duplicates and money in flagged) and
// writes nothing; the confirming call checks everything again and writes every chosen row in one
// transaction, or nothing. Duplicates and money in (deposits, returns: rent is on the ledgers)
// are skipped unless the owner includes them.

type Request = z.output<typeof ZBankImportRequestSchema>;
interface ImportedExpense {
  id: string;
  date: string;
  amount_cents: number;
  payee: string;
  category: ExpenseCategory | null;
  category_label: string;
}

export interface PreviewRow extends BankRow {
  /** Rows of one payee share it (the key suggestions learn by): the owner may categorise them all at once. */
  payee_key: string;
  suggested_category: ExpenseCategory | null;
  category: ExpenseCategory | null;
  property_id: string | null;
  /** Whether the confirming call writes this row. */
  include: boolean;
}

/** The owner's categories by payee, for suggestions. */
async function payeeHistory(db: DbOrTx, ownerId: string) {
  const rows = await db
    .select({ payeeKey: expenses.payeeKey, category: expenses.category, count: sql<number>`count(*)::int`.mapWith(Number), lastDate: max(expenses.date) })
    .from(expenses)
    .where(and(eq(expenses.ownerId, ownerId), isNull(expenses.deletedAt), isNotNull(expenses.category)))
    .groupBy(expenses.payeeKey, expenses.category);
  return rows.map((r) => ({ payeeKey: r.payeeKey, category: r.category!, count: r.count, lastDate: r.lastDate ?? "" }));
}

async function plan(db: DbOrTx, owner: Owner, input: Request) {
  const rows = bankRows(input.csv);
  if (rows.length > MAX_BANK_ROWS + 20) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "csv"], msg: `Import at most ${MAX_BANK_ROWS} rows at a time.` }]);
  const guessed = guessMapping(rows);
  const mapping: TBankMapping | null = input.mapping ?? guessed;
  if (!mapping) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "mapping"], msg: "The columns could not be recognised: say which column holds the date, the description and the amount." }]);
  }
  const width = Math.max(0, ...rows.map((r) => r.cells.length));
  for (const role of ["date", "description", "amount", "debit", "credit"] as const) {
    const column = mapping[role];
    if (column !== null && column !== undefined && column >= width) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "mapping", role], msg: `The file has ${width} columns: column ${column + 1} does not exist` }]);
    }
  }
  let read = readBankRows(rows, mapping);
  const dated = read.filter((r) => r.date !== null).map((r) => r.date!);
  const existing = dated.length
    ? await db
        .select({ id: expenses.id, date: expenses.date, amountCents: expenses.amountCents, payee: expenses.payee })
        .from(expenses)
        .where(and(eq(expenses.ownerId, owner.id), isNull(expenses.deletedAt), gte(expenses.date, dated.reduce((a, b) => (a < b ? a : b))), lte(expenses.date, dated.reduce((a, b) => (a > b ? a : b)))))
    : [];
  read = flagDuplicates(read, existing);
  const history = await payeeHistory(db, owner.id);
  const choices = new Map(input.rows.map((c) => [c.line, c]));
  const byPayee = new Map(input.payees.map((p) => [p.payee_key, p.category]));
  const preview: PreviewRow[] = read.map((row) => {
    const choice = choices.get(row.line);
    const key = payeeKey(row.payee);
    const suggested = row.status === "import" || row.status === "duplicate" || row.status === "money_in" ? suggestCategory(row.payee, history) : null;
    const importable = row.status === "import" || row.status === "duplicate" || row.status === "money_in";
    // The row's own choice, else the one for every row of its payee, else the suggestion.
    const category = choice?.category !== undefined ? (choice.category ?? null) : key && byPayee.has(key) ? byPayee.get(key)! : suggested;
    return {
      ...row,
      payee_key: key,
      suggested_category: suggested,
      category,
      property_id: choice?.property_id ?? input.property_id ?? null,
      include: importable && (choice?.include ?? row.status === "import"),
    };
  });
  const summary = {
    rows: preview.length,
    to_import: preview.filter((r) => r.include).length,
    duplicates: preview.filter((r) => r.status === "duplicate").length,
    money_in: preview.filter((r) => r.status === "money_in").length,
    not_transactions: preview.filter((r) => r.status === "not_a_transaction").length,
    errors: preview.filter((r) => r.status === "error").length,
    total_cents: preview.filter((r) => r.include).reduce((s, r) => s + (r.amount_cents ?? 0), 0),
  };
  const header = mapping.has_header ? (rows[mapping.header_row ?? 0]?.cells ?? []) : [];
  const columns = Array.from({ length: width }, (_, i) => ({ index: i, header: header[i] ?? null, sample: rows[(mapping.has_header ? (mapping.header_row ?? 0) + 1 : 0)]?.cells[i] ?? "" }));
  return { mapping: { ...mapping, header_row: mapping.has_header ? (mapping.header_row ?? 0) : null }, guessed: input.mapping === undefined, columns, rows: preview, summary };
}

/**
 * POST /api/portal/expenses/import: `{csv}` (and optionally a mapping, the property and per-row
 * choices) answers the preview; with `confirm: true` the chosen rows are written, all or nothing.
 */
export async function importBankExpenses(services: Services, owner: Owner, input: Request) {
  if (!input.confirm) return { confirmed: false, ...(await plan(services.db, owner, input)), imported: [] as ImportedExpense[] };
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const checked = await plan(tx, owner, input);
    const chosen = checked.rows.filter((r) => r.include);
    const problems: ValidationItem[] = [];
    for (const row of checked.rows.filter((r) => r.status === "error")) problems.push({ loc: ["body", "csv", `line ${row.line}`], msg: row.errors.join("; ") });
    const propertyIds = [...new Set(chosen.map((r) => r.property_id).filter((id): id is string => id !== null))];
    const owned = propertyIds.length
      ? new Set((await tx.select({ id: properties.id }).from(properties).where(and(eq(properties.ownerId, owner.id), inArray(properties.id, propertyIds)))).map((p) => p.id))
      : new Set<string>();
    for (const row of chosen) {
      if (!row.property_id) problems.push({ loc: ["body", "property_id"], msg: `Line ${row.line}: choose the property these expenses are for` });
      else if (!owned.has(row.property_id)) problems.push({ loc: ["body", "rows", `line ${row.line}`, "property_id"], msg: "Property not found." });
      if (row.date && row.date > today) problems.push({ loc: ["body", "csv", `line ${row.line}`], msg: "The date is in the future" });
    }
    if (chosen.length === 0 && problems.length === 0) problems.push({ loc: ["body", "rows"], msg: "No row is chosen to import" });
    if (problems.length) throw new AppError("UNPROCESSABLE", problems);

    const values = chosen.map((row) =>
      expenseValues(
        owner,
        ZExpenseSchema.parse({ property_id: row.property_id, date: row.date, amount_cents: row.amount_cents, payee: row.payee || "Bank transaction", memo: null, category: row.category }),
        "import",
      ),
    );
    const created: { id: string; date: string; amountCents: number; payee: string; category: ExpenseCategory | null; propertyId: string }[] = [];

    for (let i = 0; i < values.length; i += 500) {
      created.push(
        ...(await tx
          .insert(expenses)
          .values(values.slice(i, i + 500))
          .returning({ id: expenses.id, date: expenses.date, amountCents: expenses.amountCents, payee: expenses.payee, category: expenses.category, propertyId: expenses.propertyId })),
      );
    }
    const actor = `${owner.member.firstName} ${owner.member.lastName} (owner)`;
    for (let i = 0; i < created.length; i += 500) {
      await tx.insert(expenseChanges).values(
        created.slice(i, i + 500).map((e) => ({
          ownerId: owner.id,
          expenseId: e.id,
          action: "imported" as const,
          changes: {
            property_id: { from: null, to: e.propertyId },
            date: { from: null, to: e.date },
            amount_cents: { from: null, to: e.amountCents },
            payee: { from: null, to: e.payee },
            category: { from: null, to: e.category },
          },
          actorName: actor,
        })),
      );
    }
    return {
      confirmed: true,
      ...checked,
      imported: created.map((e): ImportedExpense => ({ id: e.id, date: e.date, amount_cents: e.amountCents, payee: e.payee, category: e.category, category_label: e.category ? EXPENSE_CATEGORIES[e.category].label : "Not categorized" })),
    };
  });
}
