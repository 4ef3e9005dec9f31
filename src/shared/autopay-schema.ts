import { z } from "zod";
import { AUTOPAY_LIMIT_MAX_CENTS } from "./autopay.ts";
import { formatCents } from "./money.ts";

// What a tenant sends to turn autopay on (autopay.ts has the rule's words and limits).

export const ZAutopayRequestSchema = z.object({
  limit_cents: z
    .number("Enter your limit in cents")
    .int("The limit is a whole number of cents")
    .min(100, "Set a limit of at least $1.00")
    .max(AUTOPAY_LIMIT_MAX_CENTS, `Set a limit of at most ${formatCents(AUTOPAY_LIMIT_MAX_CENTS)}`),
});
export type TAutopayRequest = z.input<typeof ZAutopayRequestSchema>;
