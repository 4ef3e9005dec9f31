import { z } from "zod";
import { IsoDateSchema, PeriodSchema } from "./calendar-schemas.ts";

// The owner's books beyond the ledger (PORTAL.md 6): expense categories with their Schedule E
// lines, the expense and bank-import requests, and the reports' queries. Shared by the server and
// the web app's forms; this table is the one source of every category's line and group.

/** Schedule E (Form 1040) Part I lines, as the form words them. */
export const SCHEDULE_E_LINES = {
  "3": "Rents received",
  "4": "Royalties received",
  "5": "Advertising",
  "6": "Auto and travel",
  "7": "Cleaning and maintenance",
  "8": "Commissions",
  "9": "Insurance",
  "10": "Legal and other professional fees",
  "11": "Management fees",
  "12": "Mortgage interest paid to banks, etc.",
  "13": "Other interest",
  "14": "Repairs",
  "15": "Supplies",
  "16": "Taxes",
  "17": "Utilities",
  "18": "Depreciation expense or depletion",
  "19": "Other (list)",
  "20": "Total expenses. Add lines 5 through 19",
  "21": "Income or (loss). Subtract line 20 from line 3 (rents) and/or 4 (royalties)",
} as const;
export type ScheduleELine = keyof typeof SCHEDULE_E_LINES;
/** The expense lines, in the form's order. */
export const EXPENSE_LINES = ["5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19"] as const satisfies readonly ScheduleELine[];

/** The totals of Schedule E Part I, as the form words them. */
export const SCHEDULE_E_TOTAL_KEYS = ["23a", "23b", "23c", "23d", "23e", "24", "25", "26"] as const;
export const SCHEDULE_E_TOTALS: Record<(typeof SCHEDULE_E_TOTAL_KEYS)[number], string> = {
  "23a": "Total of all amounts reported on line 3 for all rental properties",
  "23b": "Total of all amounts reported on line 4 for all royalty properties",
  "23c": "Total of all amounts reported on line 12 for all properties",
  "23d": "Total of all amounts reported on line 18 for all properties",
  "23e": "Total of all amounts reported on line 20 for all properties",
  "24": "Income. Add positive amounts shown on line 21",
  "25": "Losses. Add losses from line 21 (before any Form 8582 limit)",
  "26": "Total rental real estate and royalty income or (loss). Combine lines 24 and 25",
};

/**
 * Where an expense goes: `operating` lines 5-19 (deductible, inside net operating income except
 * interest), `financing` interest and principal, `capital` improvements (depreciated, not
 * deducted), `owner` draws and contributions (transfers), `deposit` security deposits returned.
 */
export const EXPENSE_GROUPS = {
  operating: "Operating expenses",
  financing: "Loan interest and principal",
  capital: "Capital improvements",
  owner: "Owner draws and contributions",
  deposit: "Security deposits returned",
} as const;
export type ExpenseGroup = keyof typeof EXPENSE_GROUPS;

/** PORTAL.md 6's categories, each with its Schedule E line (null: not deductible as an expense). */
export const EXPENSE_CATEGORIES = {
  advertising: { label: "Advertising", line: "5", group: "operating" },
  auto_travel: { label: "Auto and travel", line: "6", group: "operating" },
  cleaning_maintenance: { label: "Cleaning and maintenance", line: "7", group: "operating" },
  commissions: { label: "Commissions", line: "8", group: "operating" },
  insurance: { label: "Insurance", line: "9", group: "operating" },
  legal_professional: { label: "Legal and other professional fees", line: "10", group: "operating" },
  management_fees: { label: "Management fees", line: "11", group: "operating" },
  mortgage_interest: { label: "Mortgage interest paid to banks", line: "12", group: "financing" },
  other_interest: { label: "Other interest", line: "13", group: "financing" },
  repairs: { label: "Repairs", line: "14", group: "operating" },
  supplies: { label: "Supplies", line: "15", group: "operating" },
  property_taxes: { label: "Property taxes", line: "16", group: "operating" },
  utilities: { label: "Utilities", line: "17", group: "operating" },
  hoa_dues: { label: "HOA dues", line: "19", group: "operating" },
  bank_fees: { label: "Bank fees", line: "19", group: "operating" },
  software: { label: "Software and subscriptions", line: "19", group: "operating" },
  other: { label: "Other", line: "19", group: "operating" },
  capital_improvement: { label: "Capital improvement", line: null, group: "capital" },
  mortgage_principal: { label: "Mortgage principal", line: null, group: "financing" },
  owner_draw: { label: "Owner draw", line: null, group: "owner" },
  owner_contribution: { label: "Owner contribution", line: null, group: "owner" },
  security_deposit_refund: { label: "Security deposit refund", line: null, group: "deposit" },
} as const satisfies Record<string, { label: string; line: ScheduleELine | null; group: ExpenseGroup }>;
export type ExpenseCategory = keyof typeof EXPENSE_CATEGORIES;
export const EXPENSE_CATEGORY_KEYS = Object.keys(EXPENSE_CATEGORIES) as [ExpenseCategory, ...ExpenseCategory[]];

/** The category list as the API answers it (GET /api/portal/expense-categories). */
export function expenseCategoryList() {
  return EXPENSE_CATEGORY_KEYS.map((key) => {
    const { label, line, group } = EXPENSE_CATEGORIES[key];
    return {
      key,
      label,
      schedule_e_line: line,
      schedule_e_label: line ? SCHEDULE_E_LINES[line] : null,
      group,
      group_label: EXPENSE_GROUPS[group],
      deductible: line !== null,
    };
  });
}

/** Income on the cash basis, from the ledgers: what tenants paid, by what it paid. */
export const INCOME_CATEGORIES = {
  rent: "Rent",
  late_fee: "Late fees",
  fee: "Other tenant fees",
  deposit_kept: "Security deposits kept",
} as const;
export type IncomeCategory = keyof typeof INCOME_CATEGORIES;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** Money out is positive; a refund or return from a vendor is entered negative. */
const expenseCents = z
  .number("Enter the amount in cents")
  .int("The amount is a whole number of cents")
  .min(-100_000_000_00, "The amount is too large")
  .max(100_000_000_00, "The amount is too large")
  .refine((v) => v !== 0, "The amount cannot be zero");

export const ZExpenseSchema = z.object({
  property_id: z.uuid("Choose the property"),
  unit_id: z.uuid("Choose a unit of the property").nullish().transform((v) => v ?? null),
  date: IsoDateSchema,
  amount_cents: expenseCents,
  payee: text(200).min(1, "Enter who was paid"),
  memo: optionalText(1000),
  /** Null: not categorised yet (an import can leave it for later); the reports list such expenses. */
  category: z.enum(EXPENSE_CATEGORY_KEYS, "Choose a category").nullish().transform((v) => v ?? null),
  maintenance_request_id: z.uuid("Choose a maintenance request").nullish().transform((v) => v ?? null),
});
export type TExpenseRequest = z.input<typeof ZExpenseSchema>;

export const ZExpensePatchSchema = z
  .object({
    property_id: z.uuid("Choose the property"),
    unit_id: z.uuid("Choose a unit of the property").nullable(),
    date: IsoDateSchema,
    amount_cents: expenseCents,
    payee: text(200).min(1, "Enter who was paid"),
    memo: optionalText(1000),
    category: z.enum(EXPENSE_CATEGORY_KEYS, "Choose a category").nullable(),
    maintenance_request_id: z.uuid("Choose a maintenance request").nullable(),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, "Change at least one field");
export type TExpensePatch = z.input<typeof ZExpensePatchSchema>;

export const ZExpenseListQuerySchema = z.object({
  property_id: z.uuid().optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  category: z.union([z.enum(EXPENSE_CATEGORY_KEYS), z.literal("uncategorized")]).optional(),
  maintenance_request_id: z.uuid().optional(),
});

/** What a column of a bank export holds; `debit` and `credit` replace `amount` in two-column exports. */
export const BANK_COLUMN_ROLES = ["date", "description", "amount", "debit", "credit"] as const;
export type BankColumnRole = (typeof BANK_COLUMN_ROLES)[number];

/**
 * How to read a bank export: which column (0-based) holds what, whether its first row is a header,
 * and which sign a payment out carries in a single amount column (banks differ).
 */
export const ZBankMappingSchema = z
  .object({
    has_header: z.boolean(),
    /** Which of the file's non-empty rows is the header (a summary block may stand above it); 0 when omitted. */
    header_row: z.number().int().min(0).max(100).nullish(),
    date: z.number().int().min(0).max(49),
    description: z.number().int().min(0).max(49),
    amount: z.number().int().min(0).max(49).nullish(),
    debit: z.number().int().min(0).max(49).nullish(),
    credit: z.number().int().min(0).max(49).nullish(),
    /** In a single amount column: "negative" (most banks: -86.41 is a payment) or "positive" (card exports that show purchases positive). */
    outflow_sign: z.enum(["negative", "positive"]).default("negative"),
    date_format: z.enum(["MDY", "YMD", "DMY"]).default("MDY"),
  })
  .refine((m) => m.amount != null || m.debit != null, {
    path: ["amount"],
    message: "Map an amount column, or the debit (and credit) columns",
  });
export type TBankMapping = z.output<typeof ZBankMappingSchema>;

/** One preview line the owner changed: its category, whether to import it (a duplicate or money in), and where. */
export const ZBankRowChoiceSchema = z.object({
  line: z.number().int().min(1),
  include: z.boolean().optional(),
  category: z.enum(EXPENSE_CATEGORY_KEYS).nullish(),
  property_id: z.uuid().nullish(),
});

/** A category for every row of one payee at once (the preview's `payee_key`); a row's own choice wins. */
export const ZBankPayeeChoiceSchema = z.object({
  payee_key: z.string().trim().min(1, "Say which payee").max(200),
  category: z.enum(EXPENSE_CATEGORY_KEYS).nullable(),
});

export const ZBankImportRequestSchema = z.object({
  csv: z.string().min(1, "Choose the bank or card export (CSV) to import").max(900_000, "The file is too large: import at most 2000 rows at a time"),
  /** Omitted: the columns are guessed from the header, and the answer shows the guess. */
  mapping: ZBankMappingSchema.optional(),
  /** The property the expenses are for, unless a row says otherwise. */
  property_id: z.uuid("Choose the property these expenses are for").optional(),
  rows: z.array(ZBankRowChoiceSchema).max(2000).default([]),
  payees: z.array(ZBankPayeeChoiceSchema).max(2000).default([]),
  confirm: z.boolean().optional(),
});
export type TBankImportRequest = z.input<typeof ZBankImportRequestSchema>;

export const ZMonthlyReportQuerySchema = z.object({
  month: PeriodSchema.optional(),
  format: z.enum(["json", "pdf", "csv"]).default("json"),
});

export const ZStatementQuerySchema = z.object({ format: z.enum(["json", "pdf", "csv"]).default("json") });

export const ZStatementSettingsSchema = z.object({ monthly_email: z.boolean("Say whether to email the statement") });

const taxYear = z.coerce.number("Enter the tax year").int("Enter a year like 2025").min(2000, "Choose a year from 2000").max(2100, "Choose a year before 2100");

export const ZScheduleEQuerySchema = z.object({
  year: taxYear.optional(),
  format: z.enum(["json", "pdf", "csv"]).default("json"),
});

export const ZPurchaseRequestSchema = z.object({
  item: z.enum(["tax_report", "eviction_case", "bookkeeping"], "Choose what to buy: tax_report, eviction_case or bookkeeping"),
  year: taxYear.optional(),
  reference: z.string().trim().max(100).optional(),
});
export type TPurchaseRequest = z.output<typeof ZPurchaseRequestSchema>;
