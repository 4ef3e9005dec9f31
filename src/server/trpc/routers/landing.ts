import { z } from "zod";
import { ZStrategySessionRequestSchema } from "../../../shared/strategy-session.ts";
import { checkDemoEmbed } from "../../domain/demo-embed.ts";
import { requestStrategySession } from "../../domain/strategy-sessions.ts";
import { publicProcedure, router } from "../trpc.ts";

/** The public site: the demo's embed check and the strategy-session request. */
export const landingRouter = router({
  demoStatus: publicProcedure
    .input(z.object({ fresh: z.boolean().default(false) }).default({ fresh: false }))
    .query(({ ctx, input }) => checkDemoEmbed(ctx.services, input)),

  requestStrategySession: publicProcedure
    .input(ZStrategySessionRequestSchema)
    .mutation(({ ctx, input }) => requestStrategySession(ctx.services, input, ctx.meta)),
});
