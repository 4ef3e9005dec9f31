import { describeMember } from "../../domain/members.ts";
import { memberProcedure, router } from "../trpc.ts";

/** The signed-in member's own account. */
export const memberAccountRouter = router({
  me: memberProcedure.query(({ ctx }) => describeMember(ctx.services.db, ctx.member.member)),
});
