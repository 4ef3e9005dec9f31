import { and, desc, eq } from "drizzle-orm";
import { ALA_CARTE_ITEMS, alaCartePrices, beforeBuying, CURRENCY, isPaidLevel, type AlaCarteItem, type PaidLevel } from "../../../shared/membership.ts";
import type { TPurchaseRequest } from "../../../shared/books.ts";
import { chicagoToday, periodLabel, periodOf, plusMonths } from "../../../shared/calendar.ts";
import { PeriodSchema } from "../../../shared/calendar-schemas.ts";
import { formatCents } from "../../../shared/portal.ts";
import type { Tx } from "../../db/client.ts";
import { members, portalPurchases } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import { rentProvider } from "../../payments/index.ts";
import type { RentCheckoutSnapshot } from "../../payments/rent-provider.ts";
import type { Services } from "../../services.ts";
import { customerFor } from "../billing.ts";
import type { Owner } from "./access.ts";
import { caseForPurchase, caseNames, markCasePaid } from "./evictions.ts";

// A-la-carte purchases (PORTAL.md 7.5, DECISIONS.md 23): one-time payments through checkout in
// payment mode, on the same provider code as online rent (Stripe Checkout, or the test provider's
// TEST MODE page). The price comes from the one price table; the purchase is recorded as paid
// only by the provider's verified event, applied once per event id. The table and the flow are
// general (item, year or reference, amount, status, provider ids): the Schedule E report of a tax
// year, bookkeeping support for a month (`reference` = YYYY-MM), and eviction coordination for one
// case (`reference` = the case's id; its payment starts the staff's coordination).

export type PurchaseRow = typeof portalPurchases.$inferSelect;

const SELLABLE: readonly AlaCarteItem[] = ["tax_report", "bookkeeping", "eviction_case"];
/** A checkout left open is offered again for this long, so a second click does not start a second payment. */
const REUSE_OPEN_CHECKOUT_MS = 23 * 60 * 60 * 1000;

export function describePurchase(row: PurchaseRow) {
  return {
    id: row.id,
    item: row.item,
    label: alaCartePrices[row.item].label,
    year: row.year,
    reference: row.reference,
    amount_cents: row.amountCents,
    currency: row.currency,
    status: row.status,
    checkout_url: row.status === "initiated" ? row.checkoutUrl : null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What a purchase is for, in words: the tax year, the month, or the eviction case's home and tenants. */
function purchaseFor(row: PurchaseRow, cases: Map<string, string>): string {
  if (row.item === "tax_report") return `Tax year ${row.year}`;
  if (row.item === "bookkeeping") return row.reference ? periodLabel(row.reference) : "—";
  return (row.reference && cases.get(row.reference)) || "An eviction case";
}

/** GET /api/portal/purchases: the owner's purchases and what each item costs at their level. */
export async function listPurchases(services: Services, owner: Owner) {
  const rows = await services.db.select().from(portalPurchases).where(eq(portalPurchases.ownerId, owner.id)).orderBy(desc(portalPurchases.createdAt));
  const level = owner.member.membershipLevel;
  const cases = await caseNames(services.db, owner.id, rows.filter((r) => r.item === "eviction_case" && r.reference).map((r) => r.reference!));
  return {
    purchases: rows.map((row) => ({ ...describePurchase(row), for_label: purchaseFor(row, cases) })),
    prices: ALA_CARTE_ITEMS.map((item) => ({
      item,
      label: alaCartePrices[item].label,
      per: alaCartePrices[item].per,
      amount_cents: isPaidLevel(level) ? alaCartePrices[item].cents[level] : alaCartePrices[item].cents.Standard,
      available: SELLABLE.includes(item),
      /** What to know before buying it: Premium includes it, and what upgrading costs instead (null on Premium, or when Premium does not include it). */
      before_buying: level === "Premium" ? null : beforeBuying(item),
    })),
  };
}

/**
 * POST /api/portal/purchases `{item: "tax_report", year}`, `{item: "bookkeeping", reference: "YYYY-MM"}`
 * or `{item: "eviction_case", reference: case_id}`: a checkout in payment mode for the item at the
 * owner's price, answered as `checkout_url`. Nothing is unlocked until the provider's event.
 */
export async function startPurchase(services: Services, owner: Owner, input: TPurchaseRequest) {
  if (!SELLABLE.includes(input.item)) {
    throw new AppError("UNPROCESSABLE", [
      { loc: ["body", "item"], msg: `${alaCartePrices[input.item].label} is bought with that service when it opens; the Schedule E report (tax_report), bookkeeping support (bookkeeping) and eviction coordination (eviction_case) are sold here.` },
    ]);
  }
  if (input.item === "eviction_case") return startCasePurchase(services, owner, input.reference);
  const terms = purchaseTerms(services, input);
  const level = owner.member.membershipLevel as PaidLevel;
  const price = alaCartePrices[input.item].cents[level];
  if (price === null) throw new AppError("CONFLICT", `The ${alaCartePrices[input.item].label} is included in ${level}: there is nothing to buy.`);

  const existing = await services.db
    .select()
    .from(portalPurchases)
    .where(
      and(
        eq(portalPurchases.ownerId, owner.id),
        eq(portalPurchases.item, input.item),
        terms.year === null ? eq(portalPurchases.reference, terms.reference!) : eq(portalPurchases.year, terms.year),
      ),
    )
    .orderBy(desc(portalPurchases.createdAt));
  if (existing.some((p) => p.status === "paid" || p.status === "processing")) throw new AppError("CONFLICT", terms.already);
  const open = existing.find((p) => p.status === "initiated" && services.now().getTime() - p.createdAt.getTime() < REUSE_OPEN_CHECKOUT_MS && p.amountCents === price);
  if (open) return { ...describePurchase(open), purchase_id: open.id };

  return checkoutFor(services, owner, { item: input.item, year: terms.year, reference: terms.reference, price, description: terms.description, path: terms.path });
}

/** What one purchase is for: the tax year of a report, or the month (YYYY-MM) of bookkeeping support. */
function purchaseTerms(services: Services, input: TPurchaseRequest) {
  const today = chicagoToday(services.now());
  const label = alaCartePrices[input.item].label;
  if (input.item === "bookkeeping") {
    // A month at a time (DECISIONS.md 23): this month by default, or a month ahead; never a month gone by.
    const month = input.reference ?? periodOf(today);
    if (!PeriodSchema.safeParse(month).success) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "reference"], msg: "Say which month, like 2026-03" }]);
    if (month < periodOf(today)) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "reference"], msg: `${periodLabel(month)} is over: buy this month or a later one` }]);
    if (month > plusMonths(periodOf(today), 12)) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "reference"], msg: "Buy bookkeeping support at most a year ahead" }]);
    return {
      year: null,
      reference: month,
      description: `${label}, ${periodLabel(month)}`,
      already: `You have bought bookkeeping support for ${periodLabel(month)} already.`,
      path: "/portal/services",
    };
  }
  const thisYear = Number(today.slice(0, 4));
  if (input.year === undefined) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "year"], msg: "Say which tax year the Schedule E report is for" }]);
  if (input.year > thisYear) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "year"], msg: `Tax year ${input.year} has not started yet` }]);
  return {
    year: input.year,
    reference: input.reference ?? null,
    description: `${label}, tax year ${input.year}`,
    already: `You have bought the Schedule E report for ${input.year} already.`,
    path: `/portal/reports/schedule-e?year=${input.year}`,
  };
}

/** Eviction coordination for one of the owner's open, unpaid cases, at the owner's level's price. */
async function startCasePurchase(services: Services, owner: Owner, reference: string | undefined) {
  const { row, place } = await caseForPurchase(services.db, owner, reference);
  const price = alaCartePrices.eviction_case.cents[owner.member.membershipLevel as PaidLevel]!;
  const existing = await services.db
    .select()
    .from(portalPurchases)
    .where(and(eq(portalPurchases.ownerId, owner.id), eq(portalPurchases.item, "eviction_case"), eq(portalPurchases.reference, row.id)))
    .orderBy(desc(portalPurchases.createdAt));
  if (existing.some((p) => p.status === "processing")) throw new AppError("CONFLICT", "The payment for this case is being processed.");
  const open = existing.find((p) => p.status === "initiated" && services.now().getTime() - p.createdAt.getTime() < REUSE_OPEN_CHECKOUT_MS && p.amountCents === price);
  if (open) return { ...describePurchase(open), purchase_id: open.id };
  return checkoutFor(services, owner, {
    item: "eviction_case",
    year: null,
    reference: row.id,
    price,
    description: `${alaCartePrices.eviction_case.label}, ${place}`,
    path: `/portal/evictions/${row.id}`,
  });
}

/** A checkout in payment mode for a purchase, recorded as initiated. */
async function checkoutFor(
  services: Services,
  owner: Owner,
  p: { item: AlaCarteItem; year: number | null; reference: string | null; price: number; description: string; path: string },
) {
  const provider = rentProvider(services);
  const id = crypto.randomUUID();
  const base = services.config.PUBLIC_URL;
  const customerId = provider.name === "stripe" ? await customerFor(services, owner.member) : null;
  const checkout = await provider.createRentCheckout({
    accountId: null,
    amountCents: p.price,
    description: p.description,
    payerEmail: owner.member.email,
    customerId,
    clientReferenceId: id,
    metadata: { kind: "purchase", purchase_id: id, owner_id: owner.id, item: p.item, ...(p.year !== null ? { year: String(p.year) } : {}), ...(p.reference ? { reference: p.reference } : {}) },
    successUrl: `${base}${p.path}${p.path.includes("?") ? "&" : "?"}purchase=${id}`,
    cancelUrl: `${base}${p.path}`,
    idempotencyKey: `purchase-checkout-${id}`,
  });
  const [row] = await services.db
    .insert(portalPurchases)
    .values({
      id,
      ownerId: owner.id,
      item: p.item,
      year: p.year,
      reference: p.reference,
      amountCents: p.price,
      currency: CURRENCY,
      provider: provider.name,
      sessionId: checkout.sessionId,
      checkoutUrl: checkout.url,
    })
    .returning();
  return { ...describePurchase(row!), purchase_id: id };
}

/**
 * Brings a purchase to its checkout's state as the provider reports it (under the row's lock):
 * paid once, with an email to the owner in the same transaction; a paid purchase stays paid.
 */
export async function reconcilePurchase(tx: Tx, services: Services, snapshot: RentCheckoutSnapshot): Promise<"applied" | "unknown"> {
  const [row] = await tx.select().from(portalPurchases).where(eq(portalPurchases.sessionId, snapshot.sessionId)).for("update");
  if (!row) return "unknown";
  if (row.status === "paid") return "applied";
  const status = snapshot.state === "paid" ? "paid" : snapshot.state === "processing" ? "processing" : snapshot.state === "failed" ? "failed" : snapshot.state === "expired" ? "expired" : row.status;
  const now = services.now();
  await tx
    .update(portalPurchases)
    .set({ status, paymentRef: snapshot.paymentRef, paidAt: status === "paid" ? now : null, updatedAt: now })
    .where(eq(portalPurchases.id, row.id));
  if (status === "paid") {
    if (row.item === "eviction_case") await markCasePaid(tx, services, row.ownerId, row.reference);
    const [member] = await tx.select().from(members).where(eq(members.id, row.ownerId));
    if (member && !member.deletedAt) {
      await enqueueEmail(tx, {
        to: member.email,
        memberId: member.id,
        ...renderEmail(services.config, "purchase_receipt", `Receipt: ${alaCartePrices[row.item].label}${row.year ? ` for ${row.year}` : row.item === "bookkeeping" && row.reference ? ` for ${periodLabel(row.reference)}` : ""}`, {
          heading: `Thank you, ${member.firstName}`,
          paragraphs: [
            `We received ${formatCents(row.amountCents)} for the ${alaCartePrices[row.item].label}${row.year ? ` of tax year ${row.year}` : row.reference && row.item === "bookkeeping" ? ` for ${periodLabel(row.reference)}` : ""}.`,
            row.item === "tax_report"
              ? `Your Schedule E for ${row.year} is open in your owner portal, with its PDF and the CSV for your tax preparer.`
              : row.item === "eviction_case"
                ? "Our staff now coordinate your eviction case; you are emailed at every step."
                : row.item === "bookkeeping"
                  ? "Ask for bookkeeping help from Premium services in your owner portal; grant staff access there so we can work in your books."
                  : "It is now part of your owner portal.",
          ],
          action:
            row.item === "tax_report"
              ? { label: "Open your Schedule E", url: `${services.config.PUBLIC_URL}/portal/reports/schedule-e?year=${row.year}` }
              : row.item === "eviction_case"
                ? { label: "Open the case", url: `${services.config.PUBLIC_URL}/portal/evictions/${row.reference}` }
                : row.item === "bookkeeping"
                  ? { label: "Open Premium services", url: `${services.config.PUBLIC_URL}/portal/services` }
                  : undefined,
        }),
      });
    }
  }
  return "applied";
}

/** Admins' view of every purchase (the Payments tab): newest first, with the member's email. */
export async function recentPurchases(services: Services) {
  const rows = await services.db
    .select({ purchase: portalPurchases, email: members.email, firstName: members.firstName, lastName: members.lastName })
    .from(portalPurchases)
    .innerJoin(members, eq(members.id, portalPurchases.ownerId))
    .orderBy(desc(portalPurchases.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...describePurchase(r.purchase), checkout_url: null, provider: r.purchase.provider, member: { email: r.email, name: `${r.firstName} ${r.lastName}` } }));
}
