import { z } from "zod";
import { listMemberContracts, verifyContractDocument } from "../../domain/contracts.ts";
import { memberProcedure, publicProcedure, router } from "../trpc.ts";

/** Anyone holding a signed agreement can check it against the contracts on record. */
export const contractVerificationRouter = router({
  verify: publicProcedure
    .input(z.object({ sha256: z.string().trim().regex(/^[0-9a-fA-F]{64}$/, "A SHA-256 is 64 hexadecimal characters.") }))
    .mutation(({ ctx, input }) => verifyContractDocument(ctx.services, { sha256: input.sha256 }, ctx.meta)),
});

/** The signed-in member's signed agreements (download links). */
export const memberContractsRouter = router({
  list: memberProcedure.query(({ ctx }) => listMemberContracts(ctx.services, ctx.member.member.id)),
});
