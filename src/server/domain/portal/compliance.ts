import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { chicagoToday, dateLabel, plusDays, type IsoDate } from "../../../shared/calendar.ts";
import { formatCents, type ComplianceKind, type ComplianceStatus, type Jurisdiction, type RuleSet } from "../../../shared/portal.ts";
import { queryRows, type DbOrTx } from "../../db/client.ts";
import { complianceDigests, depositInterestSettlements, leases, leaseTenants, ledgerEntries, members, moveOuts, ownerSettings, properties, units } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { allocate, type LedgerFact } from "./allocation.ts";
import { DEPOSIT_SOURCES, DEPOSIT_STAKES, interestPeriods, interestRuleOf, moveOutDeadlines, ratePercentLabel, receiptRequired } from "./deposit-rules.ts";
import { ratesOf } from "./deposits.ts";
import { FAIR_NOTICE_SOURCE, fairNoticeDays, lastDayToServe, occupiedSince, type OccupancyLease } from "./fair-notice.ts";
import { placesOf } from "./leases.ts";
import { factOf, postOwnerDue } from "./posting.ts";
import { propertyRules } from "./properties.ts";

// The compliance calendar (PORTAL.md 3b): every deadline of an owner's leases, computed from the
// books: deposit receipts not given, interest due, move-out statements and returns, the last day to
// serve a Chicago Fair Notice, leases ending without a decision. Each line says the rule, its
// source, the date, what to do, and where to do it; an overdue line says what is at stake.

export interface ComplianceItem {
  kind: ComplianceKind;
  lease_id: string;
  property_id: string;
  place: string;
  due_on: IsoDate;
  status: ComplianceStatus;
  /** What to do, in words. */
  title: string;
  rule: string;
  source: string;
  /** What an overdue line puts at stake. */
  stake: string;
  action_path: string;
  verify: "verify with counsel";
}

/** How near a due day must be to be "due soon" (and to put an owner in the weekly email). */
export const DUE_SOON_DAYS = 14;

export function statusOf(dueOn: IsoDate, done: boolean, today: IsoDate): ComplianceStatus {
  if (done) return "done";
  if (dueOn < today) return "overdue";
  return dueOn <= plusDays(today, DUE_SOON_DAYS) ? "due_soon" : "upcoming";
}

/** One lease as the calendar sees it. */
export interface ComplianceLease {
  id: string;
  propertyId: string;
  place: string;
  rules: RuleSet;
  jurisdiction: Jurisdiction;
  unitCount: number;
  startDate: IsoDate;
  endDate: IsoDate | null;
  booksFrom: IsoDate | null;
  receiptGivenOn: IsoDate | null;
  /** When the tenants were given the City's RLTO summary and interest rate summary (5-12-170). */
  rltoSummaryGivenOn: IsoDate | null;
  entries: readonly LedgerFact[];
  moveOut: { vacatedOn: IsoDate; casualty: boolean; statementSentOn: IsoDate | null; receiptsSentOn: IsoDate | null; hasEstimates: boolean } | null;
  settledPeriods: ReadonlySet<IsoDate>;
  rates: ReadonlyMap<number, number>;
  /** Since when its tenants have been in the unit (through earlier leases of theirs). */
  occupiedSince: IsoDate;
  /** A later lease of the same unit exists: the owner renewed or re-let it. */
  followedBy: boolean;
}

/** Lines done longer ago than this leave the calendar. */
const DONE_KEPT_DAYS = 60;

/** Every deadline of one lease as of `today` (pure). */
export function leaseCompliance(lease: ComplianceLease, today: IsoDate): ComplianceItem[] {
  const items: ComplianceItem[] = [];
  const action = `/portal/leases/${lease.id}`;
  const stakes = DEPOSIT_STAKES[lease.rules];
  const add = (kind: ComplianceKind, dueOn: IsoDate, done: boolean, doneOn: IsoDate | null, text: { title: string; rule: string; source: string; stake: string; path?: string }) => {
    if (done && doneOn && doneOn < plusDays(today, -DONE_KEPT_DAYS)) return;
    items.push({
      kind,
      lease_id: lease.id,
      property_id: lease.propertyId,
      place: lease.place,
      due_on: dueOn,
      status: statusOf(dueOn, done, today),
      title: text.title,
      rule: text.rule,
      source: text.source,
      stake: text.stake,
      action_path: text.path ?? `${action}#deposit`,
      verify: "verify with counsel",
    });
  };
  const allTime = allocate(lease.entries, "9999-12-31");
  const firstHeld = allTime.depositMoves.find((m) => m.cents > 0)?.date ?? null;
  // The deposit the books opened with (`deposit_held`: a tenant already living there when the books
  // began, e.g. a rent-roll import) came in before the books, on a day they do not know: its
  // receipt was due then (5-12-080(b) ties it to receiving the deposit), not on the books' first
  // day. Deposit received within the books is asked a receipt on its own day.
  const openingHeld = lease.entries.some((e) => e.kind === "deposit_held");
  const firstReceived = openingHeld
    ? (allocate(lease.entries.filter((e) => e.kind !== "deposit_held"), "9999-12-31").depositMoves.find((m) => m.cents > 0)?.date ?? null)
    : firstHeld;

  // Chicago: the City's RLTO summary and interest rate summary go with the lease when it is offered and at each renewal.
  if (lease.rules === "chicago_rlto") {
    add("rlto_summary", lease.startDate, lease.rltoSummaryGivenOn !== null, lease.rltoSummaryGivenOn, {
      title: "Give the tenants the City's RLTO summary and its security deposit interest rate summary with the lease",
      rule: "Both City summaries are attached to each written lease when it is offered and when it is renewed (an oral lease: given to the tenant). Sending the lease for signature here attaches them.",
      source: "Chicago Municipal Code 5-12-170",
      stake: "RLTO 5-12-170: the tenant may end the lease by written notice and recover $100.",
      path: `${action}#signature`,
    });
  }

  // The receipt, given when the deposit is received (RLTO 5-12-080(b); the county's ordinance too).
  // A receipt recorded for the opening deposit still shows as done, on the day the books began.
  const receiptDay = firstReceived ?? (lease.receiptGivenOn ? firstHeld : null);
  if (receiptRequired(lease.rules) && receiptDay && (!lease.booksFrom || receiptDay >= lease.booksFrom || lease.receiptGivenOn)) {
    add("deposit_receipt", receiptDay, lease.receiptGivenOn !== null, lease.receiptGivenOn, {
      title: "Give the tenant a signed receipt for the security deposit",
      rule: "A landlord who receives a security deposit gives a signed receipt with the amount, the date, who received it and the unit, at the time of receiving it.",
      source: lease.rules === "cook_county" ? DEPOSIT_SOURCES.cook : DEPOSIT_SOURCES.rltoReceipt,
      stake: stakes.receipt,
    });
  }

  // Interest, each 12-month rental period.
  const interestRule = interestRuleOf(lease.rules, lease.unitCount);
  const deadlines = lease.moveOut ? moveOutDeadlines(lease.rules, { vacatedOn: lease.moveOut.vacatedOn, possessionEndsOn: lease.endDate, casualty: lease.moveOut.casualty }) : null;
  if (interestRule) {
    const periods = interestPeriods({
      termStart: lease.startDate,
      booksFrom: lease.booksFrom,
      vacatedOn: lease.moveOut?.vacatedOn ?? null,
      returnDueOn: deadlines?.returnDueOn ?? null,
      moves: allTime.depositMoves,
      rates: lease.rates,
      asOf: today,
    });
    const source = interestRule === "rlto" ? DEPOSIT_SOURCES.rltoInterest : interestRule === "cook" ? DEPOSIT_SOURCES.cook : DEPOSIT_SOURCES.sdia;
    for (const p of periods) {
      // A move-out's last period is paid with the deposit: the statement settles it.
      if (p.partial) continue;
      const amount = p.amountCents === null ? `the rate for ${p.rateYear} is not entered yet` : `${formatCents(p.amountCents)} at ${ratePercentLabel(p.ratePpm!)}`;
      add("deposit_interest", p.dueOn, lease.settledPeriods.has(p.periodStart), p.dueOn, {
        title: `Pay or credit the deposit's interest for ${dateLabel(p.periodStart)} to ${dateLabel(p.periodEnd)} (${amount})`,
        rule: "Interest on a deposit held more than six months is paid, in cash or as a credit to rent, within 30 days after the end of each 12-month rental period.",
        source,
        stake: stakes.interest,
      });
    }
  }

  // The move-out: the itemized statement, the receipts that follow estimates, the return.
  if (lease.moveOut && deadlines) {
    const sent = lease.moveOut.statementSentOn;
    add("move_out_statement", deadlines.statementDueOn, sent !== null, sent, {
      title: "Send the itemized statement of deductions from the deposit (with paid receipts or estimates)",
      rule: `Within 30 days after ${lease.rules === "illinois" ? "the later of the move-out and the end of the right of possession" : "the tenant vacates"}, an itemized statement of the damage and its cost, with paid receipts or estimates; without it, nothing may be kept for damage.`,
      source: deadlines.statementSource,
      stake: stakes.return,
    });
    if (sent && lease.moveOut.hasEstimates) {
      add("deduction_receipts", plusDays(sent, 30), lease.moveOut.receiptsSentOn !== null, lease.moveOut.receiptsSentOn, {
        title: "Send the paid receipts for the deductions the statement estimated",
        rule: "Where a cost was estimated, copies of the paid receipts follow within 30 days of the statement.",
        source: deadlines.statementSource,
        stake: stakes.return,
      });
    }
    add("deposit_return", deadlines.returnDueOn, sent !== null, sent, {
      title: lease.moveOut.casualty && lease.rules === "chicago_rlto" ? "Return the deposit within 7 days (the lease ended after a fire or casualty)" : "Return the deposit, less what the statement keeps, with the interest owed",
      rule: "The deposit, less the deductions itemized, and the interest owed go back to the tenant by the deadline.",
      source: deadlines.returnSource,
      stake: stakes.return,
    });
  }

  // A lease that ends: Chicago's Fair Notice (any Chicago building: 5-12-020(a) keeps it for owner-occupied ones), then the decision itself.
  if (lease.endDate && !lease.moveOut && lease.endDate >= plusDays(today, -DONE_KEPT_DAYS)) {
    if (lease.jurisdiction === "chicago" && lease.endDate >= today) {
      const last = lastDayToServe(lease.occupiedSince, lease.endDate);
      if (last) {
        const days = fairNoticeDays(lease.occupiedSince, last);
        add("notice_deadline", last, lease.followedBy, lease.followedBy ? today : null, {
          title: `Not renewing? Serve written notice by ${dateLabel(last)} (${days} days before the lease ends on ${dateLabel(lease.endDate)})`,
          rule: "Not renewing a lease, or ending a month-to-month tenancy, takes 30 days' notice under 6 months of tenancy, 60 from 6 months to 3 years, 120 over 3 years.",
          source: FAIR_NOTICE_SOURCE,
          stake: "A notice served later does not end the tenancy on the lease's last day.",
          path: `/portal/leases/${lease.id}`,
        });
      }
    }
    if (lease.endDate <= plusDays(today, 60)) {
      add("lease_end", lease.endDate, lease.followedBy, lease.followedBy ? today : null, {
        title: `The lease ends ${dateLabel(lease.endDate)}: renew it, or record the move-out`,
        rule: "A lease that ends without a decision becomes a month-to-month tenancy if the tenant stays and the rent is accepted.",
        source: "735 ILCS 5/9-202 and the lease",
        stake: "",
        path: `/portal/leases/${lease.id}`,
      });
    }
  }
  return items;
}

const ORDER: Record<ComplianceStatus, number> = { overdue: 0, due_soon: 1, upcoming: 2, done: 3 };
export const byUrgency = (a: ComplianceItem, b: ComplianceItem) => ORDER[a.status] - ORDER[b.status] || (a.due_on < b.due_on ? -1 : a.due_on > b.due_on ? 1 : 0);

/** The calendar of one owner's leases (GET /api/portal/compliance). */
export async function ownerCompliance(services: Services, owner: Pick<Owner, "id">, options: { post?: boolean } = {}) {
  const today = chicagoToday(services.now());
  if (options.post !== false) await postOwnerDue(services.db, owner.id, today);
  const items = await complianceItemsOf(services.db, owner.id, today);
  return { today, items };
}

/** Every line of one owner, most urgent first. */
export async function complianceItemsOf(db: DbOrTx, ownerId: string, today: IsoDate): Promise<ComplianceItem[]> {
  const leaseRows = await db.select().from(leases).where(eq(leases.ownerId, ownerId)).orderBy(asc(leases.startDate));
  if (leaseRows.length === 0) return [];
  const leaseIds = leaseRows.map((l) => l.id);
  const [unitRows, propertyRows, tenantRows, entryRows, moveOutRows, settlementRows, places, rates] = await Promise.all([
    db.select().from(units).where(eq(units.ownerId, ownerId)),
    db.select().from(properties).where(eq(properties.ownerId, ownerId)),
    db.select().from(leaseTenants).where(eq(leaseTenants.ownerId, ownerId)),
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
      .where(and(eq(ledgerEntries.ownerId, ownerId), inArray(ledgerEntries.kind, ["deposit", "payment", "credit", "refund", "deposit_applied", "deposit_returned", "deposit_held", "rent", "opening_balance", "balance_carried", "void"])))
      .orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq)),
    db.select().from(moveOuts).where(eq(moveOuts.ownerId, ownerId)),
    db.select({ leaseId: depositInterestSettlements.leaseId, periodStart: depositInterestSettlements.periodStart }).from(depositInterestSettlements).where(eq(depositInterestSettlements.ownerId, ownerId)),
    placesOf(db, ownerId, leaseRows.map((l) => l.unitId)),
    Promise.all((["chicago_rlto", "cook_county", "illinois_715"] as const).map(async (set) => [set, await ratesOf(db, set)] as const)).then((r) => new Map(r)),
  ]);
  const entriesOf = new Map<string, LedgerFact[]>(leaseIds.map((id) => [id, []]));
  for (const row of entryRows) entriesOf.get(row.leaseId)?.push(factOf(row));
  const occupancy = (leaseId: string): OccupancyLease => {
    const l = leaseRows.find((x) => x.id === leaseId)!;
    return { id: l.id, startDate: l.startDate, endDate: l.endDate, tenants: tenantRows.filter((t) => t.leaseId === l.id).map((t) => ({ firstName: t.firstName, lastName: t.lastName, email: t.email })) };
  };
  const items: ComplianceItem[] = [];
  for (const lease of leaseRows) {
    const unit = unitRows.find((u) => u.id === lease.unitId)!;
    const property = propertyRows.find((p) => p.id === unit.propertyId)!;
    const decision = propertyRules(property, unitRows.filter((u) => u.propertyId === property.id));
    const place = places.get(lease.unitId)!;
    const moveOut = moveOutRows.find((m) => m.leaseId === lease.id) ?? null;
    const sameUnit = leaseRows.filter((l) => l.unitId === lease.unitId && l.id !== lease.id);
    items.push(
      ...leaseCompliance(
        {
          id: lease.id,
          propertyId: property.id,
          place: `${place.property.display_name}, unit ${place.unit.label}`,
          rules: decision.rules,
          jurisdiction: decision.jurisdiction,
          unitCount: Math.max(1, unitRows.filter((u) => u.propertyId === property.id && u.archivedAt === null).length),
          startDate: lease.startDate,
          endDate: lease.endDate,
          booksFrom: lease.booksFrom,
          receiptGivenOn: lease.depositReceiptGivenOn,
          rltoSummaryGivenOn: lease.rltoSummaryGivenOn,
          entries: entriesOf.get(lease.id)!,
          moveOut: moveOut
            ? { vacatedOn: moveOut.vacatedOn, casualty: moveOut.casualty, statementSentOn: moveOut.statementSentOn, receiptsSentOn: moveOut.receiptsSentOn, hasEstimates: moveOut.deductions.some((d) => d.estimate) }
            : null,
          settledPeriods: new Set(settlementRows.filter((s) => s.leaseId === lease.id).map((s) => s.periodStart)),
          rates: rates.get(decision.rules === "illinois" ? "illinois_715" : decision.rules)!,
          occupiedSince: occupiedSince(occupancy(lease.id), sameUnit.map((l) => occupancy(l.id))),
          followedBy: sameUnit.some((l) => l.startDate > lease.startDate),
        },
        today,
      ),
    );
  }
  return items.sort(byUrgency);
}

/** The Monday of a day's week (the weekly email's key). */
export function weekOf(day: IsoDate): IsoDate {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return plusDays(day, -((weekday + 6) % 7));
}

/**
 * The weekly compliance email (PORTAL.md 3b): to every owner with a line overdue or due within 14
 * days, once a week, unless they turned it off. The claim is the compliance_digests row, inserted in
 * the transaction that queues the email: a second pass, or a second server process, sends nothing.
 */
export async function sendComplianceDigests(services: Services, today: IsoDate, options: { batch?: number } = {}): Promise<{ owners: number; sent: number }> {
  const week = weekOf(today);
  const rows = await queryRows<{ id: string; email: string; first_name: string }>(
    services.db,
    sql`
    select m.id, m.email, m.first_name
    from ${members} m
    where m.deleted_at is null and m.is_sample = false
      and exists (select 1 from ${leases} l where l.owner_id = m.id)
      and not exists (select 1 from ${complianceDigests} d where d.owner_id = m.id and d.week = ${week})
      and coalesce((select s.compliance_digest from ${ownerSettings} s where s.owner_id = m.id), true)`,
  );
  let sent = 0;
  const batch = options.batch ?? 8;
  for (let i = 0; i < rows.length; i += batch) {
    const results = await Promise.all(rows.slice(i, i + batch).map((owner) => digestOne(services, owner, today, week)));
    sent += results.filter(Boolean).length;
  }
  return { owners: rows.length, sent };
}

async function digestOne(services: Services, owner: { id: string; email: string; first_name: string }, today: IsoDate, week: IsoDate): Promise<boolean> {
  const items = (await complianceItemsOf(services.db, owner.id, today)).filter((i) => i.status === "overdue" || i.status === "due_soon");
  if (items.length === 0) return false;
  return services.db.transaction(async (tx) => {
    const claimed = await tx.insert(complianceDigests).values({ ownerId: owner.id, week, items: items.length }).onConflictDoNothing().returning({ week: complianceDigests.week });
    if (claimed.length === 0) return false;
    const line = (i: ComplianceItem) => `${i.status === "overdue" ? "OVERDUE" : `Due ${dateLabel(i.due_on)}`}: ${i.title} (${i.place}; ${i.source})`;
    await enqueueEmail(tx, {
      to: owner.email,
      memberId: owner.id,
      ...renderEmail(services.config, "compliance_digest", `${items.length} deadline${items.length === 1 ? "" : "s"} this week for your rentals`, {
        heading: `Your deadlines this week, ${owner.first_name}`,
        paragraphs: [
          "These lines of your compliance calendar are overdue or due within 14 days. The dates are computed from your books under the rule named: verify with counsel.",
          "You can turn this weekly email off in the owner portal's settings.",
        ],
        list: items.map(line),
        action: { label: "Open the compliance calendar", url: `${services.config.PUBLIC_URL}/portal/compliance` },
      }),
    });
    return true;
  });
}
