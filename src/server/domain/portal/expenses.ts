import { and, asc, desc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { EXPENSE_CATEGORIES, type ExpenseCategory, type TExpensePatch } from "../../../shared/books.ts";
import { chicagoToday, type IsoDate } from "../../../shared/calendar.ts";
import type { ZExpenseListQuerySchema, ZExpenseSchema } from "../../../shared/books.ts";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { expenseChanges, expenses, maintenanceRequests, portalFiles, properties, units } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import { recordAdminAction } from "../audit.ts";
import type { Owner } from "./access.ts";
import { payeeKey } from "./bank-import-rules.ts";
import { describeFile, storeFile, type Upload } from "./files.ts";
import { findOwnedProperty, findOwnedUnit } from "./properties.ts";

// Expenses (PORTAL.md 6): money out of a property's books, with its category (and so its
// Schedule E line), an optional unit, receipt and maintenance request. Every change keeps the
// values before and after in expense_changes, in the change's transaction; deleting keeps the row.

export type ExpenseRow = typeof expenses.$inferSelect;
export const EXPENSE_NOT_FOUND = "Expense not found.";

const actorName = (owner: Owner) =>
  owner.staff ? `${owner.staff.actor.admin.fullName} (association staff)` : `${owner.member.firstName} ${owner.member.lastName} (owner)`;

type Place = { property: { id: string; display_name: string }; unit: { id: string; label: string } | null };

export function describeExpense(
  row: ExpenseRow,
  extra: { place: Place; receipt: { id: string; name: string; contentType: string; sizeBytes: number } | null; request: { id: string; title: string } | null },
) {
  const category = row.category ? EXPENSE_CATEGORIES[row.category] : null;
  return {
    id: row.id,
    property: extra.place.property,
    unit: extra.place.unit,
    date: row.date,
    amount_cents: row.amountCents,
    payee: row.payee,
    memo: row.memo,
    category: row.category,
    category_label: category?.label ?? "Not categorized",
    schedule_e_line: category?.line ?? null,
    maintenance_request: extra.request,
    receipt: extra.receipt ? describeFile(extra.receipt) : null,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type ExpenseView = ReturnType<typeof describeExpense>;

/** The places, receipts and requests of these expenses, in three queries. */
async function describeAll(db: DbOrTx, ownerId: string, rows: ExpenseRow[]): Promise<ExpenseView[]> {
  if (rows.length === 0) return [];
  const propertyIds = [...new Set(rows.map((r) => r.propertyId))];
  const unitIds = [...new Set(rows.map((r) => r.unitId).filter((id): id is string => id !== null))];
  const fileIds = [...new Set(rows.map((r) => r.receiptFileId).filter((id): id is string => id !== null))];
  const requestIds = [...new Set(rows.map((r) => r.maintenanceRequestId).filter((id): id is string => id !== null))];
  const [propertyRows, unitRows, fileRows, requestRows] = await Promise.all([
    db.select({ id: properties.id, name: properties.name, line1: properties.line1 }).from(properties).where(and(eq(properties.ownerId, ownerId), inArray(properties.id, propertyIds))),
    unitIds.length ? db.select({ id: units.id, label: units.label }).from(units).where(and(eq(units.ownerId, ownerId), inArray(units.id, unitIds))) : [],
    fileIds.length
      ? db
          .select({ id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType, sizeBytes: portalFiles.sizeBytes })
          .from(portalFiles)
          .where(and(eq(portalFiles.ownerId, ownerId), inArray(portalFiles.id, fileIds)))
      : [],
    requestIds.length
      ? db.select({ id: maintenanceRequests.id, title: maintenanceRequests.title }).from(maintenanceRequests).where(and(eq(maintenanceRequests.ownerId, ownerId), inArray(maintenanceRequests.id, requestIds)))
      : [],
  ]);
  const property = new Map(propertyRows.map((p) => [p.id, { id: p.id, display_name: p.name || p.line1 }]));
  const unit = new Map(unitRows.map((u) => [u.id, u]));
  const file = new Map(fileRows.map((f) => [f.id, f]));
  const request = new Map(requestRows.map((r) => [r.id, r]));
  return rows.map((row) =>
    describeExpense(row, {
      place: { property: property.get(row.propertyId)!, unit: row.unitId ? (unit.get(row.unitId) ?? null) : null },
      receipt: row.receiptFileId ? (file.get(row.receiptFileId) ?? null) : null,
      request: row.maintenanceRequestId ? (request.get(row.maintenanceRequestId) ?? null) : null,
    }),
  );
}

/** The owner's expense by id (not deleted), or 404 (also for someone else's). */
export async function findOwnedExpense(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<ExpenseRow> {
  if (!isUuid(id)) throw notFound(EXPENSE_NOT_FOUND);
  const query = db
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.ownerId, owner.id), isNull(expenses.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(EXPENSE_NOT_FOUND);
  return row;
}

/** Where an expense may point: the owner's property, a unit of it, a maintenance request of it. */
async function checkLinks(db: DbOrTx, owner: Owner, links: { propertyId: string; unitId: string | null; requestId: string | null }) {
  const property = await findOwnedProperty(db, owner, links.propertyId);
  if (links.unitId) {
    const unit = await findOwnedUnit(db, owner, links.unitId);
    if (unit.propertyId !== property.id) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "unit_id"], msg: "That unit is not part of the property" }]);
  }
  if (links.requestId) {
    const [request] = isUuid(links.requestId)
      ? await db
          .select({ propertyId: maintenanceRequests.propertyId })
          .from(maintenanceRequests)
          .where(and(eq(maintenanceRequests.id, links.requestId), eq(maintenanceRequests.ownerId, owner.id)))
      : [];
    if (!request) throw notFound("Maintenance request not found.");
    if (request.propertyId !== property.id) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "maintenance_request_id"], msg: "That maintenance request is about another property" }]);
    }
  }
}

function assertPaid(date: IsoDate, today: IsoDate) {
  if (date > today) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "date"], msg: "An expense is recorded when it is paid: the date cannot be in the future" }]);
}

async function recordChange(tx: DbOrTx, owner: Owner, expenseId: string, action: (typeof expenseChanges.$inferInsert)["action"], changes: Record<string, { from: unknown; to: unknown }> = {}) {
  await tx.insert(expenseChanges).values({ ownerId: owner.id, expenseId, action, changes, actorName: actorName(owner) });
  // Staff in the owner's books (PORTAL.md 7.1): every change is in the audit log, in its transaction.
  if (owner.staff) {
    await recordAdminAction(tx, owner.staff.actor, { action: `staff_expense_${action}`, targetType: "member", targetId: owner.id, details: { expense_id: expenseId, changes } }, owner.staff.at);
  }
}

/** The values an expense is described by in its history (snake_case, as the API names them). */
const auditValues = (row: Pick<ExpenseRow, "propertyId" | "unitId" | "date" | "amountCents" | "payee" | "memo" | "category" | "maintenanceRequestId">) => ({
  property_id: row.propertyId,
  unit_id: row.unitId,
  date: row.date,
  amount_cents: row.amountCents,
  payee: row.payee,
  memo: row.memo,
  category: row.category,
  maintenance_request_id: row.maintenanceRequestId,
});

type NewExpense = z.output<typeof ZExpenseSchema>;

/** The row values of a new expense (an import writes them in bulk). */
export function expenseValues(owner: Owner, input: NewExpense, source: "owner" | "import") {
  return {
    ownerId: owner.id,
    propertyId: input.property_id,
    unitId: input.unit_id,
    maintenanceRequestId: input.maintenance_request_id,
    date: input.date,
    amountCents: input.amount_cents,
    payee: input.payee,
    payeeKey: payeeKey(input.payee),
    memo: input.memo,
    category: input.category,
    source,
  } satisfies typeof expenses.$inferInsert;
}

/** POST /api/portal/expenses */
export async function addExpense(services: Services, owner: Owner, input: NewExpense) {
  assertPaid(input.date, chicagoToday(services.now()));
  return services.db.transaction(async (tx) => {
    await checkLinks(tx, owner, { propertyId: input.property_id, unitId: input.unit_id, requestId: input.maintenance_request_id });
    const [row] = await tx.insert(expenses).values(expenseValues(owner, input, "owner")).returning();
    const created = Object.fromEntries(Object.entries(auditValues(row!)).map(([k, v]) => [k, { from: null, to: v }]));
    await recordChange(tx, owner, row!.id, "created", created);
    return (await describeAll(tx, owner.id, [row!]))[0]!;
  });
}

/** PATCH /api/portal/expenses/{id}: the fields given change; the history keeps each one's before and after. */
export async function updateExpense(services: Services, owner: Owner, id: string, patch: TExpensePatch) {
  if (patch.date) assertPaid(patch.date, chicagoToday(services.now()));
  return services.db.transaction(async (tx) => {
    const row = await findOwnedExpense(tx, owner, id, true);
    const next = {
      propertyId: patch.property_id ?? row.propertyId,
      // Moving the expense to another property drops a unit of the old one unless a new unit is given.
      unitId: patch.unit_id !== undefined ? patch.unit_id : patch.property_id && patch.property_id !== row.propertyId ? null : row.unitId,
      date: patch.date ?? row.date,
      amountCents: patch.amount_cents ?? row.amountCents,
      payee: patch.payee ?? row.payee,
      memo: patch.memo !== undefined ? (patch.memo ?? null) : row.memo,
      category: patch.category !== undefined ? (patch.category as ExpenseCategory | null) : row.category,
      maintenanceRequestId:
        patch.maintenance_request_id !== undefined ? patch.maintenance_request_id : patch.property_id && patch.property_id !== row.propertyId ? null : row.maintenanceRequestId,
    };
    await checkLinks(tx, owner, { propertyId: next.propertyId, unitId: next.unitId, requestId: next.maintenanceRequestId });
    const before = auditValues(row);
    const after = auditValues(next);
    const changes = Object.fromEntries(
      Object.keys(after)
        .filter((k) => before[k as keyof typeof before] !== after[k as keyof typeof after])
        .map((k) => [k, { from: before[k as keyof typeof before], to: after[k as keyof typeof after] }]),
    );
    if (Object.keys(changes).length === 0) return (await describeAll(tx, owner.id, [row]))[0]!;
    const [updated] = await tx
      .update(expenses)
      .set({ ...next, payeeKey: payeeKey(next.payee), updatedAt: services.now() })
      .where(and(eq(expenses.id, row.id), eq(expenses.ownerId, owner.id)))
      .returning();
    await recordChange(tx, owner, row.id, "updated", changes);
    return (await describeAll(tx, owner.id, [updated!]))[0]!;
  });
}

/** DELETE /api/portal/expenses/{id}: gone from the books and reports; the row and its history stay. */
export async function deleteExpense(services: Services, owner: Owner, id: string) {
  return services.db.transaction(async (tx) => {
    const row = await findOwnedExpense(tx, owner, id, true);
    await tx.update(expenses).set({ deletedAt: services.now(), updatedAt: services.now() }).where(eq(expenses.id, row.id));
    await recordChange(tx, owner, row.id, "deleted", Object.fromEntries(Object.entries(auditValues(row)).map(([k, v]) => [k, { from: v, to: null }])));
    return { success: true, id: row.id };
  });
}

/** POST /api/portal/expenses/{id}/receipt: a photo or PDF of the receipt (it replaces an earlier one). */
export async function attachReceipt(services: Services, owner: Owner, id: string, upload: Upload) {
  return services.db.transaction(async (tx) => {
    const row = await findOwnedExpense(tx, owner, id, true);
    const file = await storeFile(tx, owner.id, upload, { kind: "owner" }, services.now());
    const [updated] = await tx.update(expenses).set({ receiptFileId: file.id, updatedAt: services.now() }).where(eq(expenses.id, row.id)).returning();
    await recordChange(tx, owner, row.id, "receipt_added", { receipt_file_id: { from: row.receiptFileId, to: file.id } });
    return (await describeAll(tx, owner.id, [updated!]))[0]!;
  });
}

/** DELETE /api/portal/expenses/{id}/receipt: the expense no longer shows it (the file stays in the history). */
export async function removeReceipt(services: Services, owner: Owner, id: string) {
  return services.db.transaction(async (tx) => {
    const row = await findOwnedExpense(tx, owner, id, true);
    if (!row.receiptFileId) throw new AppError("CONFLICT", "This expense has no receipt.");
    const [updated] = await tx.update(expenses).set({ receiptFileId: null, updatedAt: services.now() }).where(eq(expenses.id, row.id)).returning();
    await recordChange(tx, owner, row.id, "receipt_removed", { receipt_file_id: { from: row.receiptFileId, to: null } });
    return (await describeAll(tx, owner.id, [updated!]))[0]!;
  });
}

/** GET /api/portal/expenses/{id}: the expense and its history, oldest change first. */
export async function getExpense(services: Services, owner: Owner, id: string) {
  const row = await findOwnedExpense(services.db, owner, id);
  const history = await services.db
    .select()
    .from(expenseChanges)
    .where(and(eq(expenseChanges.expenseId, row.id), eq(expenseChanges.ownerId, owner.id)))
    .orderBy(asc(expenseChanges.seq));
  const [view] = await describeAll(services.db, owner.id, [row]);
  return {
    ...view!,
    history: history.map((h) => ({ id: h.id, action: h.action, changes: h.changes, actor_name: h.actorName, at: h.createdAt.toISOString() })),
  };
}

/** GET /api/portal/expenses: newest first, filtered by property, dates, category or request. */
export async function listExpenses(services: Services, owner: Owner, query: z.output<typeof ZExpenseListQuerySchema>) {
  const rows = await services.db
    .select()
    .from(expenses)
    .where(
      and(
        eq(expenses.ownerId, owner.id),
        isNull(expenses.deletedAt),
        query.property_id ? eq(expenses.propertyId, query.property_id) : undefined,
        query.from ? gte(expenses.date, query.from) : undefined,
        query.to ? lte(expenses.date, query.to) : undefined,
        query.category === "uncategorized" ? isNull(expenses.category) : query.category ? eq(expenses.category, query.category) : undefined,
        query.maintenance_request_id ? eq(expenses.maintenanceRequestId, query.maintenance_request_id) : undefined,
      ),
    )
    .orderBy(desc(expenses.date), desc(expenses.createdAt))
    .limit(5000);
  const described = await describeAll(services.db, owner.id, rows);
  return { expenses: described, count: described.length, total_cents: described.reduce((s, e) => s + e.amount_cents, 0) };
}

/** The expenses that paid for a maintenance request (shown on the request, PORTAL.md 5). */
export async function expensesOfRequest(db: DbOrTx, ownerId: string, requestId: string) {
  const rows = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.ownerId, ownerId), eq(expenses.maintenanceRequestId, requestId), isNull(expenses.deletedAt)))
    .orderBy(asc(expenses.date));
  return describeAll(db, ownerId, rows);
}
