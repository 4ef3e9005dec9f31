import { z } from "zod";
import { ZExpensePatchSchema, ZExpenseSchema } from "../../../shared/books.ts";
import { ZChargeSchema, ZPaymentSchema, ZVoidSchema } from "../../../shared/portal.ts";
import { ZBookkeepingDoneSchema, ZTicketMessageSchema, ZTicketQueueQuerySchema } from "../../../shared/services.ts";
import { bookkeepingQueue, completeBookkeepingRequest } from "../../domain/portal/bookkeeping.ts";
import type { AdminActor } from "../../domain/audit.ts";
import {
  ownersWithGrant,
  staffAddExpense,
  staffBooks,
  staffLedger,
  staffRecordCharge,
  staffRecordPayment,
  staffUpdateExpense,
  staffVoidEntry,
} from "../../domain/portal/staff-access.ts";
import { staffCloseTicket, staffReply, staffTicket, supportQueue } from "../../domain/portal/support.ts";
import { adminProcedure, router } from "../trpc.ts";

// The staff workspace in the admin area (PORTAL.md 7.1, 7.4): owners' books under their grant
// (expenses and rent ledgers; every read and write audited by the domain), the support queue and
// bookkeeping requests.

const ZId = z.object({ id: z.string().max(100) });
const ZOwner = z.object({ owner_id: z.string().max(100) });
const actorOf = (ctx: { admin: NonNullable<AdminActor["session"]>; meta: { ip: string | null } }): AdminActor => ({
  admin: ctx.admin.admin,
  ip: ctx.meta.ip,
  session: ctx.admin,
});

export const staffArea = {
  ownerBooks: router({
    owners: adminProcedure.query(({ ctx }) => ownersWithGrant(ctx.services)),
    books: adminProcedure
      .input(ZOwner.extend({ uncategorised: z.boolean().optional() }))
      .query(({ ctx, input }) => staffBooks(ctx.services, actorOf(ctx), input.owner_id, { uncategorised: input.uncategorised })),
    addExpense: adminProcedure
      .input(ZOwner.extend({ expense: ZExpenseSchema }))
      .mutation(({ ctx, input }) => staffAddExpense(ctx.services, actorOf(ctx), input.owner_id, input.expense)),
    updateExpense: adminProcedure
      .input(ZOwner.extend({ id: z.string().max(100), patch: ZExpensePatchSchema }))
      .mutation(({ ctx, input }) => staffUpdateExpense(ctx.services, actorOf(ctx), input.owner_id, input.id, input.patch)),
    ledger: adminProcedure
      .input(ZOwner.extend({ lease_id: z.string().max(100) }))
      .query(({ ctx, input }) => staffLedger(ctx.services, actorOf(ctx), input.owner_id, input.lease_id)),
    recordPayment: adminProcedure
      .input(ZOwner.extend({ lease_id: z.string().max(100), payment: ZPaymentSchema }))
      .mutation(({ ctx, input }) => staffRecordPayment(ctx.services, actorOf(ctx), input.owner_id, input.lease_id, input.payment)),
    recordCharge: adminProcedure
      .input(ZOwner.extend({ lease_id: z.string().max(100), charge: ZChargeSchema }))
      .mutation(({ ctx, input }) => staffRecordCharge(ctx.services, actorOf(ctx), input.owner_id, input.lease_id, input.charge)),
    voidEntry: adminProcedure
      .input(ZOwner.extend({ entry_id: z.string().max(100) }).extend(ZVoidSchema.shape))
      .mutation(({ ctx, input }) => staffVoidEntry(ctx.services, actorOf(ctx), input.owner_id, input.entry_id, input)),
  }),
  support: router({
    queue: adminProcedure.input(ZTicketQueueQuerySchema.optional()).query(({ ctx, input }) => supportQueue(ctx.services, input ?? { state: "open" })),
    get: adminProcedure.input(ZId).query(({ ctx, input }) => staffTicket(ctx.services, input.id)),
    reply: adminProcedure.input(ZId.extend(ZTicketMessageSchema.shape)).mutation(({ ctx, input }) => staffReply(ctx.services, actorOf(ctx), input.id, input.body)),
    close: adminProcedure.input(ZId).mutation(({ ctx, input }) => staffCloseTicket(ctx.services, actorOf(ctx), input.id)),
  }),
  bookkeeping: router({
    queue: adminProcedure.query(({ ctx }) => bookkeepingQueue(ctx.services)),
    complete: adminProcedure
      .input(ZId.extend(ZBookkeepingDoneSchema.shape))
      .mutation(({ ctx, input }) => completeBookkeepingRequest(ctx.services, actorOf(ctx), input.id, input.note)),
  }),
};
