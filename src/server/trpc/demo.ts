import { router } from "./trpc.ts";
import { ownerRouter } from "./routers/owner.ts";

// The live demo's tRPC surface (PORTAL.md 1): the owner portal's own procedures, served at their
// own endpoint whose context is always the demo visitor (http/routes/demo.ts), so the React portal
// runs unchanged against the sample books. Paths match the app router's (`member.owner.*`).
export const demoRouter = router({ member: router({ owner: ownerRouter }) });
export type DemoRouter = typeof demoRouter;
