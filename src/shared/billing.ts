import { EmailCodeSchema } from "./account-schema.ts";
import { z } from "zod";
import { chicagoDate } from "./time.ts";
import { formatAmount, MEMBERSHIP_LEVELS, PAID_LEVELS, priceLabel, type MembershipLevel } from "./membership.ts";

// Requests and words of payments, subscriptions and upgrades, shared by the server and the forms.

export const ZEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address."));

/** SPEC.md 7 "Upgrade request". The current level is read by the server, never trusted from here. */
export const ZUpgradeRequestSchema = z.object({
  current_membership_level: z.enum(MEMBERSHIP_LEVELS).optional(),
  target_membership_level: z.enum(PAID_LEVELS, { message: "Choose Standard or Premium." }),
  billing_frequency: z.literal("monthly", { message: "Billing is monthly only." }).default("monthly"),
  member_email: ZEmailSchema,
});
export type TUpgradeRequest = z.input<typeof ZUpgradeRequestSchema>;

/** POST /api/upgrades/preview: the change between paid levels the member is about to confirm. */
export const ZPlanChangePreviewSchema = z.object({
  member_email: ZEmailSchema,
  target_membership_level: z.enum(PAID_LEVELS, { message: "Choose Standard or Premium." }),
});

/** POST /api/subscriptions/resume */
export const ZResumeRequestSchema = z.object({ member_email: ZEmailSchema });

/**
 * The plan change in words, before it is confirmed: the new price, what is charged or credited
 * now, and the next bill. One sentence for the dialog, the API and the tests.
 */
export function planChangeSummary(input: {
  from: MembershipLevel;
  to: MembershipLevel;
  prorationCents: number;
  currency: string;
  nextAmountCents: number;
  nextBillingDate: Date | null;
}): string {
  const money = (cents: number) => formatAmount(Math.abs(cents), input.currency);
  const now =
    input.prorationCents > 0
      ? `${money(input.prorationCents)} is charged to your card now for the rest of this billing period.`
      : input.prorationCents < 0
        ? `${money(input.prorationCents)} for the unused part of ${input.from} is credited toward your next bills.`
        : "Nothing is charged now.";
  const next = input.nextBillingDate
    ? `Your next bill is ${money(input.nextAmountCents)} on ${chicagoDate(input.nextBillingDate)}, then ${priceLabel(input.to)}.`
    : `From then on you pay ${priceLabel(input.to)}.`;
  return `Change from ${input.from} to ${input.to} (${priceLabel(input.to)}). ${now} ${next}`;
}

export const DEFAULT_CANCEL_REASON = "User requested cancellation";

/** SPEC.md 7 cancel call. The reason is optional (SPEC.md 5). */
export const ZCancelRequestSchema = z.object({
  member_email: ZEmailSchema,
  reason: z
    .string()
    .trim()
    .max(500, "Keep the reason under 500 characters.")
    .optional()
    .transform((v) => (v ? v : DEFAULT_CANCEL_REASON)),
});
export type TCancelRequest = z.input<typeof ZCancelRequestSchema>;

/** Test card numbers of the built-in provider (the same numbers Stripe uses in test mode). */
export const TEST_CARD_SUCCESS = "4242 4242 4242 4242";
export const TEST_CARD_DECLINED = "4000 0000 0000 0002";
export const CARD_DECLINED_MESSAGE = "Your card was declined. Please use a different card.";

/** A card's expiry as card forms take it: "MM/YY" (spaces around the slash forgiven). */
const EXPIRY = /^(0[1-9]|1[0-2]) ?\/ ?(\d{2})$/;
export const ZCardExpirySchema = z.string().trim().regex(EXPIRY, "Enter the expiry date as MM/YY, like 12/29.");
export const ZCardCvcSchema = z.string().trim().regex(/^\d{3,4}$/, "Enter the 3 or 4 digits of the CVC.");
export const CARD_EXPIRED_MESSAGE = "This card has expired: enter an expiry date that has not passed.";

/** Whether a card that expires at the end of its MM/YY month has expired by `today` (YYYY-MM-DD). */
export function cardExpired(expiry: string, today: string): boolean {
  const match = EXPIRY.exec(expiry.trim());
  return !match || `20${match[2]}-${match[1]}` < today.slice(0, 7);
}

/**
 * The test checkout's card: the number, and the expiry and CVC the page asks for (any date not
 * passed, any 3 or 4 digits, as with Stripe's test cards). An API caller may leave those two out,
 * as a Stripe test token does; given, they are checked.
 */
export const ZTestPaymentSchema = z.object({
  session_id: z.string().min(1).max(200),
  card_number: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "Enter a card number of 12 to 19 digits.")),
  expiry: ZCardExpirySchema.optional(),
  cvc: ZCardCvcSchema.optional(),
});

/** Days a member keeps paid access after a failed renewal (past_due) before returning to Basic. */
export const PAST_DUE_GRACE_DAYS = 7;

/**
 * The one statement of when a cancellation takes effect (DECISIONS.md 11), used by the dialog,
 * the emails and the API answers.
 */
export function cancellationStatement(level: MembershipLevel, periodEnd: Date | null): string {
  if (!periodEnd) return `Your ${level} membership ends now and your account returns to Basic membership.`;
  return `Your ${level} membership stays active until ${chicagoDate(periodEnd)}, the end of the period you paid for. It then returns to Basic membership (free) and you are not charged again.`;
}

/** The renewal terms shown next to the consent before paying (DECISIONS.md B). */
export function renewalTerms(level: MembershipLevel): string {
  return `Your ${level} membership renews automatically every month at ${priceLabel(level)} until you cancel. You can cancel online at any time from "Manage Subscription & Billing" in your portal; cancellation takes effect at the end of the month you paid for.`;
}

/** "Create your portal account" after paying. */
export const ZPortalAccountSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, "Choose a username of at least 3 characters.")
    .max(30, "Keep the username to 30 characters or fewer.")
    .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, "Use letters, digits, dots, dashes or underscores, starting with a letter."),
  password: z.string().min(10, "Use at least 10 characters for your password.").max(200, "Keep the password under 200 characters."),
  /** The emailed code that proves the email, while it is not proved yet. */
  email_code: EmailCodeSchema.optional(),
});
export type TPortalAccount = z.input<typeof ZPortalAccountSchema>;
