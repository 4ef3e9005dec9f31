import { z } from "zod";
import { ZBookkeepingRequestSchema, ZTicketMessageSchema, ZTicketSchema } from "../../../shared/services.ts";
import { fileBookkeepingRequest, getBookkeepingRequest, listBookkeepingRequests } from "../../domain/portal/bookkeeping.ts";
import { requireOwner } from "../../domain/portal/access.ts";
import { grantStaffAccess, revokeStaffAccess, staffAccessStatus } from "../../domain/portal/staff-access.ts";
import { getOwnerTicket, listOwnerTickets, openTicket, ownerTicketMessage } from "../../domain/portal/support.ts";
import { publicProcedure, router, type TrpcContext } from "../trpc.ts";

// Premium services for the React client (member.owner.services): the same domain functions as
// /api/portal/staff-access, /api/portal/support and /api/portal/bookkeeping. Files go to the REST upload paths.

const ZId = z.object({ id: z.string().max(100) });
const read = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "read");
const write = (ctx: TrpcContext) => requireOwner(ctx.services, ctx.auth, "write");

export const ownerServicesRouter = router({
  staffAccess: publicProcedure.query(async ({ ctx }) => staffAccessStatus(ctx.services, await read(ctx))),
  grantStaffAccess: publicProcedure.mutation(async ({ ctx }) => grantStaffAccess(ctx.services, await write(ctx))),
  revokeStaffAccess: publicProcedure.mutation(async ({ ctx }) => revokeStaffAccess(ctx.services, await read(ctx))),
  tickets: router({
    list: publicProcedure.query(async ({ ctx }) => listOwnerTickets(ctx.services, await read(ctx))),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getOwnerTicket(ctx.services, await read(ctx), input.id)),
    open: publicProcedure.input(ZTicketSchema).mutation(async ({ ctx, input }) => openTicket(ctx.services, await write(ctx), input)),
    message: publicProcedure
      .input(ZId.extend(ZTicketMessageSchema.shape))
      .mutation(async ({ ctx, input }) => ownerTicketMessage(ctx.services, await write(ctx), input.id, input.body)),
  }),
  bookkeeping: router({
    list: publicProcedure.query(async ({ ctx }) => listBookkeepingRequests(ctx.services, await read(ctx))),
    get: publicProcedure.input(ZId).query(async ({ ctx, input }) => getBookkeepingRequest(ctx.services, await read(ctx), input.id)),
    file: publicProcedure.input(ZBookkeepingRequestSchema).mutation(async ({ ctx, input }) => fileBookkeepingRequest(ctx.services, await write(ctx), input.note)),
  }),
});
