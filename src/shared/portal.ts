import { z } from "zod";
import { ZTestPaymentSchema } from "./billing.ts";
import { daysBetween, plusYearsOf, type IsoDate } from "./calendar.ts";
import { IsoDateSchema, PeriodSchema } from "./calendar-schemas.ts";

// The owner portal's vocabulary and request rules (PORTAL.md sections 2, 3 and 8), shared by the
// server and the web app's forms. Money is integer cents everywhere.

/** Schedule E line 1b's codes (PORTAL.md 2). */
export const PROPERTY_TYPES = {
  single_family: { code: 1, label: "Single family residence" },
  multi_family: { code: 2, label: "Multi-family residence" },
  vacation: { code: 3, label: "Vacation / short-term rental" },
  commercial: { code: 4, label: "Commercial" },
  land: { code: 5, label: "Land" },
  self_rental: { code: 7, label: "Self-rental" },
  other: { code: 8, label: "Other" },
} as const;
export type PropertyType = keyof typeof PROPERTY_TYPES;
export const PROPERTY_TYPE_KEYS = Object.keys(PROPERTY_TYPES) as [PropertyType, ...PropertyType[]];

/** Where a property is, for the landlord-tenant rules that apply there (DECISIONS.md 28). */
export const JURISDICTIONS = ["chicago", "suburban_cook", "illinois_other"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];
export const JURISDICTION_LABELS: Record<Jurisdiction, string> = {
  chicago: "Chicago",
  suburban_cook: "Suburban Cook County",
  illinois_other: "Elsewhere in Illinois",
};

/** The rule set a property's tenancies follow (jurisdiction.ts decides it). */
export const RULE_SETS = ["chicago_rlto", "cook_county", "illinois"] as const;
export type RuleSet = (typeof RULE_SETS)[number];
export const RULE_SET_LABELS: Record<RuleSet, string> = {
  chicago_rlto: "Chicago Residential Landlord and Tenant Ordinance",
  cook_county: "Cook County Residential Tenant Landlord Ordinance",
  illinois: "Illinois statutes only",
};

export const LEDGER_KINDS = [
  "rent",
  "late_fee",
  "fee",
  "deposit",
  "payment",
  "credit",
  "refund",
  "deposit_applied",
  "deposit_returned",
  "deposit_held",
  "opening_balance",
  "balance_carried",
  "void",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/**
 * What an owner records by hand besides payments; the sign follows the kind (credits lower the
 * balance). `deposit_applied` keeps (part of) the security deposit held against what the tenant
 * owes (unpaid rent, or damages charged as a fee): it lowers the balance, and the amount kept is
 * income when it is applied (PORTAL.md 6).
 */
export const CHARGE_KINDS = ["fee", "deposit", "credit", "refund", "deposit_applied", "deposit_returned"] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  rent: "Rent",
  late_fee: "Late fee",
  fee: "Fee",
  deposit: "Security deposit",
  payment: "Payment",
  credit: "Credit",
  refund: "Refund to tenant",
  deposit_applied: "Security deposit kept",
  deposit_returned: "Security deposit returned",
  deposit_held: "Security deposit already held",
  opening_balance: "Opening balance",
  balance_carried: "Balance carried between terms",
  void: "Void",
};

/**
 * How a ledger row names itself: its kind, then what its description adds. Most descriptions begin
 * with the kind's own words ("Rent for March 2026", "Void: entered twice", "Security deposit"):
 * those are shown once, the kind's words leading; any other description follows the kind after " · ".
 */
export function ledgerEntryWords(kind: LedgerKind, description: string): { lead: string; rest: string } {
  const label = LEDGER_KIND_LABELS[kind];
  const text = description.trim();
  const opensWithLabel = text.toLowerCase().startsWith(label.toLowerCase()) && !/^[\p{L}\p{N}]/u.test(text.slice(label.length));
  if (opensWithLabel) return { lead: text.slice(0, label.length), rest: text.slice(label.length) };
  return { lead: label, rest: text ? ` · ${text}` : "" };
}

export const PAYMENT_METHODS = ["cash", "check", "money_order", "bank_transfer", "card", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  check: "Check",
  money_order: "Money order",
  bank_transfer: "Bank transfer",
  card: "Card",
  other: "Other",
};

export const LATE_FEE_KINDS = ["fixed", "percent", "chicago_rlto", "cook_county"] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

export const ROLL_STATUSES = ["paid", "partial", "unpaid", "credit"] as const;
export type RollStatus = (typeof ROLL_STATUSES)[number];

const cents = (what: string) =>
  z.number(`Enter ${what} in cents`).int(`${what} is a whole number of cents`).min(0, `${what} cannot be negative`).max(100_000_000_00, `${what} is too large`);
const positiveCents = (what: string) => cents(what).min(1, `${what} must be more than zero`);
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZAddressSchema = z.object({
  line1: text(200).min(1, "Enter the street address"),
  line2: optionalText(200),
  city: text(100).min(1, "Enter the city"),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use the two-letter state code")
    .default("IL"),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Use a 5-digit ZIP or ZIP+4 (60608 or 60608-1234)"),
});

export const ZUnitSchema = z.object({
  label: text(40).min(1, "Name the unit (1, 2R, Garden...)"),
  bedrooms: z.number().int().min(0).max(50).nullish(),
  bathrooms: z.number().min(0).max(50).multipleOf(0.5, "Use whole or half baths").nullish(),
  market_rent_cents: cents("Market rent").nullish(),
});
export type TUnit = z.input<typeof ZUnitSchema>;

export const ZPropertySchema = z.object({
  name: optionalText(120),
  address: ZAddressSchema,
  property_type: z.enum(PROPERTY_TYPE_KEYS, "Choose the property type"),
  placed_in_service: IsoDateSchema.nullish(),
  building_basis_cents: cents("The building's basis").nullish(),
  /** The owner lives in the building. Sending it (true or false) confirms it. */
  owner_occupied: z.boolean("Say whether you live in the building").optional(),
  /** Chicago, suburban Cook County or elsewhere in Illinois; sending it confirms it, null goes back to the app's guess from the city. */
  jurisdiction: z.enum(JURISDICTIONS, "Choose chicago, suburban_cook or illinois_other").nullish(),
  units: z.array(ZUnitSchema).max(500, "Add at most 500 units at once").default([]),
});
export type TPropertyRequest = z.input<typeof ZPropertySchema>;

export const ZPropertyPatchSchema = ZPropertySchema.omit({ units: true })
  .extend({ address: ZAddressSchema.partial(), archived: z.boolean() })
  .partial();
export type TPropertyPatch = z.input<typeof ZPropertyPatchSchema>;

export const ZUnitPatchSchema = ZUnitSchema.partial().extend({ archived: z.boolean().optional() });

/**
 * A late-fee policy (PORTAL.md 3): after `grace_days` past the due date, a fixed amount, a percent
 * of the period's rent, Chicago's RLTO limit or suburban Cook County's; optionally plus a daily
 * amount up to a cap (not with the two limits, which are the whole fee a month).
 */
export const ZLateFeePolicySchema = z
  .object({
    grace_days: z.number().int("Grace is whole days").min(0).max(31, "Use at most 31 grace days"),
    kind: z.enum(LATE_FEE_KINDS, "Choose fixed, percent, Chicago RLTO or Cook County"),
    amount_cents: cents("The late fee").nullish(),
    percent: z.number().gt(0, "The percent must be more than zero").max(100).nullish(),
    daily_cents: cents("The daily late fee").nullish(),
    max_cents: cents("The most a late fee may be").nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.kind === "fixed" && !p.amount_cents) ctx.addIssue({ code: "custom", path: ["amount_cents"], message: "Enter the late fee" });
    if (p.kind === "percent" && !p.percent) ctx.addIssue({ code: "custom", path: ["percent"], message: "Enter the percent of rent" });
    if (p.kind === "chicago_rlto" && p.daily_cents) {
      ctx.addIssue({ code: "custom", path: ["daily_cents"], message: "Chicago's RLTO allows no daily fee on top of its limit" });
    }
    if (p.kind === "cook_county" && p.daily_cents) {
      ctx.addIssue({ code: "custom", path: ["daily_cents"], message: "Cook County's ordinance allows no daily fee on top of its limit" });
    }
    if (p.daily_cents && !p.max_cents) {
      ctx.addIssue({ code: "custom", path: ["max_cents"], message: "A daily late fee needs a most it may reach" });
    }
  });
export type TLateFeePolicy = z.output<typeof ZLateFeePolicySchema>;

export const ZTenantSchema = z.object({
  first_name: text(80).min(1, "Enter the tenant's first name"),
  last_name: text(80).min(1, "Enter the tenant's last name"),
  email: z
    .email("Enter a valid email or leave it empty")
    .max(254)
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => (v ? v.toLowerCase() : null)),
  phone: optionalText(40),
});
export type TTenant = z.input<typeof ZTenantSchema>;

const reminderDays = z
  .number("Enter the number of days")
  .int("Enter a whole number of days")
  .min(0, "0 to 14 days")
  .max(14, "0 to 14 days");

/** PATCH /api/portal/leases/{id}: what may change on a running lease (its terms are fixed: end it and add a new one). */
export const ZLeaseSettingsSchema = z.object({
  reminder_days: reminderDays.optional(),
  /** The fee charged when a payment is returned unpaid (null: none). */
  returned_payment_fee_cents: z.lazy(() => returnedPaymentFee).nullable().optional(),
});

/**
 * How far back a lease's books may start. A tenancy older than this is entered with its books
 * starting later (an opening balance): nobody needs fifty years of rent posted month by month.
 */
export const LEASE_HISTORY_YEARS = 50;
export const earliestLeaseStart = (today: IsoDate): IsoDate => plusYearsOf(today, -LEASE_HISTORY_YEARS);

/**
 * Books that start after the tenancy (PORTAL.md 3a): the day they begin, the rent the tenant owed
 * on that day before its own rent (negative: a credit), and a deposit already held.
 */
export const ZOpeningBalanceSchema = z.object({
  as_of: IsoDateSchema,
  balance_cents: z
    .number("Enter what the tenant owed, in cents")
    .int("Enter a whole number of cents")
    .min(-100_000_000, "At most $1,000,000")
    .max(100_000_000, "At most $1,000,000"),
  deposit_held_cents: cents("The deposit held").default(0),
});
export type TOpeningBalance = z.input<typeof ZOpeningBalanceSchema>;

export const ZLeaseSchema = z
  .object({
    unit_id: z.uuid("Choose the unit"),
    start_date: IsoDateSchema,
    end_date: IsoDateSchema.nullish(),
    rent_cents: positiveCents("The rent"),
    due_day: z.number("Enter the day rent is due").int().min(1, "The due day is 1 to 28").max(28, "The due day is 1 to 28"),
    deposit_cents: cents("The deposit").default(0),
    late_fee: ZLateFeePolicySchema.nullish(),
    /** Days before the due date the tenants are reminded (0: no reminder before it). */
    reminder_days: reminderDays.default(3),
    /** The fee charged when a payment is returned unpaid (a bounced check), at most $25 (810 ILCS 5/3-806). */
    returned_payment_fee_cents: z.lazy(() => returnedPaymentFee).nullish(),
    tenants: z.array(ZTenantSchema).min(1, "Add at least one tenant").max(10, "At most 10 tenants on one lease"),
    /** A tenant already living there: the books start later, with what was owed then (PORTAL.md 3a). */
    opening_balance: ZOpeningBalanceSchema.nullish(),
  })
  .refine((l) => !l.end_date || l.end_date >= l.start_date, { path: ["end_date"], message: "The lease cannot end before it starts" })
  .refine((l) => !l.opening_balance || l.opening_balance.as_of >= l.start_date, {
    path: ["opening_balance", "as_of"],
    message: "The books cannot start before the lease does",
  });
export type TLeaseRequest = z.input<typeof ZLeaseSchema>;

export const ZEndLeaseSchema = z.object({ end_date: IsoDateSchema });

export const ZPaymentSchema = z.object({
  amount_cents: positiveCents("The payment"),
  paid_on: IsoDateSchema,
  method: z.enum(PAYMENT_METHODS, "Choose how it was paid"),
  reference: optionalText(120),
  /** Email the tenants a receipt; unsaid, yes for a payment dated in the last 30 days (PORTAL.md 3a). */
  send_receipt: z.boolean().optional(),
});

/** A payment older than this is being caught up on: no receipt unless the owner asks for one. */
export const RECEIPT_DEFAULT_DAYS = 30;
export const receiptByDefault = (paidOn: IsoDate, today: IsoDate) => daysBetween(paidOn, today) <= RECEIPT_DEFAULT_DAYS;
export type TPaymentRequest = z.input<typeof ZPaymentSchema>;

export const ZChargeSchema = z.object({
  kind: z.enum(CHARGE_KINDS, "Choose fee, deposit, credit, refund, deposit kept or deposit returned"),
  amount_cents: positiveCents("The amount"),
  date: IsoDateSchema,
  description: text(200).min(1, "Describe the charge"),
});
export type TChargeRequest = z.input<typeof ZChargeSchema>;

/**
 * The most a returned payment (a bounced check) may cost the tenant: 810 ILCS 5/3-806 makes the
 * drawer of a dishonored check liable for $25, or for the costs of collecting it when they are
 * greater, and those costs only after a written demand by certified mail. A flat fee above $25 is
 * refused; a landlord owed more collects it as the statute says, not as a ledger fee.
 */
export const RETURNED_PAYMENT_FEE_LIMIT_CENTS = 2_500;
const returnedPaymentFee = z
  .number("Enter the fee in cents")
  .int("Enter a whole number of cents")
  .min(0, "The fee cannot be negative")
  .max(RETURNED_PAYMENT_FEE_LIMIT_CENTS, "At most $25.00: 810 ILCS 5/3-806 sets $25 for a dishonored check (more only as collection costs after a certified-mail demand)");

export const ZVoidSchema = z.object({
  reason: text(200).min(3, "Say why this entry is voided"),
  /** A payment returned unpaid (a bounced check): the lease's returned-payment fee is charged. */
  returned_unpaid: z.boolean().default(false),
});

export const ZRentRollQuerySchema = z.object({
  month: PeriodSchema.optional(),
  format: z.enum(["json", "csv"]).default("json"),
});

export const ZLeaseListQuerySchema = z.object({
  state: z.enum(["current", "active", "upcoming", "ended", "all"]).optional(),
  property_id: z.uuid().optional(),
  unit_id: z.uuid().optional(),
});

/** A rent-roll import: the spreadsheet as CSV text; `confirm` writes it, else the answer is a preview. */
export const ZImportRequestSchema = z.object({
  csv: z.string().min(1, "Choose the spreadsheet (CSV) to import").max(900_000, "The spreadsheet is too large: import at most 2000 rows at a time"),
  confirm: z.boolean().optional(),
});

/** Chicago's RLTO late-fee limit (5-12-140(h)): $10 for the first $500 of monthly rent plus 5% of the rent above $500, half up to the cent. */
export function chicagoRltoLimit(monthlyRentCents: number): number {
  return 1000 + Math.floor((2 * Math.max(0, monthlyRentCents - 50_000) * 5 + 100) / 200);
}

/**
 * Suburban Cook County's late-fee limit (Residential Tenant Landlord Ordinance, Cook County Code
 * Sec. 42-804): $10 a month for the first $1,000 of monthly rent plus 5% a month of the rent above
 * $1,000, half up to the cent.
 */
export function cookCountyLimit(monthlyRentCents: number): number {
  return 1000 + Math.floor((2 * Math.max(0, monthlyRentCents - 100_000) * 5 + 100) / 200);
}

// Maintenance requests (PORTAL.md 5).
export const MAINTENANCE_CATEGORIES = ["plumbing", "electrical", "hvac", "appliance", "structural", "pest", "landscaping", "snow", "cleaning", "other"] as const;
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];
export const MAINTENANCE_CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: "Plumbing",
  electrical: "Electrical",
  hvac: "Heating and cooling",
  appliance: "Appliance",
  structural: "Structural",
  pest: "Pests",
  landscaping: "Landscaping",
  snow: "Snow",
  cleaning: "Cleaning",
  other: "Other",
};
export const MAINTENANCE_PRIORITIES = ["emergency", "high", "normal", "low"] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];
/** A request's urgency in a sentence: "Tina Tenant sent a high-priority maintenance request". */
export const MAINTENANCE_PRIORITY_PHRASES: Record<MaintenancePriority, string> = {
  emergency: "an emergency maintenance request",
  high: "a high-priority maintenance request",
  normal: "a maintenance request",
  low: "a low-priority maintenance request",
};
export const MAINTENANCE_STATUSES = ["submitted", "acknowledged", "in_progress", "on_hold", "completed", "closed", "declined", "cancelled"] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  submitted: "Submitted",
  acknowledged: "Acknowledged",
  in_progress: "In progress",
  on_hold: "On hold",
  completed: "Completed",
  closed: "Closed",
  declined: "Declined",
  cancelled: "Cancelled",
};

export const ZMaintenanceRequestSchema = z.object({
  /** The owner names the property (and unit); a tenant names their lease. */
  property_id: z.uuid("Choose the property").optional(),
  unit_id: z.uuid().nullish(),
  lease_id: z.uuid("Choose the home").optional(),
  title: text(120).min(3, "Say in a few words what is wrong"),
  description: text(4000).min(1, "Describe the problem"),
  category: z.enum(MAINTENANCE_CATEGORIES, "Choose a category"),
  priority: z.enum(MAINTENANCE_PRIORITIES, "Choose how urgent it is").default("normal"),
  permission_to_enter: z.boolean().default(false),
});
export type TMaintenanceRequest = z.input<typeof ZMaintenanceRequestSchema>;

export const ZTransitionSchema = z.object({ to: z.enum(MAINTENANCE_STATUSES, "Choose the new status"), note: text(2000).default("") });
export const ZCommentSchema = z.object({ body: text(4000).min(1, "Write a comment") });
/** A contractor the directory offers the request (its listing's id: GET /api/portal/maintenance/{id}/contractors). */
export const ZAssignSchema = z.object({ contractor_id: z.uuid("Choose a verified contractor of the directory") });
export const ZTenantCancelSchema = z.object({ note: text(2000).default("") });

// Tenants, online rent and lease documents (PORTAL.md 1, 4, 8).
export const ZPayoutSettingsSchema = z.object({
  payment_instructions: text(2000),
});
export const ZRentPaymentRequestSchema = z.object({
  /** Omitted: the whole balance. */
  amount_cents: positiveCents("The amount").optional(),
});
export const ZLeaseDocumentSchema = z.object({
  title: text(120).min(1, "Give the document a title"),
  shared_with_tenants: z.boolean().default(true),
});
export const ZTestRentPaymentSchema = z.discriminatedUnion("method", [
  z.object({
    session_id: z.string().min(1).max(200),
    method: z.literal("card"),
    card_number: ZTestPaymentSchema.shape.card_number,
  }),
  z.object({
    session_id: z.string().min(1).max(200),
    method: z.literal("us_bank_account"),
    outcome: z.enum(["clears", "fails"]),
  }),
]);
export const RENT_PAYMENT_STATUS_LABELS = {
  initiated: "Waiting for payment",
  processing: "Processing (bank payments take a few days)",
  paid: "Paid",
  failed: "Failed",
  expired: "Expired",
  refunded: "Refunded",
} as const;

export { formatCents, parseDollars } from "./money.ts";

// ---------------------------------------------------------------------------------------------
// Security deposits and the compliance calendar (PORTAL.md 3b)
// ---------------------------------------------------------------------------------------------

export const ZDepositInstitutionSchema = z.object({
  institution: z.object({
    name: text(120).min(1, "Name the bank or institution"),
    address: text(240).min(1, "Give its address"),
  }),
});

export const ZDepositReceiptSchema = z.object({
  /** The name typed as the signature of the person receiving the deposit; unsaid, the owner's name. */
  signature_name: text(120).min(2, "Type your name as your signature").optional(),
});

export const ZMoveOutSchema = z.object({
  vacated_on: IsoDateSchema,
  forwarding_address: text(300).default(""),
  forwarding_email: z.email("Enter a valid email").max(254).nullish(),
  /** The tenant ended the lease after a fire or casualty (RLTO 5-12-110(g)): the deposit is due in 7 days. */
  casualty: z.boolean().default(false),
});

export const DEDUCTION_KINDS = ["unpaid_rent", "damage"] as const;
export const ZDepositStatementSchema = z.object({
  deductions: z
    .array(
      z.object({
        kind: z.enum(DEDUCTION_KINDS, "Choose unpaid rent or damage"),
        description: text(200).min(2, "Describe the deduction"),
        amount_cents: positiveCents("The deduction"),
        /** An estimated cost: the paid receipts follow within 30 days of the statement. */
        estimate: z.boolean().default(false),
        file_ids: z.array(z.uuid("A file id")).max(10).default([]),
        /** The move-out condition item it comes from. */
        condition_item: text(80).nullish(),
      }),
    )
    .max(40, "At most 40 deductions"),
});
export type TDepositStatementRequest = z.input<typeof ZDepositStatementSchema>;

export const ZDepositReceiptsSchema = z.object({ file_ids: z.array(z.uuid("A file id")).min(1, "Attach the paid receipts").max(10) });

export const ZInterestSettlementSchema = z.object({
  period_start: IsoDateSchema,
  settled_as: z.enum(["cash", "rent_credit"], "Paid in cash, or credited to rent"),
  settled_on: IsoDateSchema,
});

export const CONDITIONS = ["good", "fair", "poor", "damaged", "missing"] as const;
export const ZConditionReportSchema = z.object({
  kind: z.enum(["move_in", "move_out"], "Move-in or move-out"),
  inspected_on: IsoDateSchema,
  items: z
    .array(
      z.object({
        key: text(80).min(1).optional(),
        room: text(80).min(1, "Name the room"),
        item: text(120).min(1, "Name the item"),
        condition: z.enum(CONDITIONS, "Choose the condition"),
        note: text(500).default(""),
        file_ids: z.array(z.uuid("A file id")).max(10).default([]),
      }),
    )
    .min(1, "Add at least one item")
    .max(200, "At most 200 items"),
});

export const ZConditionSignatureSchema = z.object({
  consent: z.literal(true, "Tick the box to sign"),
  signature_name: text(120).min(2, "Type your name as your signature"),
  comment: text(1000).default(""),
});

export const COMPLIANCE_KINDS = ["rlto_summary", "deposit_receipt", "deposit_interest", "move_out_statement", "deduction_receipts", "deposit_return", "notice_deadline", "lease_end"] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];
export const COMPLIANCE_STATUSES = ["upcoming", "due_soon", "overdue", "done"] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const ZDepositRateSchema = z.object({
  rule_set: z.enum(RULE_SETS, "Choose the rule set"),
  year: z.number().int().min(1990).max(2199),
  /** As the notice writes it, a percent: "0.01". */
  rate_percent: z.string().trim().regex(/^\d{1,2}(\.\d{1,4})?$/, "Write the rate as a percent, like 0.01"),
  source: text(300).min(5, "Name the notice the rate comes from"),
});

// ---------------------------------------------------------------------------------------------
// Leases signed online and renewals (PORTAL.md 8a)
// ---------------------------------------------------------------------------------------------

export const SIGNATURE_DOCUMENTS = ["template", "upload"] as const;
export type SignatureDocument = (typeof SIGNATURE_DOCUMENTS)[number];
/** `withdrawn`: the owner took the request back before it was countersigned (a new one may follow). */
export const SIGNATURE_REQUEST_STATUSES = ["sent", "signed", "declined", "countersigned", "withdrawn"] as const;
export type SignatureRequestStatus = (typeof SIGNATURE_REQUEST_STATUSES)[number];
export const SIGNER_STATUSES = ["pending", "signed", "declined"] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

export const ZSignatureRequestSchema = z
  .object({
    document: z.enum(SIGNATURE_DOCUMENTS, "Choose the association's lease or your own PDF"),
    /** The owner's own lease (a PDF uploaded with the lease's documents). */
    file_id: z.uuid("Choose the PDF of your lease").nullish(),
    /** The landlord's (or agent's) address for notices and demands (RLTO 5-12-090): the template prints it. */
    notice_address: text(300).default(""),
    /** Terms the template does not cover (utilities, pets, parking), printed as its last section. */
    additional_terms: text(10_000).default(""),
    /** Chicago (RLTO 5-12-170): the City's RLTO summary and its security deposit interest rate summary, as PDFs the owner uploaded. */
    rlto_summary_file_id: z.uuid("Choose the PDF of the City's RLTO summary").nullish(),
    interest_rate_summary_file_id: z.uuid("Choose the PDF of the City's interest rate summary").nullish(),
  })
  .refine((r) => r.document !== "upload" || !!r.file_id, { path: ["file_id"], message: "Choose the PDF of your lease" })
  .refine((r) => r.document !== "template" || r.notice_address.trim().length >= 5, {
    path: ["notice_address"],
    message: "Give the address where the tenant sends notices and demands",
  });
export type TSignatureRequest = z.input<typeof ZSignatureRequestSchema>;

export const ZCountersignSchema = z.object({
  consent: z.literal(true, "Tick the box to sign"),
  signature_name: text(120).min(2, "Type your name as your signature"),
});

export const ZTenantSignSchema = z.object({
  consent: z.literal(true, "Tick the box to sign"),
  signature_name: text(120).min(2, "Type your name as your signature"),
  /** The SHA-256 of the document the tenant read: a document changed since is not signed. */
  document_sha256: z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, "The document's SHA-256 is 64 hexadecimal characters"),
});

export const ZDeclineSignatureSchema = z.object({ reason: text(1000).min(3, "Say why you decline") });

export const ZRenewSchema = z
  .object({
    start_date: IsoDateSchema,
    /** Null: the renewal runs month to month. */
    end_date: IsoDateSchema.nullish(),
    rent_cents: positiveCents("The rent"),
  })
  .refine((r) => !r.end_date || r.end_date >= r.start_date, { path: ["end_date"], message: "The renewal cannot end before it starts" });
export type TRenewRequest = z.input<typeof ZRenewSchema>;

export const ZDisclosureGivenSchema = z.object({
  /** The day the tenants were given the City's RLTO summary and interest rate summary (on paper, or with an earlier lease). */
  given_on: IsoDateSchema,
});

/** The uploads that are photos (DECISIONS.md 24): shown as thumbnails that open the picture (decision 0087); the rest stay download links. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const isPhoto = (contentType: string) => (PHOTO_TYPES as readonly string[]).includes(contentType);
