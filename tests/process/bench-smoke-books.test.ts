import { benchSmoke } from "../support/bench-smoke.ts";

// The bench's parts at scale, at smoke size (tests/support/bench-smoke.ts). The owner portal's
// calls each answered: the part throws on any status but 200.
benchSmoke(["scale", "portal", "community", "books", "history"], ["Dashboard", "Search (a tenant's name)", "Compliance calendar", "Tenant home"]);
