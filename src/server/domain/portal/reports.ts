import { TZDate } from "@date-fns/tz";
import { and, asc, desc, eq, gte, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import { alaCarteLabel, priceLabel } from "../../../shared/membership.ts";
import { chicagoToday, firstDayOf, lastDayOf, periodLabel, periodOf, plusMonths, type IsoDate, type Period } from "../../../shared/calendar.ts";
import { formatCents } from "../../../shared/portal.ts";
import { ASSOCIATION_TIME_ZONE } from "../../../shared/time.ts";
import type { DbOrTx } from "../../db/client.ts";
import { expenses, leases, leaseTenants, ledgerEntries, members, ownerSettings, ownerStatements, portalPurchases, properties, units } from "../../db/schema.ts";
import { renderScheduleEPdf, scheduleECsv } from "../../documents/schedule-e-pdf.ts";
import { renderStatementPdf, statementCsv } from "../../documents/statement-pdf.ts";
import { AppError, forbidden, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import { hasRunningPaidPlan, type Owner } from "./access.ts";
import { factOf, postOwnerDue } from "./posting.ts";
import { scheduleE } from "./schedule-e-rules.ts";
import { monthlyStatement, type MonthlyStatement, type ReportExpense, type ReportLease, type ReportProperty } from "./statement-rules.ts";

// The owner's reports (PORTAL.md 6): the monthly owner statement (live for any month, and kept as
// it stood on the 1st, when it is emailed to owners who asked), and Schedule E for a tax year
// (Premium, or a Standard owner who bought that year). The figures are pure functions of the books
// (statement-rules.ts, schedule-e-rules.ts); this module loads the books and writes what is kept.

/** The columns a report reads of an expense (no timestamps to convert: 20,000 rows are read for a year). */
const REPORT_EXPENSE = {
  id: expenses.id,
  propertyId: expenses.propertyId,
  date: expenses.date,
  amountCents: expenses.amountCents,
  payee: expenses.payee,
  memo: expenses.memo,
  category: expenses.category,
};

/** The books of one owner: every property and lease (with its whole ledger) and the expenses of a period. */
export async function loadBooks(db: DbOrTx, ownerId: string, range: { from: IsoDate; to: IsoDate }) {
  const [propertyRows, leaseRows, entryRows, expenseRows, refundRows] = await Promise.all([
    db.select().from(properties).where(eq(properties.ownerId, ownerId)).orderBy(asc(properties.createdAt), asc(properties.id)),
    db
      .select({ id: leases.id, propertyId: units.propertyId, unitLabel: units.label, startDate: leases.startDate, endDate: leases.endDate, booksFrom: leases.booksFrom })
      .from(leases)
      .innerJoin(units, eq(units.id, leases.unitId))
      .where(eq(leases.ownerId, ownerId)),
    // The whole ledger: a payment pays the charges after it too (cash-rules.ts).
    db
      .select({
        id: ledgerEntries.id,
        leaseId: ledgerEntries.leaseId,
        date: ledgerEntries.date,
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        period: ledgerEntries.period,
        voids: ledgerEntries.voids,
        depositCents: ledgerEntries.depositCents,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ownerId, ownerId))
      .orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq)),
    db
      .select(REPORT_EXPENSE)
      .from(expenses)
      .where(and(eq(expenses.ownerId, ownerId), isNull(expenses.deletedAt), gte(expenses.date, range.from), lte(expenses.date, range.to))),
    // Deposits returned up to the end, for the deposits still held.
    db
      .select(REPORT_EXPENSE)
      .from(expenses)
      .where(and(eq(expenses.ownerId, ownerId), isNull(expenses.deletedAt), eq(expenses.category, "security_deposit_refund"), lte(expenses.date, range.to))),
  ]);
  const byLease = new Map<string, ReportLease>(leaseRows.map((l) => [l.id, { ...l, entries: [] }]));
  for (const e of entryRows) byLease.get(e.leaseId)?.entries.push(factOf(e));
  const reportProperties: ReportProperty[] = propertyRows.map((p) => ({
    id: p.id,
    displayName: p.name || p.line1,
    address: { line1: p.line1, line2: p.line2, city: p.city, state: p.state, zip: p.zip },
    propertyType: p.propertyType,
    placedInService: p.placedInService,
    buildingBasisCents: p.buildingBasisCents,
    archived: p.archivedAt !== null,
  }));
  return { properties: reportProperties, leases: [...byLease.values()], expenses: expenseRows, depositRefunds: refundRows };
}

const ownerName = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;

/** A month that has begun (a statement of the future would be empty). */
function assertStarted(month: Period, today: IsoDate) {
  if (month > periodOf(today)) throw new AppError("UNPROCESSABLE", [{ loc: ["query", "month"], msg: `${periodLabel(month)} has not started yet` }]);
}

async function computeStatement(services: Services, db: DbOrTx, member: { id: string; firstName: string; lastName: string }, month: Period): Promise<MonthlyStatement> {
  const books = await loadBooks(db, member.id, { from: firstDayOf(month), to: lastDayOf(month) });
  return monthlyStatement({ month, ownerName: ownerName(member), generatedAt: services.now(), ...books });
}

/** GET /api/portal/reports/monthly: the month's statement from the books as they are now. */
export async function monthlyReport(services: Services, owner: Owner, month?: Period): Promise<MonthlyStatement> {
  const today = chicagoToday(services.now());
  const period = month ?? periodOf(today);
  assertStarted(period, today);
  await postOwnerDue(services.db, owner.id, today);
  return computeStatement(services, services.db, owner.member, period);
}

export type ReportFormat = "json" | "pdf" | "csv";
export interface ReportFile {
  body: Uint8Array | string;
  contentType: string;
  filename: string;
}

/** A statement as a file: the PDF a property manager would send, or the CSV of its figures. */
export async function statementFile(statement: MonthlyStatement, format: Exclude<ReportFormat, "json">): Promise<ReportFile> {
  if (format === "pdf") return { body: await renderStatementPdf(statement), contentType: "application/pdf", filename: `owner-statement-${statement.month}.pdf` };
  return { body: statementCsv(statement), contentType: "text/csv; charset=utf-8", filename: `owner-statement-${statement.month}.csv` };
}

async function settingsOf(db: DbOrTx, ownerId: string) {
  const [row] = await db.select().from(ownerSettings).where(eq(ownerSettings.ownerId, ownerId));
  return row ?? null;
}

/** GET /api/portal/reports/statements: the statements kept (newest first) and the email setting. */
export async function keptStatements(services: Services, owner: Owner) {
  const rows = await services.db
    .select({ id: ownerStatements.id, period: ownerStatements.period, emailedTo: ownerStatements.emailedTo, createdAt: ownerStatements.createdAt, statement: ownerStatements.statement })
    .from(ownerStatements)
    .where(eq(ownerStatements.ownerId, owner.id))
    .orderBy(desc(ownerStatements.period));
  return {
    monthly_email: (await settingsOf(services.db, owner.id))?.monthlyStatementEmail ?? false,
    statements: rows.map((r) => ({
      id: r.id,
      month: r.period,
      label: periodLabel(r.period),
      emailed: r.emailedTo !== null,
      created_at: r.createdAt.toISOString(),
      net_operating_income_cents: r.statement.portfolio.net_operating_income_cents,
      income_total_cents: r.statement.portfolio.income_total_cents,
    })),
  };
}

/** GET /api/portal/reports/statements/{id}: a kept statement, exactly as it was closed. */
export async function keptStatement(services: Services, owner: Owner, id: string): Promise<MonthlyStatement> {
  if (!isUuid(id)) throw notFound("Statement not found.");
  const [row] = await services.db.select().from(ownerStatements).where(and(eq(ownerStatements.id, id), eq(ownerStatements.ownerId, owner.id)));
  if (!row) throw notFound("Statement not found.");
  return row.statement;
}

/** PUT /api/portal/reports/settings: email the statement on the 1st, or stop. */
export async function saveStatementEmail(services: Services, owner: Owner, monthlyEmail: boolean) {
  await services.db
    .insert(ownerSettings)
    .values({ ownerId: owner.id, monthlyStatementEmail: monthlyEmail })
    .onConflictDoUpdate({ target: ownerSettings.ownerId, set: { monthlyStatementEmail: monthlyEmail, updatedAt: services.now() } });
  return keptStatements(services, owner);
}

function statementEmail(services: Services, member: { firstName: string }, statement: MonthlyStatement) {
  const p = statement.portfolio;
  return renderEmail(services.config, "owner_statement", `Your owner statement for ${statement.label}`, {
    heading: `Your owner statement for ${statement.label}, ${member.firstName}`,
    paragraphs: ["The statement of your properties for last month is attached as a PDF (cash basis). The owner portal keeps it with your earlier statements."],
    list: [
      `Income received: ${formatCents(p.income_total_cents)}`,
      `Operating expenses: ${formatCents(p.operating_expenses_total_cents)}`,
      `Net operating income: ${formatCents(p.net_operating_income_cents)}`,
      `Rent outstanding at month end: ${formatCents(p.rent_outstanding_cents)}`,
      `Security deposits held: ${formatCents(p.deposits.held_cents)}`,
    ],
    action: { label: "Open your statements", url: `${services.config.PUBLIC_URL}/portal/reports/monthly?month=${statement.month}` },
  });
}

/** The instant a Chicago calendar day begins. */
const chicagoMidnight = (date: IsoDate) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, ASSOCIATION_TIME_ZONE).getTime());
};

export const STATEMENT_BATCH = 200;

/**
 * The monthly job (PORTAL.md 6, DECISIONS.md 25): from the 1st, last month's statement of every
 * owner whose membership is running and who had a property before the month ended is kept, and
 * emailed with its PDF to those who asked. The statement row is the key (owner, month), written
 * with its email in one transaction: two server processes, or a restart, keep and send it once.
 */
export async function closeMonthlyStatements(services: Services, today: IsoDate): Promise<{ kept: number; emailed: number }> {
  const period = plusMonths(periodOf(today), -1);
  const monthStart = chicagoMidnight(firstDayOf(periodOf(today)));
  let kept = 0;
  let emailed = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const owners = await services.db
      .select({ id: members.id, email: members.email, firstName: members.firstName, lastName: members.lastName, wantsEmail: ownerSettings.monthlyStatementEmail })
      .from(members)
      .leftJoin(ownerSettings, eq(ownerSettings.ownerId, members.id))
      .where(
        and(
          sql`${members.id} > ${after}`,
          eq(members.isActive, true),
          listedMember(),
          inArray(members.membershipLevel, ["Standard", "Premium"]),
          inArray(members.status, ["active", "past_due"]),
          sql`exists (select 1 from ${properties} where ${properties.ownerId} = ${members.id} and ${properties.createdAt} < ${monthStart.toISOString()}::timestamptz)`,
          notExists(services.db.select({ one: sql`1` }).from(ownerStatements).where(and(eq(ownerStatements.ownerId, members.id), eq(ownerStatements.period, period)))),
        ),
      )
      .orderBy(asc(members.id))
      .limit(STATEMENT_BATCH);
    if (owners.length === 0) break;
    after = owners.at(-1)!.id;
    // Two owners at a time: the database reads one owner's books while the other is computed here.
    const results = await mapTwoAtATime(owners, async (member) => {
      await postOwnerDue(services.db, member.id, today);
      const statement = await computeStatement(services, services.db, member, period);
      return services.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ownerStatements)
          .values({ ownerId: member.id, period, statement, emailedTo: member.wantsEmail ? member.email : null })
          .onConflictDoNothing()
          .returning({ id: ownerStatements.id });
        if (!row) return { kept: 0, emailed: 0 };
        if (!member.wantsEmail) return { kept: 1, emailed: 0 };
        await enqueueEmail(tx, {
          to: member.email,
          memberId: member.id,
          ...statementEmail(services, member, statement),
          attachments: [{ filename: `owner-statement-${period}.pdf`, contentType: "application/pdf", statementPdf: row.id }],
        });
        return { kept: 1, emailed: 1 };
      });
    });
    for (const r of results) {
      kept += r.kept;
      emailed += r.emailed;
    }
  }
  return { kept, emailed };
}

async function mapTwoAtATime<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all([lane(), lane()]);
  return results;
}

/** A kept statement's PDF, for the mail worker (the email's attachment is rendered when sent). */
export async function keptStatementPdf(db: DbOrTx, statementId: string): Promise<Uint8Array> {
  const [row] = await db.select({ statement: ownerStatements.statement }).from(ownerStatements).where(eq(ownerStatements.id, statementId));
  if (!row) throw new Error(`the statement ${statementId} of an attachment is gone`);
  return renderStatementPdf(row.statement);
}

// Schedule E (Premium; a Standard owner by the a-la-carte purchase of that tax year).

export const scheduleERefusal = (year: number) =>
  `Schedule E reports are part of Premium (${priceLabel("Premium")}). On Standard, buy the Schedule E report for tax year ${year} for ` +
  `${alaCarteLabel("tax_report")} (it unlocks that year only): POST /api/portal/purchases {"item": "tax_report", "year": ${year}}, or upgrade to Premium.`;

/** Whether the owner may have Schedule E for a year: Premium, or that year bought. */
export async function scheduleEAccess(db: DbOrTx, owner: Owner, year: number): Promise<"premium" | "purchased" | null> {
  if (owner.member.membershipLevel === "Premium" && hasRunningPaidPlan(owner.member)) return "premium";
  const [bought] = await db
    .select({ id: portalPurchases.id })
    .from(portalPurchases)
    .where(and(eq(portalPurchases.ownerId, owner.id), eq(portalPurchases.item, "tax_report"), eq(portalPurchases.year, year), eq(portalPurchases.status, "paid")))
    .limit(1);
  return bought ? "purchased" : null;
}

/** GET /api/portal/reports/schedule-e: the year's Schedule E and every transaction behind it. */
export async function scheduleEReport(services: Services, owner: Owner, year?: number) {
  const today = chicagoToday(services.now());
  const taxYear = year ?? Number(today.slice(0, 4)) - 1;
  if (taxYear > Number(today.slice(0, 4))) throw new AppError("UNPROCESSABLE", [{ loc: ["query", "year"], msg: `Tax year ${taxYear} has not started yet` }]);
  const access = await scheduleEAccess(services.db, owner, taxYear);
  if (!access) throw forbidden(scheduleERefusal(taxYear));
  await postOwnerDue(services.db, owner.id, today);
  const books = await loadBooks(services.db, owner.id, { from: `${taxYear}-01-01`, to: `${taxYear}-12-31` });
  const tenants = await services.db
    .select({ leaseId: leaseTenants.leaseId, firstName: leaseTenants.firstName, lastName: leaseTenants.lastName })
    .from(leaseTenants)
    .where(eq(leaseTenants.ownerId, owner.id));
  const namesOf = new Map<string, string[]>();
  for (const t of tenants) namesOf.set(t.leaseId, [...(namesOf.get(t.leaseId) ?? []), `${t.firstName} ${t.lastName}`]);
  const { report, transactions } = scheduleE({
    year: taxYear,
    ...books,
    payerOf: (lease) => `Unit ${lease.unitLabel}${namesOf.get(lease.id)?.length ? ` (${namesOf.get(lease.id)!.join(", ")})` : ""}`,
  });
  return { report: { ...report, access, in_progress: taxYear === Number(today.slice(0, 4)) }, transactions };
}

/** Schedule E as a file: the PDF laid out like Part I, or the CSV of every transaction. */
export async function scheduleEFile(services: Services, owner: Owner, result: Awaited<ReturnType<typeof scheduleEReport>>, format: Exclude<ReportFormat, "json">): Promise<ReportFile> {
  const year = result.report.year;
  if (format === "pdf") {
    return {
      body: await renderScheduleEPdf(result.report, { ownerName: ownerName(owner.member), generatedAt: services.now() }),
      contentType: "application/pdf",
      filename: `schedule-e-${year}.pdf`,
    };
  }
  return { body: scheduleECsv(result.transactions), contentType: "text/csv; charset=utf-8", filename: `schedule-e-${year}-transactions.csv` };
}
