import { and, desc, eq, like } from "drizzle-orm";
import { ZExpenseSchema } from "../../../shared/books.ts";
import { chicagoToday, periodOf, plusDays, type IsoDate, type Period } from "../../../shared/calendar.ts";
import { ZEvictionCaseSchema, ZNoticeSchema } from "../../../shared/evictions.ts";
import { ZLeaseSchema, ZMaintenanceRequestSchema, ZPropertySchema } from "../../../shared/portal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { communityJobKeys, evictionCases, leases, members, payoutAccounts, properties, units } from "../../db/schema.ts";
import { rentProvider } from "../../payments/index.ts";
import type { Services } from "../../services.ts";
import { periodicWorker } from "../../workers.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { findSampleOwner, type Owner } from "./access.ts";
import { addNotice, markCasePaid, openCase } from "./evictions.ts";
import { addExpense } from "./expenses.ts";
import { addLease } from "./leases.ts";
import { recordPayment } from "./ledger.ts";
import { createOwnerRequest, moveRequest } from "./maintenance.ts";
import { applyOnlinePayment } from "./online-rent.ts";
import { postOwnerDue } from "./posting.ts";
import { addProperty } from "./properties.ts";
import { grantStaffAccess, hasStaffGrant } from "./staff-access.ts";

// The live demo's sample books (PORTAL.md 1): a Chicago two-flat and a Berwyn bungalow, written
// through the same domain functions an owner's clicks call, so the demo shows what the portal
// really computes. The owner is a member row marked `is_sample`: it has no password, its address
// is in the reserved `.invalid` domain, no tenant has an email, and it is left out of every admin
// list, figure, export, mailing and emailing job. History is written day by day with the clock set
// to that day, so rent, late fees and payments fall as they would have; each day is claimed once by
// a key (DECISIONS.md 25), so restarts, two processes and the hourly job add nothing twice.

export const SAMPLE_OWNER_EMAIL = "sample-owner@demo.invalid";
const KEY_PREFIX = "sample-books:";
const SETUP_KEY = `${KEY_PREFIX}setup`;
/** Payouts, the staff's grant and the eviction case: added once, to books made before them too. */
const PREMIUM_KEY = `${KEY_PREFIX}premium`;

/** The association's staff as the sample books show them: no administrator of this install. */
export const SAMPLE_STAFF: AdminActor = { admin: { id: null, fullName: "Sample bookkeeper (association staff)" }, ip: null };
const dayKey = (day: IsoDate) => `${KEY_PREFIX}day:${day}`;

/** Noon in Chicago on `day`: the clock a day of history is written with. */
const noonOf = (day: IsoDate) => new Date(`${day}T18:00:00Z`);

async function ensureSampleOwner(db: Db): Promise<Owner> {
  await db
    .insert(members)
    .values({
      email: SAMPLE_OWNER_EMAIL,
      firstName: "Sample",
      lastName: "Owner",
      phone: "",
      membershipLevel: "Premium",
      status: "active",
      propertyManagementStatus: "Self-managed",
      isSample: true,
    })
    .onConflictDoNothing();
  const owner = await findSampleOwner(db);
  if (!owner) throw new Error(`The member ${SAMPLE_OWNER_EMAIL} exists and is not the sample owner.`);
  return { ...owner, canWrite: true };
}

/** The leases of the sample books, by key: made at setup, found again by their units' labels later. */
interface SampleLease {
  key: "two_flat_1" | "two_flat_2" | "bungalow";
  rentCents: number;
  dueDay: number;
  depositCents: number;
}
const LEASES: SampleLease[] = [
  { key: "two_flat_1", rentCents: 165_000, dueDay: 1, depositCents: 165_000 },
  // Devon's landlord took no deposit: what he owes is rent and late fees only.
  { key: "two_flat_2", rentCents: 145_000, dueDay: 1, depositCents: 0 },
  { key: "bungalow", rentCents: 210_000, dueDay: 1, depositCents: 210_000 },
];

/** Where the sample books begin: January 1 of last year, so last year's Schedule E is whole. */
export function sampleBooksStart(today: IsoDate): IsoDate {
  return `${Number(today.slice(0, 4)) - 1}-01-01`;
}

type Places = { twoFlat: string; bungalow: string; leases: Record<SampleLease["key"], string>; units: Record<SampleLease["key"], string> };

async function setUp(services: Services, owner: Owner, start: IsoDate): Promise<Places> {
  const add = (input: object) => addProperty(services, owner, ZPropertySchema.parse(input));
  const twoFlat = await add({
    name: "Logan Square two-flat",
    address: { line1: "2817 N Albany Ave", city: "Chicago", state: "IL", zip: "60618" },
    property_type: "multi_family",
    placed_in_service: "2018-06-15",
    building_basis_cents: 38_500_000,
    units: [
      { label: "1", bedrooms: 3, bathrooms: 1, market_rent_cents: 165_000 },
      { label: "2", bedrooms: 2, bathrooms: 1, market_rent_cents: 145_000 },
    ],
  });
  const bungalow = await add({
    name: "Berwyn bungalow",
    address: { line1: "3421 S Oak Park Ave", city: "Berwyn", state: "IL", zip: "60402" },
    property_type: "single_family",
    placed_in_service: "2021-03-01",
    building_basis_cents: 21_000_000,
    units: [{ label: "House", bedrooms: 3, bathrooms: 2, market_rent_cents: 210_000 }],
  });
  const unitIds = { two_flat_1: twoFlat.units[0]!.id, two_flat_2: twoFlat.units[1]!.id, bungalow: bungalow.units[0]!.id };
  const tenants: Record<SampleLease["key"], { first_name: string; last_name: string }[]> = {
    two_flat_1: [{ first_name: "Maria", last_name: "Alvarez" }],
    two_flat_2: [{ first_name: "Devon", last_name: "Carter" }],
    bungalow: [
      { first_name: "Priya", last_name: "Patel" },
      { first_name: "Sam", last_name: "Patel" },
    ],
  };
  const leaseIds = {} as Record<SampleLease["key"], string>;
  for (const l of LEASES) {
    const lease = await addLease(
      services,
      owner,
      ZLeaseSchema.parse({
        unit_id: unitIds[l.key],
        start_date: start,
        end_date: null,
        rent_cents: l.rentCents,
        due_day: l.dueDay,
        deposit_cents: l.depositCents,
        late_fee: { grace_days: 5, kind: "chicago_rlto" },
        reminder_days: 0,
        // No email: nothing of the sample books is ever mailed to anyone.
        tenants: tenants[l.key],
      }),
    );
    leaseIds[l.key] = lease.id;
  }
  return { twoFlat: twoFlat.id, bungalow: bungalow.id, leases: leaseIds, units: unitIds };
}

/** What happens on one day of the sample books: payments and bills, as a steady landlord's year has them. */
export function sampleDay(day: IsoDate, start: IsoDate) {
  const period: Period = periodOf(day);
  const dom = Number(day.slice(8, 10));
  const month = Number(day.slice(5, 7));
  const payments: { lease: SampleLease["key"]; amount_cents: number; method: "bank_transfer" | "check" | "money_order"; reference?: string }[] = [];
  // (Maria's payment is made online, by card: writeDay.)
  const bills: { property: "twoFlat" | "bungalow"; amount_cents: number; payee: string; category: string; memo?: string }[] = [];
  // Maria pays on the 1st by bank transfer; the Patels by check on the 3rd.
  if (dom === 1) payments.push({ lease: "two_flat_1", amount_cents: 165_000, method: "bank_transfer" });
  if (dom === 3) payments.push({ lease: "bungalow", amount_cents: 210_000, method: "check", reference: `Check ${1000 + monthsSince(start, period)}` });
  // The deposits (one month's rent) were paid when the leases began: a deposit is a charge on the
  // lease's first day (PORTAL.md 3a).
  if (day === start) for (const l of LEASES) if (l.depositCents) payments.push({ lease: l.key, amount_cents: l.depositCents, method: "check", reference: "Security deposit" });
  // Devon is a month behind: on the 12th he pays one month's rent, never the late fees (Chicago RLTO:
  // $10 + 5% of the rent above $500 = $57.50 a month), which add up unpaid beside the month he owes.
  if (dom === 12 && period > periodOf(start)) payments.push({ lease: "two_flat_2", amount_cents: 145_000, method: "money_order" });
  if (dom === 1) {
    bills.push({ property: "twoFlat", amount_cents: 78_000, payee: "Second Federal Bank", category: "mortgage_interest", memo: "Mortgage interest" });
    bills.push({ property: "bungalow", amount_cents: 54_000, payee: "Berwyn Savings", category: "mortgage_interest", memo: "Mortgage interest" });
  }
  if (dom === 20) bills.push({ property: "twoFlat", amount_cents: 9_500, payee: "City of Chicago Water", category: "utilities", memo: "Water and sewer" });
  if (dom === 22) bills.push({ property: "twoFlat", amount_cents: 6_800, payee: "ComEd", category: "utilities", memo: "Common-area electricity" });
  if ((month === 3 || month === 8) && dom === 1) {
    bills.push({ property: "twoFlat", amount_cents: 320_000, payee: "Cook County Treasurer", category: "property_taxes", memo: "Property tax installment" });
    bills.push({ property: "bungalow", amount_cents: 245_000, payee: "Cook County Treasurer", category: "property_taxes", memo: "Property tax installment" });
  }
  if (month === 2 && dom === 10) {
    bills.push({ property: "twoFlat", amount_cents: 185_000, payee: "State Farm", category: "insurance", memo: "Landlord policy, one year" });
    bills.push({ property: "bungalow", amount_cents: 124_000, payee: "State Farm", category: "insurance", memo: "Landlord policy, one year" });
  }
  if ((month === 1 || month === 2 || month === 12) && dom === 15) bills.push({ property: "bungalow", amount_cents: 12_000, payee: "Berwyn Snow Pros", category: "cleaning_maintenance", memo: "Snow removal" });
  if (month === 6 && dom === 12) bills.push({ property: "twoFlat", amount_cents: 32_500, payee: "Reliable Plumbing", category: "repairs", memo: "Unit 2 water heater valve" });
  if (month === 10 && dom === 8) bills.push({ property: "bungalow", amount_cents: 41_000, payee: "Chicagoland HVAC", category: "repairs", memo: "Furnace tune-up and igniter" });
  if (month === 4 && dom === 18) bills.push({ property: "twoFlat", amount_cents: 4_900, payee: "Home Depot", category: "supplies", memo: "Smoke and CO detector batteries" });
  return { payments, bills };
}

function monthsSince(start: IsoDate, period: Period): number {
  const [sy, sm] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [py, pm] = [Number(period.slice(0, 4)), Number(period.slice(5, 7))];
  return (py - sy) * 12 + (pm - sm);
}

async function placesOf(db: Db, owner: Owner): Promise<Places> {
  const props = await db.select().from(properties).where(eq(properties.ownerId, owner.id));
  const unitRows = await db.select().from(units).where(eq(units.ownerId, owner.id));
  const leaseRows = await db.select().from(leases).where(eq(leases.ownerId, owner.id));
  const twoFlat = props.find((p) => p.propertyType === "multi_family")!.id;
  const bungalow = props.find((p) => p.propertyType === "single_family")!.id;
  const unitOf = (propertyId: string, label: string) => unitRows.find((u) => u.propertyId === propertyId && u.label === label)!.id;
  const unitIds = { two_flat_1: unitOf(twoFlat, "1"), two_flat_2: unitOf(twoFlat, "2"), bungalow: unitOf(bungalow, "House") };
  const leaseOf = (unitId: string) => leaseRows.find((l) => l.unitId === unitId)!.id;
  return {
    twoFlat,
    bungalow,
    units: unitIds,
    leases: { two_flat_1: leaseOf(unitIds.two_flat_1), two_flat_2: leaseOf(unitIds.two_flat_2), bungalow: leaseOf(unitIds.bungalow) },
  };
}

/**
 * Writes one day of the sample books, with the clock at noon of that day. A payment posts its
 * lease's rent and late fees through its day first (recordPayment), so the fees fall as they would
 * have; a day without payments or bills writes nothing.
 */
async function writeDay(services: Services, owner: Owner, places: Places, day: IsoDate, start: IsoDate, premium: { staff: boolean }) {
  const at: Services = { ...services, now: () => noonOf(day) };
  const { payments, bills } = sampleDay(day, start);
  for (const p of payments) {
    const lease = places.leases[p.lease];
    // Maria pays her rent online by card (payouts are connected), as the provider's event records it.
    if (p.lease === "two_flat_1" && p.method === "bank_transfer") {
      const books = { ownerId: owner.id, leaseId: lease, ledgerEntryId: null, reversalEntryId: null, refundedCents: 0 };
      const reported = { state: "paid" as const, amountCents: p.amount_cents, method: "card" as const, paymentRef: `sample-${day}`, refundedCents: 0 };
      await at.db.transaction((tx) => applyOnlinePayment(tx as unknown as Tx, at, books, reported, "Online payment"));
      continue;
    }
    // Devon's money orders reach the staff, who record them under the owner's grant (bookkeeping support).
    const by: Owner = premium.staff && p.lease === "two_flat_2" ? { ...owner, staff: { actor: SAMPLE_STAFF, at: noonOf(day) } } : owner;
    await recordPayment(at, by, lease, { amount_cents: p.amount_cents, paid_on: day, method: p.method, reference: p.reference });
  }
  for (const b of bills) {
    await addExpense(at, owner, ZExpenseSchema.parse({ property_id: places[b.property], date: day, amount_cents: b.amount_cents, payee: b.payee, memo: b.memo, category: b.category }));
  }
}

/** Open maintenance as of the day the books are made: one new, one acknowledged, one in progress. */
async function openMaintenance(services: Services, owner: Owner, places: Places) {
  const request = (input: object) => createOwnerRequest(services, owner, ZMaintenanceRequestSchema.parse(input));
  await request({
    property_id: places.bungalow,
    unit_id: places.units.bungalow,
    title: "Gutter over the back door overflows",
    description: "Water pours over the back steps when it rains; the downspout may be clogged.",
    category: "other",
    priority: "normal",
  });
  const outlet = await request({
    property_id: places.twoFlat,
    unit_id: places.units.two_flat_1,
    title: "Bedroom outlet has no power",
    description: "The outlet by the window in the back bedroom stopped working; the breaker is on.",
    category: "electrical",
    priority: "high",
    permission_to_enter: true,
  });
  await moveRequest(services, owner, outlet.id, { to: "acknowledged", note: "Electrician booked for Thursday morning." });
  const faucet = await request({
    property_id: places.twoFlat,
    unit_id: places.units.two_flat_2,
    title: "Kitchen faucet drips",
    description: "The kitchen faucet drips all day even when closed tight.",
    category: "plumbing",
    priority: "normal",
    permission_to_enter: true,
  });
  await moveRequest(services, owner, faucet.id, { to: "acknowledged", note: "" });
  await moveRequest(services, owner, faucet.id, { to: "in_progress", note: "New cartridge ordered; the plumber fits it when it arrives." });
}

/** Premium before the history: payouts connected for online rent, and staff access granted. */
async function connectPremium(services: Services, owner: Owner) {
  await services.db
    .insert(payoutAccounts)
    .values({ ownerId: owner.id, provider: rentProvider(services).name, accountId: `acct_sample_${owner.id}`, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true })
    .onConflictDoNothing();
  await grantStaffAccess(services, owner);
  await recordAdminAction(services.db, SAMPLE_STAFF, { action: "staff_books_viewed", targetType: "member", targetId: owner.id }, services.now());
}

/** Devon's eviction case, today: the 5-day notice for his unpaid rent served, coordination paid (Premium's price). */
async function openSampleCase(services: Services, tx: Tx, owner: Owner, places: Places) {
  const today = chicagoToday(services.now());
  const opened = await openCase(services, owner, ZEvictionCaseSchema.parse({ lease_id: places.leases.two_flat_2, ground: "unpaid_rent" }));
  await addNotice(services, owner, opened.id, ZNoticeSchema.parse({ kind: "5_day", served_on: today, service_method: "personal", served_by: "Sample process server" }));
  await markCasePaid(tx, services, owner.id, opened.id);
}

/**
 * Makes the sample owner and books on the first start and writes every day since the last one
 * written, through today, in one transaction. Each day is claimed by its key first: a second process waits
 * for the first one's commit and then finds every key taken, and a restart starts after the last day.
 */
export async function keepSampleBooks(services: Services): Promise<{ created: boolean; days: number }> {
  const today = chicagoToday(services.now());
  return services.db.transaction(async (tx) => {
    const inTx: Services = { ...services, db: tx as unknown as Db };
    // The owner is made with the books, in their commit: the demo shows once the owner exists
    // (demo-embed.ts), and it must never show an owner whose books are still being written.
    const owner = await ensureSampleOwner(inTx.db);
    const [setup] = await tx.insert(communityJobKeys).values({ key: SETUP_KEY }).onConflictDoNothing().returning();
    const [last] = await tx
      .select({ key: communityJobKeys.key })
      .from(communityJobKeys)
      .where(like(communityJobKeys.key, `${KEY_PREFIX}day:%`))
      .orderBy(desc(communityJobKeys.key))
      .limit(1);
    const [startRow] = await tx.select({ startDate: leases.startDate }).from(leases).where(eq(leases.ownerId, owner.id)).limit(1);
    const start = startRow?.startDate ?? sampleBooksStart(today);
    const places = setup ? await setUp({ ...inTx, now: () => noonOf(start) }, owner, start) : await placesOf(inTx.db, owner);
    const [premiumKey] = await tx.insert(communityJobKeys).values({ key: PREMIUM_KEY }).onConflictDoNothing().returning();
    // New books have Premium from their first day; books made before it, from today.
    if (premiumKey) await connectPremium({ ...inTx, now: () => (setup ? noonOf(start) : services.now()) }, owner);
    const premium = { staff: await hasStaffGrant(tx, owner.id) };
    const due: IsoDate[] = [];
    for (let day = last ? plusDays(last.key.slice(-10), 1) : start; day <= today; day = plusDays(day, 1)) due.push(day);
    // The days this run writes: those whose key it inserted (another process has the others).
    const claimed = due.length
      ? await tx.insert(communityJobKeys).values(due.map((day) => ({ key: dayKey(day) }))).onConflictDoNothing().returning()
      : [];
    const days = claimed.map((row) => row.key.slice(-10)).sort();
    for (const day of days) await writeDay(inTx, owner, places, day, start, premium);
    await postOwnerDue(tx, owner.id, today);
    if (setup) await openMaintenance(inTx, owner, places);
    const [openCaseRow] = await tx.select({ id: evictionCases.id }).from(evictionCases).where(and(eq(evictionCases.ownerId, owner.id), eq(evictionCases.open, true))).limit(1);
    if (premiumKey && !openCaseRow) await openSampleCase(inTx, tx as unknown as Tx, owner, places);
    return { created: Boolean(setup), days: days.length };
  });
}

export const SAMPLE_BOOKS_MS = 60 * 60 * 1000;

/**
 * Keeps the demo's sample books current: at start-up (so the demo works on a default install) and
 * every hour after, so each new day's payments and bills are written soon after midnight.
 */
export function startSampleBooks(services: Services, intervalMs = SAMPLE_BOOKS_MS) {
  return periodicWorker("sample books", () => keepSampleBooks(services), { intervalMs, firstDelayMs: 0 });
}
