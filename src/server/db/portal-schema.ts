import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LEDGER_KINDS, PAYMENT_METHODS, PROPERTY_TYPE_KEYS, type TLateFeePolicy } from "../../shared/portal.ts";
import { members } from "./schema.ts";

// The owner portal's books (PORTAL.md 2 and 3). Every row carries its owner, so every query is
// scoped to the owner in the query itself. Money is integer cents; dates are calendar dates
// (America/Chicago), times UTC.

const tz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tz("created_at").notNull().defaultNow();
const updatedAt = () => tz("updated_at").notNull().defaultNow();
const owner = () =>
  uuid("owner_id")
    .notNull()
    .references(() => members.id);
const day = (name: string) => date(name, { mode: "string" });

export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text("name"),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    state: text("state").notNull().default("IL"),
    zip: text("zip").notNull(),
    propertyType: text("property_type", { enum: PROPERTY_TYPE_KEYS }).notNull(),
    placedInService: day("placed_in_service"),
    buildingBasisCents: integer("building_basis_cents"),
    archivedAt: tz("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("properties_owner_idx").on(t.ownerId, t.createdAt)],
);

export const units = pgTable(
  "units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    label: text("label").notNull(),
    bedrooms: smallint("bedrooms"),
    bathrooms: numeric("bathrooms", { precision: 3, scale: 1, mode: "number" }),
    marketRentCents: integer("market_rent_cents"),
    archivedAt: tz("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("units_owner_idx").on(t.ownerId),
    uniqueIndex("units_property_label_key").on(t.propertyId, sql`lower(${t.label})`),
  ],
);

export const leases = pgTable(
  "leases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id),
    startDate: day("start_date").notNull(),
    /** Null: month-to-month. Ending a lease sets it. */
    endDate: day("end_date"),
    rentCents: integer("rent_cents").notNull(),
    dueDay: smallint("due_day").notNull(),
    depositCents: integer("deposit_cents").notNull().default(0),
    lateFee: jsonb("late_fee").$type<TLateFeePolicy>(),
    /** Rent and late fees are posted through this day (the daily job and every read post what is due after it). */
    postedThrough: day("posted_through"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("leases_owner_idx").on(t.ownerId),
    index("leases_unit_idx").on(t.unitId, t.startDate),
    index("leases_posted_idx").on(t.postedThrough),
  ],
);

export const leaseTenants = pgTable(
  "lease_tenants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [index("lease_tenants_lease_idx").on(t.leaseId), index("lease_tenants_owner_idx").on(t.ownerId)],
);

/** Who wrote a ledger entry: the owner, the daily posting, a rent-roll import, the tenant online, staff. */
export const LEDGER_SOURCES = ["owner", "system", "import", "tenant", "staff"] as const;

/**
 * A lease's append-only ledger (PORTAL.md 3). Rows are only ever inserted (a trigger refuses
 * updates and deletes); a mistake is undone by a void entry. Rent and late fees are unique per
 * lease, period and kind, so posting twice, from two processes or on a read racing the daily job,
 * writes one row.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order, for a stable order among entries of one date. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    ownerId: owner(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => leases.id),
    date: day("date").notNull(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    period: text("period"),
    method: text("method", { enum: PAYMENT_METHODS }),
    reference: text("reference"),
    voids: uuid("voids").references((): AnyPgColumn => ledgerEntries.id),
    source: text("source", { enum: LEDGER_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_lease_idx").on(t.leaseId, t.date, t.seq),
    index("ledger_entries_owner_date_idx").on(t.ownerId, t.date),
    uniqueIndex("ledger_entries_posting_key").on(t.leaseId, t.period, t.kind).where(sql`${t.kind} in ('rent', 'late_fee')`),
    uniqueIndex("ledger_entries_voids_key").on(t.voids).where(sql`${t.voids} is not null`),
  ],
);
