import { defineMatrix } from "../support/authorization-matrix.ts";

// The authorization matrix (tests/support/authorization-matrix.ts) for one group of callers: every
// REST route and tRPC procedure called as each of them, allowed or refused exactly as its table
// says. Visitors, applicants and members without books (a Basic member, and another member).
// The groups run side by side, each with a database of its own.
defineMatrix(["anonymous", "applicant", "basic", "other"], { coverage: true });
