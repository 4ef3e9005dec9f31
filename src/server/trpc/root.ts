import { createCallerFactory, router } from "./trpc.ts";
import { memberAccountRouter } from "./routers/member.ts";
import { membershipRouter } from "./routers/membership.ts";
import { siteRouter } from "./routers/site.ts";

// One router per audience (public, member, admin), each composed of one router per domain.
export const appRouter = router({
  public: router({
    site: siteRouter,
    membership: membershipRouter,
  }),
  member: router({
    account: memberAccountRouter,
  }),
  admin: router({}),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
