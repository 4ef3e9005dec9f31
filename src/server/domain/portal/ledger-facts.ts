import type { ledgerEntries } from "../../db/schema.ts";
import type { LedgerFact } from "./allocation.ts";

// A ledger row as the pure rules read it.

type LedgerRow = typeof ledgerEntries.$inferSelect;

export const factOf = (
  row: Pick<LedgerRow, "id" | "date" | "kind" | "amountCents" | "period" | "voids"> & { depositCents?: number; revision?: number; source?: string },
): LedgerFact => ({
  id: row.id,
  date: row.date,
  kind: row.kind,
  amountCents: row.amountCents,
  period: row.period,
  voids: row.voids,
  depositCents: row.depositCents ?? 0,
  revision: row.revision ?? 0,
  source: row.source,
});
