import { createCallerFactory, router } from "./trpc.ts";
import { contractVerificationRouter, memberContractsRouter } from "./routers/contracts.ts";
import { memberAccountRouter } from "./routers/member.ts";
import { memberAuthRouter, memberPasswordRouter } from "./routers/auth.ts";
import { memberPortalRouter, memberSkillsRouter } from "./routers/portal.ts";
import { adminArea, adminAuthRouter } from "./routers/admin.ts";
import { membershipRouter } from "./routers/membership.ts";
import { ownerRouter } from "./routers/owner.ts";
import { staffArea } from "./routers/staff.ts";
import { tenantAuthRouter, tenantRouter } from "./routers/tenant.ts";
import { siteRouter } from "./routers/site.ts";
import { landingRouter } from "./routers/landing.ts";
import { adminForumRouter, memberEmailPreferencesRouter, memberForumRouter, memberNotificationsRouter } from "./routers/community.ts";
import { adminUpdatesRouter, publicUpdatesRouter } from "./routers/updates.ts";
import { adminDirectoryRouter, memberContractorsRouter } from "./routers/contractors.ts";
import { adminWebinarsRouter, memberWebinarsRouter, publicWebinarsRouter } from "./routers/webinars.ts";
import { adminEvictionsRouter, adminServiceJobsRouter, ownerEvictionsRouter, ownerServiceJobsRouter } from "./routers/evictions.ts";
import { adminBillingRouter, memberBillingRouter, testProviderRouter } from "./routers/billing.ts";

// One router per audience (public, member, admin, tenant), each composed of one router per domain.
export const appRouter = router({
  public: router({
    site: siteRouter,
    landing: landingRouter,
    membership: membershipRouter,
    contracts: contractVerificationRouter,
    adminAuth: adminAuthRouter,
    auth: memberAuthRouter,
    testProvider: testProviderRouter,
    tenantAuth: tenantAuthRouter,
    updates: publicUpdatesRouter,
    webinars: publicWebinarsRouter,
  }),
  member: router({
    account: memberAccountRouter,
    contracts: memberContractsRouter,
    password: memberPasswordRouter,
    portal: memberPortalRouter,
    skills: memberSkillsRouter,
    billing: memberBillingRouter,
    owner: ownerRouter,
    forum: memberForumRouter,
    notifications: memberNotificationsRouter,
    emailPreferences: memberEmailPreferencesRouter,
    webinars: memberWebinarsRouter,
    contractors: memberContractorsRouter,
    evictions: ownerEvictionsRouter,
    serviceJobs: ownerServiceJobsRouter,
  }),
  tenant: tenantRouter,
  admin: router({
    ...adminArea,
    ...staffArea,
    billing: adminBillingRouter,
    forum: adminForumRouter,
    updates: adminUpdatesRouter,
    webinars: adminWebinarsRouter,
    directory: adminDirectoryRouter,
    evictions: adminEvictionsRouter,
    serviceJobs: adminServiceJobsRouter,
  }),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
