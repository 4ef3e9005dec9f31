import { z } from "zod";
import { PeriodSchema } from "./calendar-schemas.ts";

// Premium services (PORTAL.md 7.1, 7.4): the requests of support tickets, bookkeeping requests and
// the staff workspace, shared by the server and the web app's forms.

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const ZTicketSchema = z.object({
  subject: text(200).min(1, "Say what the ticket is about"),
  body: text(8000).min(1, "Describe what you need"),
});
export type TTicket = z.output<typeof ZTicketSchema>;

export const ZTicketMessageSchema = z.object({ body: text(8000).min(1, "Write a message") });

export const ZBookkeepingRequestSchema = z.object({ note: text(4000).min(1, "Say what you need help with") });

export const ZBookkeepingDoneSchema = z.object({ note: text(4000).default("") });

export const ZTicketQueueQuerySchema = z.object({ state: z.enum(["open", "all"]).default("open") });

/** A month of bookkeeping support, as its purchase's reference. */
export const BookkeepingMonthSchema = PeriodSchema;

/** How a ticket stands, as the staff queue and the owner see it. */
export const TICKET_RESPONSE_STATES = ["awaiting_first_response", "awaiting_staff", "answered", "closed"] as const;
export type TicketResponseState = (typeof TICKET_RESPONSE_STATES)[number];
