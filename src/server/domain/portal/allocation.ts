import { maxDate, type IsoDate, type Period } from "../../../shared/calendar.ts";
import type { LedgerKind } from "../../../shared/portal.ts";

// What the tenant's money paid (PORTAL.md 3 and 3a, DECISIONS.md 27), as one pure function of a
// lease's entries. Every reader of "what is unpaid" calls it: the 5-day notice's demand, the
// dashboard's rent unpaid, the rent roll's status, the tenant's balance, the statement's rent and
// fees outstanding, the late fees, the deposit held and the cash basis of the reports.
//
// The rule: money pays what is due on its date, rent first (oldest first), then security deposits
// (oldest first); what is left over waits as credit and pays rent and deposits as they come due.
// Fees and late fees are paid only from money that no rent or deposit needs as of the day asked
// about: an unpaid fee never makes rent late, and a payment meant for next month's rent is never
// spent on a fee. A refund takes money back: from the credit first, then from what money paid last
// (deposits before rent, the newest first). An opening balance (books that start after the tenancy)
// is rent owed on its day, or, when negative, a credit; so is a balance carried between the terms of
// a renewed tenancy (the earlier term closes with it, the renewal opens with it). Deposit movements that are not the tenant's
// money (a deposit already held when the books began, a deposit returned) change the deposit held
// and never the balance.

export interface LedgerFact {
  id: string;
  date: IsoDate;
  kind: LedgerKind;
  /** Charges positive; payments and credits negative. */
  amountCents: number;
  period: Period | null;
  /** For a void: the entry it cancels. */
  voids: string | null;
  /** The deposit held moved by this entry outside the balance (deposit already held: +, returned: -). */
  depositCents?: number;
  /** A posting's revision (a late fee decided again is a new entry of the next revision). */
  revision?: number;
  /** Who wrote it: "system" for what posting decided, else the owner, the tenant, an import. */
  source?: string;
}

/** The entries that stand: neither a void nor voided. A void and what it cancels net to zero. */
export function standing<T extends Pick<LedgerFact, "id" | "kind" | "voids">>(entries: readonly T[]): T[] {
  const voided = new Set(entries.filter((e) => e.kind === "void" && e.voids).map((e) => e.voids));
  return entries.filter((e) => e.kind !== "void" && !voided.has(e.id));
}

/** What a charge is, for the order in which money pays it. */
export type ChargeClass = "rent" | "deposit" | "fee";

export function chargeClassOf(fact: Pick<LedgerFact, "kind" | "amountCents">): ChargeClass | null {
  // A rent of nothing is a rent all the same: paid on its day, never late.
  if (fact.kind === "rent" && fact.amountCents === 0) return "rent";
  if (fact.amountCents <= 0) return null;
  switch (fact.kind) {
    case "rent":
    case "opening_balance":
    case "balance_carried":
      return "rent";
    case "deposit":
      return "deposit";
    case "late_fee":
    case "fee":
      return "fee";
    default:
      return null;
  }
}

/** Money that lowers the balance: what the tenant paid, credits, a kept deposit, a credit balance at the start of the books. */
export function isMoney(fact: Pick<LedgerFact, "kind" | "amountCents">): boolean {
  return fact.amountCents < 0 && (fact.kind === "payment" || fact.kind === "credit" || fact.kind === "deposit_applied" || fact.kind === "opening_balance" || fact.kind === "balance_carried");
}

export interface ChargeCoverage {
  id: string;
  kind: LedgerKind;
  charge: ChargeClass;
  date: IsoDate;
  period: Period | null;
  amountCents: number;
  /** What is still unpaid of it as of the day asked about. */
  unpaidCents: number;
  /** When it was paid in full, or null while some of it is unpaid. Fees: the day asked about, once paid. */
  coveredOn: IsoDate | null;
}

/** What one entry of money paid: the charges, by class, and what it left as credit. */
export interface MoneyUse {
  id: string;
  kind: LedgerKind;
  date: IsoDate;
  /** The money, positive, less what refunds took back of it. */
  amountCents: number;
  /** The money as it came in. */
  receivedCents: number;
  paid: { chargeId: string; kind: LedgerKind; charge: ChargeClass; cents: number }[];
  /** Not yet used by any charge: credit (rent paid in advance). */
  unusedCents: number;
}

/** A refund: money back to the tenant, and what it took back (credit, or the charges it unpaid). */
export interface RefundUse {
  id: string;
  date: IsoDate;
  amountCents: number;
  /** From each entry of money whose credit or payment it took back. */
  takenBack: { moneyId: string; charge: ChargeClass | "credit"; cents: number }[];
  /** More than the tenant had paid: owed back by the tenant. */
  owedCents: number;
}

export interface Allocation {
  asOf: IsoDate;
  charges: Map<string, ChargeCoverage>;
  money: MoneyUse[];
  refunds: RefundUse[];
  rentUnpaidCents: number;
  depositUnpaidCents: number;
  feesUnpaidCents: number;
  /** Money not used by any charge: the tenant's credit. */
  creditCents: number;
  /** The security deposit held: deposits paid, plus any held when the books began, less deposits kept and returned. */
  depositHeldCents: number;
  /** Each change of the deposit held, by day (paid in, held when the books began, kept, returned, refunded): for its interest. */
  depositMoves: { date: IsoDate; cents: number }[];
  /** What the tenant owes (positive) or has in credit (negative): equal to the sum of the entries. */
  balanceCents: number;
}

interface Lot {
  use: MoneyUse;
  left: number;
}

const byDate = <T extends { date: IsoDate }>(a: T, b: T) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * Allocates a lease's money to its charges as of `asOf` (entries dated after it are left out).
 * `entries` are in ledger order (by date, then as recorded). Linear in the entries but for refunds,
 * each of which walks back over what it takes.
 */
export function allocate(entries: readonly LedgerFact[], asOf: IsoDate): Allocation {
  const live = standing(entries).filter((e) => e.date <= asOf);
  const queues: Record<ChargeClass, ChargeCoverage[]> = { rent: [], deposit: [], fee: [] };
  const incoming: LedgerFact[] = [];
  let depositMemo = 0;
  let kept = 0;
  let balance = 0;
  for (const e of live) {
    balance += e.amountCents;
    depositMemo += e.depositCents ?? 0;
    const charge = chargeClassOf(e);
    if (charge) {
      queues[charge].push({ id: e.id, kind: e.kind, charge, date: e.date, period: e.period, amountCents: e.amountCents, unpaidCents: e.amountCents, coveredOn: null });
      continue;
    }
    if (isMoney(e) || (e.kind === "refund" && e.amountCents > 0)) incoming.push(e);
    if (e.kind === "deposit_applied" && e.amountCents < 0) kept += -e.amountCents;
  }
  for (const queue of Object.values(queues)) queue.sort(byDate);
  incoming.sort(byDate);

  const money: MoneyUse[] = [];
  const refunds: RefundUse[] = [];
  const depositMoves: { date: IsoDate; cents: number }[] = [];
  for (const e of live) {
    if (e.depositCents) depositMoves.push({ date: e.date, cents: e.depositCents });
    if (e.kind === "deposit_applied" && e.amountCents < 0) depositMoves.push({ date: e.date, cents: e.amountCents });
  }
  /** Money with something left, oldest first. */
  const lots: Lot[] = [];
  let firstLot = 0;
  /** Per class: how many have come due, and the first that may still be unpaid (each queue's paid part is a prefix). */
  const due = { rent: 0, deposit: 0 };
  const next = { rent: 0, deposit: 0 };

  const spend = (charge: ChargeCoverage, on: IsoDate) => {
    while (charge.unpaidCents > 0 && firstLot < lots.length) {
      const lot = lots[firstLot]!;
      const part = Math.min(lot.left, charge.unpaidCents);
      lot.left -= part;
      charge.unpaidCents -= part;
      if (charge.charge === "deposit" && part > 0) depositMoves.push({ date: maxDate(on, charge.date), cents: part });
      const last = lot.use.paid.at(-1);
      if (last && last.chargeId === charge.id) last.cents += part;
      else lot.use.paid.push({ chargeId: charge.id, kind: charge.kind, charge: charge.charge, cents: part });
      if (lot.left === 0) firstLot += 1;
    }
    if (charge.unpaidCents === 0 && charge.coveredOn === null) charge.coveredOn = maxDate(on, charge.date);
  };
  const pay = (on: IsoDate) => {
    for (const cls of ["rent", "deposit"] as const) {
      while (firstLot < lots.length && next[cls] < due[cls]) {
        const charge = queues[cls][next[cls]]!;
        spend(charge, on);
        if (charge.unpaidCents > 0) break;
        next[cls] += 1;
      }
    }
  };
  // Rent and deposits come due on their date, before the money of that day.
  const comeDue = (through: IsoDate) => {
    for (;;) {
      const rent = queues.rent[due.rent];
      const deposit = queues.deposit[due.deposit];
      const cls = rent && rent.date <= through && (!deposit || rent.date <= deposit.date) ? "rent" : deposit && deposit.date <= through ? "deposit" : null;
      if (cls === null) return;
      const charge = queues[cls][due[cls]++]!;
      if (charge.unpaidCents === 0) charge.coveredOn = charge.date;
      pay(charge.date);
    }
  };

  for (const e of incoming) {
    comeDue(e.date);
    if (e.kind !== "refund") {
      const use: MoneyUse = { id: e.id, kind: e.kind, date: e.date, amountCents: -e.amountCents, receivedCents: -e.amountCents, paid: [], unusedCents: 0 };
      money.push(use);
      lots.push({ use, left: use.amountCents });
      pay(e.date);
      continue;
    }
    // A refund: from the credit first (the newest money first), then from what money paid last.
    const refund: RefundUse = { id: e.id, date: e.date, amountCents: e.amountCents, takenBack: [], owedCents: 0 };
    refunds.push(refund);
    let owed = e.amountCents;
    for (let i = lots.length - 1; owed > 0 && i >= firstLot; i--) {
      const lot = lots[i]!;
      const part = Math.min(lot.left, owed);
      if (part <= 0) continue;
      lot.left -= part;
      lot.use.amountCents -= part;
      owed -= part;
      refund.takenBack.push({ moneyId: lot.use.id, charge: "credit", cents: part });
    }
    for (const cls of ["deposit", "rent"] as const) {
      for (let i = due[cls] - 1; owed > 0 && i >= 0; i--) {
        const charge = queues[cls][i]!;
        let back = Math.min(owed, charge.amountCents - charge.unpaidCents);
        if (back <= 0) continue;
        charge.unpaidCents += back;
        charge.coveredOn = null;
        owed -= back;
        if (cls === "deposit") depositMoves.push({ date: e.date, cents: -back });
        next[cls] = Math.min(next[cls], i);
        // Whose payment it was: the newest money that paid this charge gives it back first.
        for (let j = money.length - 1; back > 0 && j >= 0; j--) {
          const use = money[j]!;
          for (let k = use.paid.length - 1; back > 0 && k >= 0; k--) {
            const part = use.paid[k]!;
            if (part.chargeId !== charge.id || part.cents === 0) continue;
            const taken = Math.min(back, part.cents);
            part.cents -= taken;
            use.amountCents -= taken;
            back -= taken;
            refund.takenBack.push({ moneyId: use.id, charge: cls, cents: taken });
          }
        }
      }
    }
    refund.owedCents = owed;
    pay(e.date);
  }
  comeDue(asOf);

  // Fees: from what is left once rent and deposits have had their share, oldest fee first.
  for (const fee of queues.fee) spend(fee, asOf);

  let credit = 0;
  for (let i = firstLot; i < lots.length; i++) credit += lots[i]!.left;
  for (const lot of lots) lot.use.unusedCents = lot.left;
  for (const use of money) use.paid = use.paid.filter((p) => p.cents > 0);

  const charges = new Map<string, ChargeCoverage>();
  const unpaid = { rent: 0, deposit: 0, fee: 0 };
  let depositPaid = 0;
  for (const cls of ["rent", "deposit", "fee"] as const) {
    for (const charge of queues[cls]) {
      charges.set(charge.id, charge);
      unpaid[cls] += charge.unpaidCents;
      if (cls === "deposit") depositPaid += charge.amountCents - charge.unpaidCents;
    }
  }
  // Owed back by the tenant: a refund of more than they had paid is owed like rent.
  const owedBack = refunds.reduce((s, r) => s + r.owedCents, 0);
  return {
    asOf,
    charges,
    money,
    refunds,
    rentUnpaidCents: unpaid.rent + owedBack,
    depositUnpaidCents: unpaid.deposit,
    feesUnpaidCents: unpaid.fee,
    creditCents: credit,
    depositHeldCents: depositPaid + depositMemo - kept,
    depositMoves: depositMoves.sort(byDate),
    balanceCents: balance,
  };
}

/** What the tenant owes (positive) or has in credit (negative): the sum of every entry. */
export function balanceOf(entries: readonly Pick<LedgerFact, "amountCents">[]): number {
  return entries.reduce((sum, e) => sum + e.amountCents, 0);
}
