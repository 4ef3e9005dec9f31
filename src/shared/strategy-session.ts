import { z } from "zod";
import { EmailSchema, NameSchema } from "./application-schema.ts";

// The demo page's 45-minute strategy-session request: one schema for the form and the server.

export const strategySessionMessages = {
  name: "Enter your name (at least 2 characters)",
  phone: "Enter a phone number with at least 10 digits, or leave it empty",
  received: "Thank you! We received your request and will email you within one business day to confirm a time.",
} as const;

export const ZStrategySessionRequestSchema = z.object({
  name: NameSchema(strategySessionMessages.name),
  email: EmailSchema,
  phone: z
    .string()
    .trim()
    .max(30, strategySessionMessages.phone)
    .refine((v) => v === "" || v.replace(/\D/g, "").length >= 10, strategySessionMessages.phone)
    .default(""),
  preferred_time: z.string().trim().max(200, "At most 200 characters").default(""),
  message: z.string().trim().max(2000, "At most 2000 characters").default(""),
});
export type TStrategySessionRequest = z.output<typeof ZStrategySessionRequestSchema>;
