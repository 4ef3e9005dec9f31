import { defineMatrix } from "../support/authorization-matrix.ts";

// The authorization matrix (tests/support/authorization-matrix.ts) for one group of callers: every
// REST route and tRPC procedure called as each of them, allowed or refused exactly as its table
// says. Owners: owner A (whose books the routes name), owner B, a Premium owner and a downgraded one.
// The groups run side by side, each with a database of its own.
defineMatrix(["paid", "ownerB", "premium", "downgraded"], { coverage: false });
