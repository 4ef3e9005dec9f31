import { router } from "./trpc.ts";
import { ownerToolsRouter } from "./routers/owner.ts";

// The live demo's tRPC surface (PORTAL.md 1): the owner portal's own procedures, served at their
// own endpoint whose context is always the demo visitor (http/routes/demo.ts), so the React portal
// runs unchanged against the sample books. Paths match the app router's (`member.owner.*`); Premium
// services (staff access, tickets, bookkeeping) are the owner's own dealings with staff and are not in the demo.
export const demoRouter = router({ member: router({ owner: ownerToolsRouter }) });
export type DemoRouter = typeof demoRouter;
