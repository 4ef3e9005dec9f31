import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import Papa from "papaparse";
import type { z } from "zod";
import { chicagoToday, dateLabel, periodOf, plusDays, type IsoDate } from "../../../shared/calendar.ts";
import {
  formatCents,
  RULE_SET_LABELS,
  type RuleSet,
  type ZConditionReportSchema,
  type ZConditionSignatureSchema,
  type ZDepositRateSchema,
  type ZDepositReceiptsSchema,
  type ZDepositStatementSchema,
  type ZInterestSettlementSchema,
  type ZMoveOutSchema,
} from "../../../shared/portal.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  conditionReports,
  depositInterestRates,
  depositInterestSettlements,
  leases,
  leaseTenants,
  ledgerEntries,
  moveOuts,
  ownerSettings,
  portalFiles,
  properties,
  units,
  type ConditionItem,
  type DepositDeduction,
} from "../../db/schema.ts";
import { depositReceiptPdf, depositStatementPdf } from "../../documents/deposit-pdf.ts";
import { AppError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../ids.ts";
import type { TenantAccountRow } from "../sessions.ts";
import type { Owner } from "./access.ts";
import { allocate } from "./allocation.ts";
import { DEPOSIT_SOURCES, interestPeriods, interestRuleOf, moveOutDeadlines, ppmOfPercent, ratePercentLabel, receiptRequired, type InterestPeriod } from "./deposit-rules.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { storeFile } from "./files.ts";
import { findOwnedLease, placesOf } from "./leases.ts";
import { factOf, postLeaseNow, type LeaseRow } from "./posting.ts";
import { propertyRules } from "./properties.ts";
import { findTenantLease } from "./tenants.ts";

// The deposit's life (PORTAL.md 3b): received (the receipt the RLTO requires, where it is held),
// its interest each 12-month rental period, the move-out (the itemized statement, the return), and
// the condition of the unit at move-in and move-out. What the tenant's money paid and the deposit
// held come from the one allocation (allocation.ts); the deadlines and amounts from deposit-rules.ts.

/** The rules and facts a lease's deposit follows. */
export interface DepositContext {
  lease: LeaseRow;
  rules: RuleSet;
  unitCount: number;
  rulesReason: string;
  rulesWarnings: string[];
  place: string;
  tenants: { firstName: string; lastName: string; email: string | null }[];
  entries: ReturnType<typeof factOf>[];
  rates: Map<number, number>;
  moveOut: typeof moveOuts.$inferSelect | null;
  settlements: (typeof depositInterestSettlements.$inferSelect)[];
}

/** The rate table of a rule set, by year. */
export async function ratesOf(db: DbOrTx, ruleSet: string): Promise<Map<number, number>> {
  const rows = await db.select().from(depositInterestRates).where(eq(depositInterestRates.ruleSet, ruleSet));
  return new Map(rows.map((r) => [r.year, r.ratePpm]));
}

/** The rule set whose interest rates a deposit uses: Chicago's, the county's, or 765 ILCS 715's. */
const rateTableOf = (rules: RuleSet) => (rules === "illinois" ? "illinois_715" : rules);

export async function depositContext(db: DbOrTx, ownerId: string, lease: LeaseRow): Promise<DepositContext> {
  const [unit] = await db.select().from(units).where(and(eq(units.id, lease.unitId), eq(units.ownerId, ownerId)));
  const [[property], siblings, tenants, rows, [moveOut], settlements, places] = await Promise.all([
    db.select().from(properties).where(eq(properties.id, unit!.propertyId)),
    db.select().from(units).where(eq(units.propertyId, unit!.propertyId)),
    db.select().from(leaseTenants).where(eq(leaseTenants.leaseId, lease.id)).orderBy(asc(leaseTenants.createdAt)),
    db.select().from(ledgerEntries).where(and(eq(ledgerEntries.ownerId, ownerId), eq(ledgerEntries.leaseId, lease.id))).orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq)),
    db.select().from(moveOuts).where(eq(moveOuts.leaseId, lease.id)),
    db.select().from(depositInterestSettlements).where(eq(depositInterestSettlements.leaseId, lease.id)),
    placesOf(db, ownerId, [lease.unitId]),
  ]);
  const decision = propertyRules(property!, siblings);
  const place = places.get(lease.unitId)!;
  return {
    lease,
    rules: decision.rules,
    unitCount: Math.max(1, siblings.filter((u) => u.archivedAt === null).length),
    rulesReason: decision.reason,
    rulesWarnings: decision.warnings,
    place: `${place.property.line1}, unit ${place.unit.label}, ${place.property.city}`,
    tenants: tenants.map((t) => ({ firstName: t.firstName, lastName: t.lastName, email: t.email })),
    entries: rows.map(factOf),
    rates: await ratesOf(db, rateTableOf(decision.rules)),
    moveOut: moveOut ?? null,
    settlements,
  };
}

/** The move-out's deadlines, if the tenant has moved out. */
export function deadlinesOf(ctx: Pick<DepositContext, "rules" | "lease" | "moveOut">) {
  if (!ctx.moveOut) return null;
  return moveOutDeadlines(ctx.rules, { vacatedOn: ctx.moveOut.vacatedOn, possessionEndsOn: ctx.lease.endDate, casualty: ctx.moveOut.casualty });
}

/** The interest periods of the lease's deposit, each with how it was settled. */
export function interestOf(ctx: DepositContext, today: IsoDate) {
  const rule = interestRuleOf(ctx.rules, ctx.unitCount);
  if (!rule) return { rule: null, periods: [] as (InterestPeriod & { settledOn: IsoDate | null; settledAs: "cash" | "rent_credit" | null })[] };
  const moves = allocate(ctx.entries, "9999-12-31").depositMoves;
  const deadlines = deadlinesOf(ctx);
  const periods = interestPeriods({
    termStart: ctx.lease.startDate,
    booksFrom: ctx.lease.booksFrom,
    vacatedOn: ctx.moveOut?.vacatedOn ?? null,
    returnDueOn: deadlines?.returnDueOn ?? null,
    moves,
    rates: ctx.rates,
    asOf: today,
  });
  const settled = new Map(ctx.settlements.map((s) => [s.periodStart, s]));
  return {
    rule,
    periods: periods.map((p) => ({ ...p, settledOn: settled.get(p.periodStart)?.settledOn ?? null, settledAs: settled.get(p.periodStart)?.settledAs ?? null })),
  };
}

/** The day the deposit was first held: its first payment, or the books' first day for a deposit already held. */
export function receivedOn(ctx: Pick<DepositContext, "entries">): IsoDate | null {
  return allocate(ctx.entries, "9999-12-31").depositMoves.find((m) => m.cents > 0)?.date ?? null;
}

const pdfPath = (_leaseId: string, fileId: string) => `/api/portal/files/${fileId}`;

/** GET /api/portal/leases/{id}/deposit */
export async function depositView(services: Services, owner: Owner, leaseId: string) {
  const today = chicagoToday(services.now());
  const lease = await findOwnedLease(services.db, owner, leaseId);
  await postLeaseNow(services.db, lease, today);
  const ctx = await depositContext(services.db, owner.id, lease);
  return describeDeposit(ctx, today);
}

export function describeDeposit(ctx: DepositContext, today: IsoDate) {
  const held = allocate(ctx.entries, today).depositHeldCents;
  const interest = interestOf(ctx, today);
  const deadlines = deadlinesOf(ctx);
  return {
    lease_id: ctx.lease.id,
    held_cents: held,
    received_on: receivedOn(ctx),
    receipt: ctx.lease.depositReceiptGivenOn && ctx.lease.depositReceiptFileId ? { pdf_path: pdfPath(ctx.lease.id, ctx.lease.depositReceiptFileId), given_on: ctx.lease.depositReceiptGivenOn } : null,
    receipt_required: receiptRequired(ctx.rules),
    institution: ctx.lease.depositInstitutionName ? { name: ctx.lease.depositInstitutionName, address: ctx.lease.depositInstitutionAddress ?? "" } : null,
    rules: ctx.rules,
    rules_label: RULE_SET_LABELS[ctx.rules],
    rules_reason: ctx.rulesReason,
    rules_warnings: ctx.rulesWarnings,
    interest_rule: interest.rule,
    interest: interest.periods.map((p) => ({
      period_start: p.periodStart,
      period_end: p.periodEnd,
      partial: p.partial,
      rate_year: p.rateYear,
      rate_percent: p.ratePpm === null ? null : ratePercentLabel(p.ratePpm),
      amount_cents: p.amountCents,
      due_on: p.dueOn,
      ended: p.ended,
      settled_on: p.settledOn,
      settled_as: p.settledAs,
    })),
    move_out: ctx.moveOut
      ? {
          vacated_on: ctx.moveOut.vacatedOn,
          forwarding_address: ctx.moveOut.forwardingAddress,
          forwarding_email: ctx.moveOut.forwardingEmail,
          casualty: ctx.moveOut.casualty,
          statement_due_on: deadlines!.statementDueOn,
          return_due_on: deadlines!.returnDueOn,
          counted_from: deadlines!.countedFrom,
          sources: [...new Set([deadlines!.statementSource, deadlines!.returnSource])],
          statement: ctx.moveOut.statementSentOn && ctx.moveOut.statementFileId ? { pdf_path: pdfPath(ctx.lease.id, ctx.moveOut.statementFileId), sent_on: ctx.moveOut.statementSentOn } : null,
          deductions: ctx.moveOut.deductions,
          receipts_due_on: ctx.moveOut.statementSentOn && ctx.moveOut.deductions.some((d) => d.estimate) ? plusDays(ctx.moveOut.statementSentOn, 30) : null,
          receipts_sent_on: ctx.moveOut.receiptsSentOn,
          returned_cents: ctx.moveOut.returnedCents,
          kept_cents: ctx.moveOut.keptCents,
          interest_cents: ctx.moveOut.interestCents,
        }
      : null,
    verify: "verify with counsel",
  };
}

/** PUT /api/portal/leases/{id}/deposit: where the deposit is held. */
export async function setDepositInstitution(services: Services, owner: Owner, leaseId: string, input: { institution: { name: string; address: string } }) {
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    const [updated] = await tx
      .update(leases)
      .set({ depositInstitutionName: input.institution.name, depositInstitutionAddress: input.institution.address, updatedAt: services.now() })
      .where(eq(leases.id, lease.id))
      .returning();
    return describeDeposit(await depositContext(tx, owner.id, updated!), chicagoToday(services.now()));
  });
}

const tenantNames = (ctx: DepositContext) => ctx.tenants.map((t) => `${t.firstName} ${t.lastName}`);

/** Emails a document of the deposit to the lease's tenants with an email (and a forwarding email). */
async function sendToTenants(tx: DbOrTx, services: Services, ctx: DepositContext, to: string[], mail: { template: string; subject: string; paragraphs: string[] }, file: { id: string; name: string }) {
  for (const address of [...new Set(to.map((a) => a.toLowerCase()))]) {
    await enqueueEmail(tx, {
      to: address,
      ...renderEmail(services.config, mail.template, mail.subject, { heading: mail.subject, paragraphs: mail.paragraphs }),
      attachments: [{ filename: file.name, contentType: "application/pdf", portalFile: file.id }],
    });
  }
}

/**
 * POST /api/portal/leases/{id}/deposit/receipt: the receipt RLTO 5-12-080(b) requires (amount, date
 * received, who received it and for whom, the unit, signed), as a PDF kept with the lease and emailed
 * to the tenants. It can be made once the deposit is paid; making it again replaces the copy kept.
 */
export async function giveDepositReceipt(services: Services, owner: Owner, leaseId: string, input: { signature_name?: string }) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    await postLeaseNow(tx, lease, today);
    const ctx = await depositContext(tx, owner.id, lease);
    const held = allocate(ctx.entries, today).depositHeldCents;
    const received = receivedOn(ctx);
    if (held <= 0 || !received) throw new AppError("CONFLICT", "No security deposit has been paid on this lease: record its payment first, then give the receipt.");
    const ownerName = `${owner.member.firstName} ${owner.member.lastName}`;
    const bytes = await depositReceiptPdf(
      {
        amountCents: held,
        receivedOn: received,
        receivedBy: ownerName,
        landlord: ownerName,
        unit: ctx.place,
        tenants: tenantNames(ctx),
        institution: lease.depositInstitutionName ? { name: lease.depositInstitutionName, address: lease.depositInstitutionAddress ?? "" } : null,
        signatureName: input.signature_name ?? ownerName,
        signedOn: today,
        source: ctx.rules === "cook_county" ? DEPOSIT_SOURCES.cook : DEPOSIT_SOURCES.rltoReceipt,
      },
      services.now(),
    );
    const file = await storeFile(tx, owner.id, { name: `security-deposit-receipt-${today}.pdf`, bytes }, { kind: "generated" }, services.now());
    const [updated] = await tx.update(leases).set({ depositReceiptGivenOn: today, depositReceiptFileId: file.id, updatedAt: services.now() }).where(eq(leases.id, lease.id)).returning();
    await sendToTenants(
      tx,
      services,
      ctx,
      ctx.tenants.flatMap((t) => (t.email ? [t.email] : [])),
      {
        template: "deposit_receipt",
        subject: `Your security deposit receipt for ${ctx.place}`,
        paragraphs: [`${ownerName} received your security deposit of ${formatCents(held)} on ${dateLabel(received)}. The signed receipt is attached: keep it.`],
      },
      file,
    );
    return describeDeposit({ ...ctx, lease: updated! }, today);
  });
}

/** POST /api/portal/leases/{id}/move-out: the day the tenant vacated and where the deposit's statement goes. */
export async function recordMoveOut(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZMoveOutSchema>) {
  const today = chicagoToday(services.now());
  if (input.vacated_on > today) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "vacated_on"], msg: "The tenant cannot have vacated in the future" }]);
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    if (input.vacated_on < lease.startDate) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "vacated_on"], msg: "The lease had not started on that day" }]);
    const [existing] = await tx.select().from(moveOuts).where(eq(moveOuts.leaseId, lease.id));
    if (existing?.statementSentOn) throw new AppError("CONFLICT", `The deposit's statement was sent on ${dateLabel(existing.statementSentOn)}: the move-out is closed.`);
    const values = {
      vacatedOn: input.vacated_on,
      forwardingAddress: input.forwarding_address,
      forwardingEmail: input.forwarding_email ?? null,
      casualty: input.casualty,
      updatedAt: services.now(),
    };
    await tx.insert(moveOuts).values({ leaseId: lease.id, ownerId: owner.id, ...values }).onConflictDoUpdate({ target: moveOuts.leaseId, set: values });
    return describeDeposit(await depositContext(tx, owner.id, lease), today);
  });
}

/**
 * POST /api/portal/leases/{id}/deposit/statement: the itemized statement of deductions (unpaid rent
 * from the ledger; damage with its receipts, photos or an estimate), as a PDF emailed to the tenant's
 * forwarding address, and on the books: each damage a charge, what is kept applied from the deposit
 * (income when kept: IRS Publication 527), the rest returned with the interest still owed.
 */
export async function makeDepositStatement(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZDepositStatementSchema>) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    await postLeaseNow(tx, lease, today);
    const ctx = await depositContext(tx, owner.id, lease);
    if (!ctx.moveOut) throw new AppError("CONFLICT", "Record the move-out first: the statement's deadlines count from the day the tenant vacated.");
    if (ctx.moveOut.statementSentOn) throw new AppError("CONFLICT", `The statement was sent on ${dateLabel(ctx.moveOut.statementSentOn)}.`);
    const standing = allocate(ctx.entries, today);
    const held = standing.depositHeldCents;
    const unpaidRent = input.deductions.filter((d) => d.kind === "unpaid_rent").reduce((s, d) => s + d.amount_cents, 0);
    if (unpaidRent > standing.rentUnpaidCents) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "deductions"], msg: `The ledger shows ${formatCents(standing.rentUnpaidCents)} of rent unpaid: deduct at most that as unpaid rent` }]);
    }
    const kept = input.deductions.reduce((s, d) => s + d.amount_cents, 0);
    if (kept > held) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "deductions"], msg: `The deposit held is ${formatCents(held)}: the deductions cannot be more` }]);
    const fileIds = input.deductions.flatMap((d) => d.file_ids);
    const files = fileIds.length
      ? await tx.select({ id: portalFiles.id, name: portalFiles.name }).from(portalFiles).where(and(eq(portalFiles.ownerId, owner.id), inArray(portalFiles.id, fileIds)))
      : [];
    if (files.length !== new Set(fileIds).size) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "deductions"], msg: "A file named is not one of yours" }]);
    const interest = interestOf(ctx, today);
    const interestOwed = interest.periods.filter((p) => !p.settledOn).reduce((s, p) => s + (p.amountCents ?? 0), 0);
    const deadlines = deadlinesOf(ctx)!;
    const returned = held - kept;
    const deductions: DepositDeduction[] = input.deductions.map((d) => ({
      kind: d.kind,
      description: d.description,
      amount_cents: d.amount_cents,
      estimate: d.estimate,
      file_ids: d.file_ids,
      condition_item: d.condition_item ?? null,
    }));
    const bytes = await depositStatementPdf(
      {
        landlord: `${owner.member.firstName} ${owner.member.lastName}`,
        tenants: tenantNames(ctx),
        unit: ctx.place,
        forwardingAddress: ctx.moveOut.forwardingAddress,
        vacatedOn: ctx.moveOut.vacatedOn,
        statementDate: today,
        returnDueOn: deadlines.returnDueOn,
        depositHeldCents: held,
        interestCents: interestOwed,
        deductions: deductions.map((d) => ({ kind: d.kind, description: d.description, amountCents: d.amount_cents, estimate: d.estimate, attachments: files.filter((f) => d.file_ids.includes(f.id)).map((f) => f.name) })),
        returnedCents: returned + interestOwed,
        sources: [...new Set([deadlines.statementSource, deadlines.returnSource])],
      },
      services.now(),
    );
    const file = await storeFile(tx, owner.id, { name: `security-deposit-statement-${today}.pdf`, bytes }, { kind: "generated" }, services.now());

    // On the books: damage is a charge; what is kept pays what the tenant owes (rent first); the rest goes back.
    const base = { ownerId: owner.id, leaseId: lease.id, source: "owner" as const, date: today, period: periodOf(today) };
    for (const d of deductions.filter((d) => d.kind === "damage")) {
      await tx.insert(ledgerEntries).values({ ...base, kind: "fee", amountCents: d.amount_cents, description: `Damage: ${d.description}` });
    }
    if (kept > 0) await tx.insert(ledgerEntries).values({ ...base, kind: "deposit_applied", amountCents: -kept, description: "Security deposit kept, as itemized on the move-out statement" });
    if (returned > 0) {
      await tx.insert(ledgerEntries).values({ ...base, kind: "deposit_returned", amountCents: 0, depositCents: -returned, description: "Security deposit returned at move-out" });
    }
    for (const p of interest.periods.filter((p) => !p.settledOn && p.amountCents !== null)) {
      await tx.insert(depositInterestSettlements).values({ ownerId: owner.id, leaseId: lease.id, periodStart: p.periodStart, amountCents: p.amountCents!, settledAs: "cash", settledOn: today }).onConflictDoNothing();
    }
    await tx
      .update(moveOuts)
      .set({ statementSentOn: today, statementFileId: file.id, deductions, returnedCents: returned, keptCents: kept, interestCents: interestOwed, updatedAt: services.now() })
      .where(eq(moveOuts.leaseId, lease.id));
    await postLeaseNow(tx, lease, today);
    const to = [ctx.moveOut.forwardingEmail, ...ctx.tenants.map((t) => t.email)].filter((a): a is string => Boolean(a));
    await sendToTenants(
      tx,
      services,
      ctx,
      to,
      {
        template: "deposit_statement",
        subject: `Your security deposit: the itemized statement for ${ctx.place}`,
        paragraphs: [
          `The statement of your security deposit is attached. Held: ${formatCents(held)}; deducted: ${formatCents(kept)}; interest owed: ${formatCents(interestOwed)}.`,
          `${formatCents(returned + interestOwed)} is returned to you by ${dateLabel(deadlines.returnDueOn)}.`,
        ],
      },
      file,
    );
    return describeDeposit(await depositContext(tx, owner.id, lease), today);
  });
}

/** POST /api/portal/leases/{id}/deposit/statement/receipts: the paid receipts that follow an estimated cost. */
export async function sendDeductionReceipts(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZDepositReceiptsSchema>) {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    const ctx = await depositContext(tx, owner.id, lease);
    if (!ctx.moveOut?.statementSentOn) throw new AppError("CONFLICT", "Send the statement first.");
    const files = await tx.select({ id: portalFiles.id, name: portalFiles.name, contentType: portalFiles.contentType }).from(portalFiles).where(and(eq(portalFiles.ownerId, owner.id), inArray(portalFiles.id, input.file_ids)));
    if (files.length !== new Set(input.file_ids).size) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "file_ids"], msg: "A file named is not one of yours" }]);
    const to = [ctx.moveOut.forwardingEmail, ...ctx.tenants.map((t) => t.email)].filter((a): a is string => Boolean(a));
    for (const address of [...new Set(to.map((a) => a.toLowerCase()))]) {
      await enqueueEmail(tx, {
        to: address,
        ...renderEmail(services.config, "deposit_receipts", `Paid receipts for your security deposit's deductions (${ctx.place})`, {
          paragraphs: ["The paid receipts for the deductions the statement estimated are attached."],
        }),
        attachments: files.map((f) => ({ filename: f.name, contentType: f.contentType, portalFile: f.id })),
      });
    }
    await tx.update(moveOuts).set({ receiptsSentOn: today, updatedAt: services.now() }).where(eq(moveOuts.leaseId, lease.id));
    return describeDeposit(await depositContext(tx, owner.id, lease), today);
  });
}

/**
 * POST /api/portal/leases/{id}/deposit/interest: the owner paid a period's interest in cash, or
 * credited it to rent (RLTO 5-12-080(c)); a credit is an entry on the ledger.
 */
export async function settleInterest(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZInterestSettlementSchema>) {
  const today = chicagoToday(services.now());
  if (input.settled_on > today) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "settled_on"], msg: "The day cannot be in the future" }]);
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    const ctx = await depositContext(tx, owner.id, lease);
    const period = interestOf(ctx, today).periods.find((p) => p.periodStart === input.period_start);
    if (!period) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "period_start"], msg: "No 12-month rental period of this deposit starts on that day" }]);
    if (!period.ended) throw new AppError("CONFLICT", `The period ends on ${dateLabel(period.periodEnd)}: its interest is owed after that.`);
    if (period.amountCents === null) throw new AppError("CONFLICT", `The rate for ${period.rateYear} is not entered yet: an administrator adds it from the City Comptroller's notice.`);
    if (period.settledOn) throw new AppError("CONFLICT", `This period's interest was settled on ${dateLabel(period.settledOn)}.`);
    let ledgerEntryId: string | null = null;
    if (input.settled_as === "rent_credit" && period.amountCents > 0) {
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({
          ownerId: owner.id,
          leaseId: lease.id,
          date: input.settled_on,
          kind: "credit",
          amountCents: -period.amountCents,
          period: periodOf(input.settled_on),
          source: "owner",
          description: `Security deposit interest for ${dateLabel(period.periodStart)} to ${dateLabel(period.periodEnd)}, credited to rent`,
        })
        .returning();
      ledgerEntryId = entry!.id;
    }
    await tx.insert(depositInterestSettlements).values({
      ownerId: owner.id,
      leaseId: lease.id,
      periodStart: period.periodStart,
      amountCents: period.amountCents,
      settledAs: input.settled_as,
      settledOn: input.settled_on,
      ledgerEntryId,
    });
    await postLeaseNow(tx, lease, today);
    return describeDeposit(await depositContext(tx, owner.id, lease), today);
  });
}

// ---------------------------------------------------------------------------------------------
// Condition reports: the unit at move-in and move-out, which the tenant may sign
// ---------------------------------------------------------------------------------------------

function describeReport(row: typeof conditionReports.$inferSelect) {
  return {
    id: row.id,
    lease_id: row.leaseId,
    kind: row.kind,
    inspected_on: row.inspectedOn,
    items: row.items,
    tenant_signed_at: row.tenantSignedAt?.toISOString() ?? null,
    tenant_signature_name: row.tenantSignatureName,
    tenant_comment: row.tenantComment,
  };
}

/** GET /api/portal/leases/{id}/condition-reports */
export async function listConditionReports(services: Services, owner: Owner, leaseId: string) {
  const lease = await findOwnedLease(services.db, owner, leaseId);
  const rows = await services.db.select().from(conditionReports).where(and(eq(conditionReports.ownerId, owner.id), eq(conditionReports.leaseId, lease.id))).orderBy(asc(conditionReports.createdAt));
  return { reports: rows.map(describeReport) };
}

/** POST /api/portal/leases/{id}/condition-reports: the move-in or move-out report; saving again replaces it until the tenant signs. */
export async function saveConditionReport(services: Services, owner: Owner, leaseId: string, input: z.output<typeof ZConditionReportSchema>) {
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId, true);
    const fileIds = input.items.flatMap((i) => i.file_ids);
    if (fileIds.length) {
      const owned = await tx.select({ id: portalFiles.id }).from(portalFiles).where(and(eq(portalFiles.ownerId, owner.id), inArray(portalFiles.id, fileIds)));
      if (owned.length !== new Set(fileIds).size) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "items"], msg: "A photo named is not one of yours" }]);
    }
    const items: ConditionItem[] = input.items.map((i, n) => ({ key: i.key ?? `item-${n + 1}`, room: i.room, item: i.item, condition: i.condition, note: i.note, file_ids: i.file_ids }));
    const [existing] = await tx.select().from(conditionReports).where(and(eq(conditionReports.leaseId, lease.id), eq(conditionReports.kind, input.kind)));
    if (existing?.tenantSignedAt) throw new AppError("CONFLICT", "The tenant signed this report: it no longer changes.");
    const values = { inspectedOn: input.inspected_on, items, updatedAt: services.now() };
    const [row] = await tx
      .insert(conditionReports)
      .values({ ownerId: owner.id, leaseId: lease.id, kind: input.kind, ...values })
      .onConflictDoUpdate({ target: [conditionReports.leaseId, conditionReports.kind], set: values })
      .returning();
    return describeReport(row!);
  });
}

/** GET /api/tenant/leases/{id}/condition-reports: the tenant reads the reports of their lease. */
export async function tenantConditionReports(services: Services, tenant: TenantAccountRow, leaseId: string) {
  const lease = await findTenantLease(services.db, tenant, leaseId, chicagoToday(services.now()));
  const rows = await services.db.select().from(conditionReports).where(eq(conditionReports.leaseId, lease.id)).orderBy(asc(conditionReports.createdAt));
  return { reports: rows.map(describeReport) };
}

/** POST /api/tenant/condition-reports/{id}/sign: the tenant signs the report (with a comment of their own if they disagree). */
export async function signConditionReport(services: Services, tenant: TenantAccountRow, reportId: string, input: z.output<typeof ZConditionSignatureSchema>) {
  if (!isUuid(reportId)) throw notFound("Report not found.");
  return services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(conditionReports).where(eq(conditionReports.id, reportId)).for("update");
    if (!row) throw notFound("Report not found.");
    await findTenantLease(tx, tenant, row.leaseId, chicagoToday(services.now()));
    if (row.tenantSignedAt) throw new AppError("CONFLICT", "This report is signed already.");
    const [signed] = await tx
      .update(conditionReports)
      .set({ tenantSignedAt: services.now(), tenantSignatureName: input.signature_name, tenantComment: input.comment || null, updatedAt: services.now() })
      .where(eq(conditionReports.id, row.id))
      .returning();
    return describeReport(signed!);
  });
}

// ---------------------------------------------------------------------------------------------
// The interest rates: Chicago's by year, shipped with the app; an administrator adds each new year
// ---------------------------------------------------------------------------------------------

const SHIPPED_RATES = resolve(import.meta.dir, "../../content/chicago-rlto-deposit-interest.csv");

/** Loads the shipped table of Chicago's rates (their sources with them); a rate already entered stays. */
export async function seedDepositInterestRates(db: DbOrTx): Promise<void> {
  const parsed = Papa.parse<{ lease_year: string; rate_percent: string; source: string }>(readFileSync(SHIPPED_RATES, "utf8"), { header: true, skipEmptyLines: true });
  const rows = parsed.data.map((r) => ({ ruleSet: "chicago_rlto", year: Number(r.lease_year), ratePpm: ppmOfPercent(r.rate_percent), source: r.source }));
  if (rows.length) await db.insert(depositInterestRates).values(rows).onConflictDoNothing();
}

export async function listDepositRates(db: DbOrTx) {
  const rows = await db.select().from(depositInterestRates).orderBy(asc(depositInterestRates.ruleSet), asc(depositInterestRates.year));
  return rows.map((r) => ({ rule_set: r.ruleSet, year: r.year, rate_percent: ratePercentLabel(r.ratePpm), rate_ppm: r.ratePpm, source: r.source, entered_by: r.enteredBy }));
}

/** POST /api/admin/deposit-interest-rates: a year's rate from the authority's notice (audited). A year already entered is not changed. */
export async function addDepositRate(services: Services, actor: AdminActor, input: z.output<typeof ZDepositRateSchema>) {
  return services.db.transaction(async (tx) => {
    const ruleSet = input.rule_set === "illinois" ? "illinois_715" : input.rule_set;
    const added = await tx
      .insert(depositInterestRates)
      .values({ ruleSet, year: input.year, ratePpm: ppmOfPercent(input.rate_percent), source: input.source, enteredBy: actor.admin.fullName })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) throw new AppError("CONFLICT", `The rate for ${input.year} is entered already. Rates once entered are kept: the deposits of that year were computed with it.`);
    await recordAdminAction(tx, actor, { action: "deposit_rate_added", targetType: "data", details: { rule_set: ruleSet, year: input.year, rate_percent: input.rate_percent } }, services.now());
    return (await listDepositRates(tx)).find((r) => r.rule_set === ruleSet && r.year === input.year)!;
  });
}

/** PUT /api/portal/settings/compliance-digest: the weekly compliance email, on or off. */
export async function setComplianceDigest(services: Services, owner: Owner, enabled: boolean) {
  await services.db
    .insert(ownerSettings)
    .values({ ownerId: owner.id, complianceDigest: enabled })
    .onConflictDoUpdate({ target: ownerSettings.ownerId, set: { complianceDigest: enabled, updatedAt: services.now() } });
  return { compliance_digest: enabled };
}
