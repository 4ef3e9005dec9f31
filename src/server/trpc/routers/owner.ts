import { z } from "zod";
import {
  ZChargeSchema,
  ZEndLeaseSchema,
  ZImportRequestSchema,
  ZLeaseListQuerySchema,
  ZLeaseSchema,
  ZPaymentSchema,
  ZPropertyPatchSchema,
  ZPropertySchema,
  ZUnitPatchSchema,
  ZUnitSchema,
  ZVoidSchema,
} from "../../../shared/portal.ts";
import { PeriodSchema } from "../../../shared/calendar.ts";
import { ownerPortalStatus, requireOwner } from "../../domain/portal/access.ts";
import { ownerDashboard } from "../../domain/portal/dashboard.ts";
import { exportOwnerBooks } from "../../domain/portal/export.ts";
import { addLease, endLease, getLease, listLeases } from "../../domain/portal/leases.ts";
import { leaseLedger, recordCharge, recordPayment, voidEntry } from "../../domain/portal/ledger.ts";
import { addProperty, addUnit, deleteProperty, getProperty, listProperties, updateProperty, updateUnit } from "../../domain/portal/properties.ts";
import { importRentRoll } from "../../domain/portal/rent-roll-import.ts";
import { rentRoll } from "../../domain/portal/rent-roll.ts";
import { publicProcedure, router, type TrpcContext } from "../trpc.ts";

// The owner portal for the React client: the same domain functions as /api/portal (PORTAL.md 8).
// The gate is the domain's (requireOwner): no member 401, a Basic member 403 naming the upgrade.

const ZId = z.object({ id: z.string().max(100) });
const read = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "read");
const write = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "write");

export const ownerRouter = router({
  status: publicProcedure.query(({ ctx }) => ownerPortalStatus(ctx.services, ctx.auth)),
  dashboard: publicProcedure.query(async ({ ctx }) => ownerDashboard(ctx.services, await read(ctx))),
  properties: router({
    list: publicProcedure
      .input(z.object({ includeArchived: z.boolean().optional() }).optional())
      .query(async ({ ctx, input }) => listProperties(ctx.services, await read(ctx), { includeArchived: input?.includeArchived })),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getProperty(ctx.services, await read(ctx), input.id)),
    create: publicProcedure.input(ZPropertySchema).mutation(async ({ ctx, input }) => addProperty(ctx.services, await write(ctx), input)),
    update: publicProcedure
      .input(ZId.extend({ patch: ZPropertyPatchSchema }))
      .mutation(async ({ ctx, input }) => updateProperty(ctx.services, await write(ctx), input.id, input.patch)),
    remove: publicProcedure.input(ZId).mutation(async ({ ctx, input }) => deleteProperty(ctx.services, await write(ctx), input.id)),
    addUnit: publicProcedure
      .input(ZId.extend({ unit: ZUnitSchema }))
      .mutation(async ({ ctx, input }) => addUnit(ctx.services, await write(ctx), input.id, input.unit)),
    updateUnit: publicProcedure
      .input(ZId.extend({ patch: ZUnitPatchSchema }))
      .mutation(async ({ ctx, input }) => updateUnit(ctx.services, await write(ctx), input.id, input.patch)),
  }),
  leases: router({
    list: publicProcedure.input(ZLeaseListQuerySchema.optional()).query(async ({ ctx, input }) => listLeases(ctx.services, await read(ctx), input ?? {})),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getLease(ctx.services, await read(ctx), input.id)),
    create: publicProcedure.input(ZLeaseSchema).mutation(async ({ ctx, input }) => addLease(ctx.services, await write(ctx), input)),
    end: publicProcedure
      .input(ZId.extend(ZEndLeaseSchema.shape))
      .mutation(async ({ ctx, input }) => endLease(ctx.services, await write(ctx), input.id, input.end_date)),
    ledger: publicProcedure.input(ZId).query(async ({ ctx, input }) => leaseLedger(ctx.services, await read(ctx), input.id)),
    recordPayment: publicProcedure
      .input(ZId.extend({ payment: ZPaymentSchema }))
      .mutation(async ({ ctx, input }) => recordPayment(ctx.services, await write(ctx), input.id, input.payment)),
    recordCharge: publicProcedure
      .input(ZId.extend({ charge: ZChargeSchema }))
      .mutation(async ({ ctx, input }) => recordCharge(ctx.services, await write(ctx), input.id, input.charge)),
    voidEntry: publicProcedure
      .input(z.object({ entryId: z.string().max(100) }).extend(ZVoidSchema.shape))
      .mutation(async ({ ctx, input }) => voidEntry(ctx.services, await write(ctx), input.entryId, input.reason)),
  }),
  rentRoll: publicProcedure
    .input(z.object({ month: PeriodSchema.optional() }).optional())
    .query(async ({ ctx, input }) => rentRoll(ctx.services, await read(ctx), input?.month)),
  importRentRoll: publicProcedure.input(ZImportRequestSchema).mutation(async ({ ctx, input }) => importRentRoll(ctx.services, await write(ctx), input)),
  export: publicProcedure.query(async ({ ctx }) => exportOwnerBooks(ctx.services, await read(ctx))),
});
