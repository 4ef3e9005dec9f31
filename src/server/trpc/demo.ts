import { router } from "./trpc.ts";
import { ownerRouter } from "./routers/owner.ts";
import { ownerEvictionsRouter, ownerServiceJobsRouter } from "./routers/evictions.ts";

// The live demo's tRPC surface (PORTAL.md 1): the owner portal's own procedures, served at their
// own endpoint whose context is always the demo visitor (http/routes/demo.ts), so the React portal
// runs unchanged against the sample books. Paths match the app router's (`member.owner.*`,
// `member.evictions.*`, `member.serviceJobs.*`); the sample owner is Premium, so its Premium
// services (staff access and what staff did, tickets, bookkeeping) and its eviction case are read
// here too. Every write is refused before it reaches a procedure (the demo is read-only).
export const demoRouter = router({ member: router({ owner: ownerRouter, evictions: ownerEvictionsRouter, serviceJobs: ownerServiceJobsRouter }) });
export type DemoRouter = typeof demoRouter;
