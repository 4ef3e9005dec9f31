import { publicConfig } from "../../config.ts";
import { describeMember } from "../../domain/members.ts";
import { publicProcedure, router } from "../trpc.ts";

export const siteRouter = router({
  /** Links and support contacts from configuration (DECISIONS.md 17). */
  config: publicProcedure.query(({ ctx }) => publicConfig(ctx.services.config)),
  /** Who the browser is signed in as, if anyone: the client never decides this itself. */
  whoami: publicProcedure.query(async ({ ctx }) => {
    const { member, admin, applicant } = ctx.auth;
    return {
      member: member ? await describeMember(ctx.services.db, member.member) : null,
      admin: admin ? { id: admin.admin.id, full_name: admin.admin.fullName, email: admin.admin.email } : null,
      application_id: applicant?.applicationId ?? null,
    };
  }),
});
