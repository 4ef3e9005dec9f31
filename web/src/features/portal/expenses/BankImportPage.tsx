import { useState } from "react";
import { countOf } from "@shared/admin.ts";
import { Link } from "react-router-dom";
import { EXPENSE_CATEGORIES, type ExpenseCategory, type TBankMapping } from "@shared/books.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import type { BankImport } from "../owner/types.ts";
import { day, FormError, money, Section } from "../owner/ui.tsx";
import { CategoryOptions } from "./CategoryOptions.tsx";

type Choice = { include?: boolean; category?: ExpenseCategory | null };
const STATUS_LABEL: Record<BankImport["rows"][number]["status"], string> = {
  import: "New expense",
  duplicate: "Duplicate",
  money_in: "Money in",
  not_a_transaction: "Not a transaction",
  error: "Error",
};

/**
 * Bank or card export (CSV) to expenses: choose the file and the property, check the columns as
 * read (or map them by hand), see each row with its suggested category, duplicates and money in
 * flagged, then import the chosen rows all at once.
 */
export default function BankImportPage({ canWrite }: { canWrite: boolean }) {
  const utils = trpc.useUtils();
  const properties = trpc.member.owner.properties.list.useQuery();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [propertyId, setPropertyId] = useState("");
  const [mapping, setMapping] = useState<TBankMapping | null>(null);
  const [choices, setChoices] = useState<Map<number, Choice>>(new Map());
  // A category for every row of a payee at once, by the preview's payee key.
  const [payees, setPayees] = useState<Map<string, ExpenseCategory | null>>(new Map());
  const [result, setResult] = useState<BankImport | null>(null);
  const run = trpc.member.owner.expenses.import.useMutation({
    onSuccess: async (answer) => {
      setResult(answer);
      setMapping(answer.mapping);
      if (answer.confirmed) await utils.member.owner.expenses.invalidate();
    },
  });
  const property = propertyId || properties.data?.[0]?.id || "";
  const send = (confirm: boolean, nextMapping = mapping) =>
    csv &&
    run.mutate({
      csv,
      property_id: property || undefined,
      mapping: nextMapping ?? undefined,
      rows: [...choices].map(([line, c]) => ({ line, ...c })),
      payees: [...payees].map(([payee_key, category]) => ({ payee_key, category })),
      confirm,
    });

  if (!canWrite) {
    return (
      <Section title="Import a bank or card export">
        <p className="text-slate-600">Importing adds to your books, which are read-only while your membership is Basic.</p>
      </Section>
    );
  }
  const columns = result?.columns ?? [];
  const columnLabel = (i: number) => `Column ${i + 1}${columns[i]?.header ? `: ${columns[i]!.header}` : columns[i]?.sample ? ` (${columns[i]!.sample})` : ""}`;
  const mapSelect = (role: "date" | "description" | "amount" | "debit" | "credit", label: string, optional: boolean) => (
    <Field id={`map-${role}`} label={label}>
      <select
        id={`map-${role}`}
        className={inputClass}
        value={mapping?.[role] ?? ""}
        onChange={(e) => {
          const next = { ...mapping!, [role]: e.target.value === "" ? null : Number(e.target.value) };
          setMapping(next);
          send(false, next);
        }}
      >
        {optional && <option value="">None</option>}
        {columns.map((c) => (
          <option key={c.index} value={c.index}>
            {columnLabel(c.index)}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <Section title="Import a bank or card export">
      <p className="text-slate-700">
        Download your account's transactions as CSV from your bank or card site. Payments out become expenses; money in (rent deposits, returns) is
        skipped unless you include it, since rent is on your ledgers. Rows with the date, amount and payee of one already recorded are flagged as
        duplicates, and those whose payee differs only in signs or spaces ("#1234" and "1234") as likely duplicates. Nothing is written until you
        confirm, and then every chosen row or none.
      </p>
      <form
        className="mt-4 grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          setMapping(null);
          setChoices(new Map());
          setPayees(new Map());
          if (csv) run.mutate({ csv, property_id: property || undefined });
        }}
      >
        <Field id="bank-file" label="Bank or card export (CSV)">
          <input
            id="bank-file"
            type="file"
            accept=".csv,text/csv"
            className={inputClass}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setResult(null);
              setMapping(null);
              setChoices(new Map());
              setPayees(new Map());
              run.reset();
              setFileName(file?.name ?? "");
              setCsv(file ? await file.text() : null);
            }}
          />
        </Field>
        <Field id="bank-property" label="Property these expenses are for">
          <select id="bank-property" className={inputClass} value={property} onChange={(e) => setPropertyId(e.target.value)}>
            {properties.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.display_name}
              </option>
            ))}
          </select>
        </Field>
        <div>
          <Button type="submit" variant="secondary" disabled={!csv || run.isPending}>
            {run.isPending && !result ? "Reading..." : "Preview Import"}
          </Button>
        </div>
      </form>
      <div className="mt-4">
        <FormError error={run.error} fallback="The file could not be read." />
      </div>
      {result && mapping && (
        <div className="mt-6 space-y-5">
          {result.confirmed ? (
            <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
              <p className="font-semibold">
                Imported {result.imported.length} expenses from {fileName}.
              </p>
              <Link to="/portal/expenses" className={buttonClass("primary", "mt-3 text-sm")}>
                See your expenses
              </Link>
            </div>
          ) : (
            <>
              <fieldset className="rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-800">Columns {result.guessed ? "as read from the file" : "as you mapped them"}</legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  {mapSelect("date", "Date column", false)}
                  {mapSelect("description", "Description (payee) column", false)}
                  {mapSelect("amount", "Amount column", true)}
                  {mapSelect("debit", "Debit column (money out)", true)}
                  {mapSelect("credit", "Credit column (money in)", true)}
                  <Field id="map-sign" label="In the amount column, payments out are">
                    <select
                      id="map-sign"
                      className={inputClass}
                      value={mapping.outflow_sign}
                      onChange={(e) => {
                        const next = { ...mapping, outflow_sign: e.target.value as "negative" | "positive" };
                        setMapping(next);
                        send(false, next);
                      }}
                    >
                      <option value="negative">Negative (-86.41)</option>
                      <option value="positive">Positive (86.41)</option>
                    </select>
                  </Field>
                  <Field id="map-date-format" label="Dates are written">
                    <select
                      id="map-date-format"
                      className={inputClass}
                      value={mapping.date_format}
                      onChange={(e) => {
                        const next = { ...mapping, date_format: e.target.value as "MDY" | "YMD" | "DMY" };
                        setMapping(next);
                        send(false, next);
                      }}
                    >
                      <option value="MDY">Month/day/year</option>
                      <option value="DMY">Day/month/year</option>
                      <option value="YMD">Year-month-day</option>
                    </select>
                  </Field>
                  <Field id="map-header" label="First row">
                    <select
                      id="map-header"
                      className={inputClass}
                      value={mapping.has_header ? "header" : "data"}
                      onChange={(e) => {
                        const next = { ...mapping, has_header: e.target.value === "header", header_row: e.target.value === "header" ? (mapping.header_row ?? 0) : null };
                        setMapping(next);
                        send(false, next);
                      }}
                    >
                      <option value="header">Names the columns</option>
                      <option value="data">Is a transaction (no header)</option>
                    </select>
                  </Field>
                </div>
              </fieldset>
              <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-800">
                <p className="font-semibold">
                  {result.summary.to_import} of {result.summary.rows} rows will be imported ({money(result.summary.total_cents)}): {result.summary.duplicates} duplicates,{" "}
                  {result.summary.money_in} money in, {result.summary.not_transactions} not transactions, {result.summary.errors} errors.
                </p>
                {result.summary.errors > 0 && <p className="mt-1 text-sm text-red-800">Rows with errors stop the import: fix the column mapping above.</p>}
                <Button className="mt-3" onClick={() => send(true)} disabled={run.isPending || result.summary.errors > 0 || result.summary.to_import === 0}>
                  {run.isPending ? "Importing..." : `Import ${countOf(result.summary.to_import, "Expense")}`}
                </Button>
              </div>
            </>
          )}
          {!result.confirmed && (
            <PayeeCategories
              rows={result.rows}
              onChoose={(payeeKey, category) => {
                setPayees(new Map(payees).set(payeeKey, category));
                // The payee's choice replaces the rows' own.
                const lines = new Set(result.rows.filter((r) => r.payee_key === payeeKey).map((r) => r.line));
                setChoices(new Map([...choices].map(([line, c]): [number, Choice] => [line, lines.has(line) ? { include: c.include } : c])));
                setResult({ ...result, rows: result.rows.map((r) => (lines.has(r.line) ? { ...r, category } : r)) });
              }}
            />
          )}
          {!result.confirmed && (
            <ul className="divide-y divide-slate-100" aria-label="Rows of the export">
              {result.rows.map((row) => {
                const choice = choices.get(row.line) ?? {};
                const importable = row.status === "import" || row.status === "duplicate" || row.status === "money_in";
                const update = (change: Choice) => {
                  const next = new Map(choices);
                  next.set(row.line, { ...choice, ...change });
                  setChoices(next);
                  setResult({ ...result, rows: result.rows.map((r) => (r.line === row.line ? { ...r, ...("include" in change ? { include: change.include! } : {}), ...("category" in change ? { category: change.category ?? null } : {}) } : r)) });
                };
                return (
                  <li key={row.line} className={`flex flex-wrap items-center gap-3 py-2.5 ${row.status === "error" ? "text-red-900" : ""}`}>
                    <div className="min-w-56 flex-1">
                      <p className="font-medium">
                        Line {row.line}: {row.payee || "(no description)"}
                      </p>
                      <p className="text-sm text-slate-600">
                        {row.date ? day(row.date) : "no date"} · {row.amount_cents === null ? "no amount" : money(row.status === "money_in" ? -row.amount_cents : row.amount_cents)} ·{" "}
                        <span className={row.status === "duplicate" || row.status === "error" ? "font-semibold" : ""}>{statusLabel(row)}</span>
                        {row.errors.length > 0 && `: ${row.errors.join("; ")}`}
                        {row.suggested_category && ` · suggested ${EXPENSE_CATEGORIES[row.suggested_category].label}`}
                      </p>
                    </div>
                    {importable && (
                      <>
                        <label className="flex items-center gap-2 text-sm">
                          <input type="checkbox" checked={row.include} onChange={(e) => update({ include: e.target.checked })} />
                          Import line {row.line}
                        </label>
                        <label className="sr-only" htmlFor={`row-category-${row.line}`}>
                          Category of line {row.line}
                        </label>
                        <select
                          id={`row-category-${row.line}`}
                          className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
                          value={row.category ?? ""}
                          onChange={(e) => update({ category: (e.target.value || null) as ExpenseCategory | null })}
                        >
                          <option value="">Not categorized</option>
                          <CategoryOptions />
                        </select>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </Section>
  );
}

/** A row's status in words; a likely duplicate names what it likely repeats. */
function statusLabel(row: BankImport["rows"][number]): string {
  const repeats = row.duplicate_of;
  if (row.status !== "duplicate" || !repeats?.likely) return STATUS_LABEL[row.status];
  return `Likely duplicate of ${repeats.payee}${repeats.expense_id ? ", already recorded" : repeats.line ? ` (line ${repeats.line})` : ""}`;
}

/** Payees with more than one importable row: a category for all of a payee's rows at once. */
function PayeeCategories({ rows, onChoose }: { rows: BankImport["rows"]; onChoose: (payeeKey: string, category: ExpenseCategory | null) => void }) {
  const groups = new Map<string, BankImport["rows"]>();
  for (const row of rows) {
    if (!row.payee_key || !(row.status === "import" || row.status === "duplicate" || row.status === "money_in")) continue;
    groups.set(row.payee_key, [...(groups.get(row.payee_key) ?? []), row]);
  }
  const repeated = [...groups].filter(([, of]) => of.length > 1);
  if (repeated.length === 0) return null;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Categorise every row of a payee at once</legend>
      <ul className="grid gap-3 sm:grid-cols-2">
        {repeated.map(([key, of]) => {
          const categories = new Set(of.map((r) => r.category ?? ""));
          return (
            <li key={key} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <label htmlFor={`payee-category-${key}`}>
                {key} <span className="text-slate-500">({of.length} rows)</span>
              </label>
              <select
                id={`payee-category-${key}`}
                aria-label={`Category of every row of ${key}`}
                className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
                value={categories.size === 1 ? [...categories][0] : "mixed"}
                onChange={(e) => e.target.value !== "mixed" && onChoose(key, (e.target.value || null) as ExpenseCategory | null)}
              >
                {categories.size > 1 && <option value="mixed">Several categories</option>}
                <option value="">Not categorized</option>
                <CategoryOptions />
              </select>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
