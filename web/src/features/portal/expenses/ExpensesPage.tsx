import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_KEYS, type ExpenseCategory } from "@shared/books.ts";
import { chicagoToday } from "@shared/calendar.ts";
import { countOf } from "@shared/admin.ts";
import { parseDollars } from "@shared/portal.ts";
import { useAlert } from "../../../components/alert.tsx";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { FilePreview } from "../../../components/FilePreview.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { ACCEPTED_UPLOADS, uploadFile, uploadProblem } from "../../../lib/upload.ts";
import { trpc } from "../../../trpc.ts";
import type { Expense } from "../owner/types.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { PortalDialog } from "../owner/dialog.tsx";
import { usePortalApi } from "../portal-api.ts";
import { CategoryOptions } from "./CategoryOptions.tsx";

const today = () => chicagoToday(new Date());
const lineOf = (category: ExpenseCategory | null) => {
  const line = category ? EXPENSE_CATEGORIES[category].line : null;
  return line ? `Schedule E line ${line}` : category ? "Not on Schedule E" : "Not categorized";
};

/** Money out: every expense with its category, Schedule E line and receipt; record, edit, delete. */
export default function ExpensesPage({ canWrite }: { canWrite: boolean }) {
  const api = usePortalApi();
  const [propertyId, setPropertyId] = useState("");
  const [category, setCategory] = useState("");
  const [editing, setEditing] = useState<Expense | "new" | null>(null);
  const properties = trpc.member.owner.properties.list.useQuery({ includeArchived: true });
  const expenses = trpc.member.owner.expenses.list.useQuery({
    property_id: propertyId || undefined,
    category: (category || undefined) as ExpenseCategory | "uncategorized" | undefined,
  });
  const utils = trpc.useUtils();
  const alert = useAlert();
  // What the last save or delete did, said until the next one (a dialog that closes says nothing).
  const [done, setDone] = useState<string | null>(null);
  const remove = trpc.member.owner.expenses.remove.useMutation({ onSuccess: () => utils.member.owner.expenses.invalidate() });
  // A search result opens its expense (?expense=id).
  const [params, setParams] = useSearchParams();
  const wanted = params.get("expense");
  useEffect(() => {
    const found = wanted ? expenses.data?.expenses.find((e) => e.id === wanted) : undefined;
    if (!found) return;
    if (canWrite) setEditing(found);
    setParams({}, { replace: true });
  }, [wanted, expenses.data, canWrite, setParams]);

  return (
    <div className="space-y-6">
      <Section
        title="Expenses"
        actions={
          canWrite && (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setEditing("new")} disabled={!properties.data?.length}>
                Record an Expense
              </Button>
              <Link to="/portal/expenses/import" className={buttonClass("secondary")}>
                Import Bank CSV
              </Link>
            </div>
          )
        }
      >
        {done && (
          <p role="status" className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
            {done}
          </p>
        )}
        <div className="mb-4 grid gap-3 sm:grid-cols-2">
          <Field id="expense-filter-property" label="Property">
            <select id="expense-filter-property" className={inputClass} value={propertyId} onChange={(e) => setPropertyId(e.target.value)}>
              <option value="">All properties</option>
              {properties.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.display_name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="expense-filter-category" label="Category">
            <select id="expense-filter-category" className={inputClass} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">All categories</option>
              <option value="uncategorized">Not categorized</option>
              <CategoryOptions />
            </select>
          </Field>
        </div>
        {properties.data?.length === 0 && <p className="text-slate-600">Add a property first: every expense belongs to one.</p>}
        {expenses.isPending ? (
          <Working label="Loading expenses..." />
        ) : expenses.isError ? (
          <Failed error={expenses.error} what="your expenses" onRetry={() => void expenses.refetch()} />
        ) : expenses.data.count === 0 ? (
          <p className="text-slate-600">No expenses recorded{propertyId || category ? " with these filters" : " yet"}.</p>
        ) : (
          <>
            <table className="hidden min-w-full divide-y divide-slate-200 text-left text-sm md:table">
              <caption className="sr-only">Expenses</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">Date</th>
                  <th scope="col" className="px-3 py-2">Payee and property</th>
                  <th scope="col" className="px-3 py-2">Category</th>
                  <th scope="col" className="px-3 py-2 text-right">Amount</th>
                  <th scope="col" className="px-3 py-2">Receipt</th>
                  <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {expenses.data.expenses.map((e) => (
                  <tr key={e.id}>
                    <td className="whitespace-nowrap px-3 py-2">{day(e.date)}</td>
                    <td className="px-3 py-2">
                      <span className="font-medium">{e.payee}</span>
                      <span className="block text-xs text-slate-600">
                        {e.property.display_name}
                        {e.unit ? `, unit ${e.unit.label}` : ""}
                        {e.memo ? ` · ${e.memo}` : ""}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      {e.category_label}
                      <span className="block text-xs text-slate-600">{lineOf(e.category)}</span>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{money(e.amount_cents)}</td>
                    <td className="px-3 py-2">
                      {e.receipt ? (
                        <FilePreview file={e.receipt} href={`${api}/files/${e.receipt.id}`} label={`Receipt of ${e.payee}`} size={48} linkClassName="text-brand-700 hover:underline">
                          Receipt<span className="sr-only"> of {e.payee}</span>
                        </FilePreview>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="px-3 py-2 text-right">{canWrite && <RowActions expense={e} onEdit={() => setEditing(e)} onDelete={() => confirmDelete(e)} />}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="font-semibold">
                <tr>
                  <th scope="row" colSpan={3} className="px-3 py-2">
                    Total ({countOf(expenses.data.count, "expense")})
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{money(expenses.data.total_cents)}</td>
                  <td colSpan={2} />
                </tr>
              </tfoot>
            </table>
            <ul className="divide-y divide-slate-100 md:hidden" aria-label="Expenses">
              {expenses.data.expenses.map((e) => (
                <li key={e.id} className="py-3">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-medium">{e.payee}</p>
                    <p className="tabular-nums">{money(e.amount_cents)}</p>
                  </div>
                  <p className="text-sm text-slate-600">
                    {day(e.date)} · {e.property.display_name}
                    {e.unit ? `, unit ${e.unit.label}` : ""} · {e.category_label} ({lineOf(e.category)})
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    {e.receipt && (
                      <FilePreview file={e.receipt} href={`${api}/files/${e.receipt.id}`} label={`Receipt of ${e.payee}`} size={48} linkClassName="text-sm text-brand-700 hover:underline">
                        Receipt<span className="sr-only"> of {e.payee}</span>
                      </FilePreview>
                    )}
                    {canWrite && <RowActions expense={e} onEdit={() => setEditing(e)} onDelete={() => confirmDelete(e)} />}
                  </div>
                </li>
              ))}
              <li className="py-3 font-semibold">Total: {money(expenses.data.total_cents)}</li>
            </ul>
          </>
        )}
        <FormError error={remove.error} fallback="The expense could not be deleted." />
      </Section>
      <PortalDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Record an expense" : "Edit the expense"}
        description="Money paid for a property: it goes on the monthly statement and, by its category, on Schedule E."
      >
        {editing && <ExpenseForm expense={editing === "new" ? null : editing} onDone={() => setEditing(null)} onSaved={setDone} />}
      </PortalDialog>
    </div>
  );

  async function confirmDelete(e: Expense) {
    const sure = await alert({
      title: "Delete this expense?",
      message: `${e.payee}, ${money(e.amount_cents)} on ${day(e.date)} leaves your reports. Its history is kept.`,
      confirmLabel: "Delete Expense",
      cancelLabel: "Cancel",
      destructive: true,
    });
    if (sure) remove.mutate({ id: e.id }, { onSuccess: () => setDone(`${e.payee}, ${money(e.amount_cents)} on ${day(e.date)}: deleted.`) });
  }
}

function RowActions({ expense, onEdit, onDelete }: { expense: Expense; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="inline-flex gap-1">
      <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onEdit} aria-label={`Edit ${expense.payee} of ${day(expense.date)}`}>
        Edit
      </Button>
      <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" onClick={onDelete} aria-label={`Delete ${expense.payee} of ${day(expense.date)}`}>
        Delete
      </Button>
    </span>
  );
}

/** The expense form: property, unit, date, amount, payee, memo, category, maintenance request, receipt. */
function ExpenseForm({ expense, onDone, onSaved }: { expense: Expense | null; onDone: () => void; onSaved: (words: string) => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const properties = trpc.member.owner.properties.list.useQuery();
  const requests = trpc.member.owner.maintenance.list.useQuery({ state: "all" });
  const [values, setValues] = useState({
    property_id: expense?.property.id ?? "",
    unit_id: expense?.unit?.id ?? "",
    date: expense?.date ?? today(),
    amount: expense ? (expense.amount_cents / 100).toFixed(2) : "",
    payee: expense?.payee ?? "",
    memo: expense?.memo ?? "",
    category: (expense?.category ?? "") as ExpenseCategory | "",
    maintenance_request_id: expense?.maintenance_request?.id ?? "",
  });
  const [receipt, setReceipt] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = trpc.member.owner.expenses.create.useMutation();
  const update = trpc.member.owner.expenses.update.useMutation();
  const property = properties.data?.find((p) => p.id === (values.property_id || properties.data?.[0]?.id));
  const propertyId = values.property_id || property?.id || "";

  async function submit() {
    const cents = parseDollars(values.amount);
    if (cents === null || cents === 0) return setProblem("Enter the amount, like 86.41 (a refund from a vendor: -22.50)");
    if (receipt && uploadProblem(receipt)) return setProblem(uploadProblem(receipt));
    setProblem(null);
    setBusy(true);
    const body = {
      property_id: propertyId,
      unit_id: values.unit_id || null,
      date: values.date,
      amount_cents: cents,
      payee: values.payee,
      memo: values.memo || null,
      category: values.category || null,
      maintenance_request_id: values.maintenance_request_id || null,
    };
    try {
      const saved = expense ? await update.mutateAsync({ id: expense.id, patch: body }) : await create.mutateAsync(body);
      if (receipt) await uploadFile(`/api/portal/expenses/${saved.id}/receipt`, receipt);
      await utils.member.owner.expenses.invalidate();
      onSaved(`${body.payee}, ${money(cents)} on ${day(body.date)}: ${expense ? "saved" : "recorded"}${receipt ? " with its receipt" : ""}.`);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, "The expense could not be saved."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field id={`${id}-property`} label="Property">
        <select id={`${id}-property`} className={inputClass} value={propertyId} onChange={(e) => setValues({ ...values, property_id: e.target.value, unit_id: "", maintenance_request_id: "" })}>
          {properties.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.display_name}
            </option>
          ))}
        </select>
      </Field>
      {property && property.units.length > 1 && (
        <Field id={`${id}-unit`} label="Unit (optional)">
          <select id={`${id}-unit`} className={inputClass} value={values.unit_id} onChange={(e) => setValues({ ...values, unit_id: e.target.value })}>
            <option value="">The whole property</option>
            {property.units.map((u) => (
              <option key={u.id} value={u.id}>
                Unit {u.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-date`} label="Date paid">
          <input id={`${id}-date`} type="date" required max={today()} className={inputClass} value={values.date} onChange={(e) => setValues({ ...values, date: e.target.value })} />
        </Field>
        <Field id={`${id}-amount`} label="Amount ($)" hint="A refund from a vendor is negative.">
          <input id={`${id}-amount`} inputMode="decimal" required className={inputClass} value={values.amount} onChange={(e) => setValues({ ...values, amount: e.target.value })} aria-describedby={`${id}-amount-hint`} />
        </Field>
      </div>
      <Field id={`${id}-payee`} label="Payee">
        <input id={`${id}-payee`} required maxLength={200} className={inputClass} value={values.payee} onChange={(e) => setValues({ ...values, payee: e.target.value })} />
      </Field>
      <Field id={`${id}-category`} label="Category" hint={values.category ? lineOf(values.category) : "Uncategorized expenses are listed as a warning on Schedule E."}>
        <select id={`${id}-category`} className={inputClass} value={values.category} onChange={(e) => setValues({ ...values, category: e.target.value as ExpenseCategory | "" })} aria-describedby={`${id}-category-hint`}>
          <option value="">Not categorized yet</option>
          {EXPENSE_CATEGORY_KEYS.map((k) => (
            <option key={k} value={k}>
              {EXPENSE_CATEGORIES[k].label}
              {EXPENSE_CATEGORIES[k].line ? ` (line ${EXPENSE_CATEGORIES[k].line})` : ""}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-memo`} label="Memo (optional)">
        <input id={`${id}-memo`} maxLength={1000} className={inputClass} value={values.memo} onChange={(e) => setValues({ ...values, memo: e.target.value })} />
      </Field>
      <Field id={`${id}-request`} label="Maintenance request it paid for (optional)">
        <select id={`${id}-request`} className={inputClass} value={values.maintenance_request_id} onChange={(e) => setValues({ ...values, maintenance_request_id: e.target.value })}>
          <option value="">None</option>
          {requests.data
            ?.filter((r) => r.property_id === propertyId)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.title} ({r.place})
              </option>
            ))}
        </select>
      </Field>
      <Field id={`${id}-receipt`} label={expense?.receipt ? "Replace the receipt (photo or PDF, optional)" : "Receipt (photo or PDF, optional)"}>
        <input id={`${id}-receipt`} type="file" accept={ACCEPTED_UPLOADS} className={inputClass} onChange={(e) => setReceipt(e.target.files?.[0] ?? null)} />
      </Field>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !propertyId}>
          {busy ? "Saving..." : "Save Expense"}
        </Button>
      </div>
    </form>
  );
}
