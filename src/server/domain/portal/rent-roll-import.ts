import Papa from "papaparse";
import { and, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import { chicagoToday, dateLabel, periodOf, type IsoDate } from "../../../shared/calendar.ts";
import { earliestLeaseStart, formatCents, LEASE_HISTORY_YEARS, parseDollars, ZAddressSchema, ZLeaseSchema, ZTenantSchema, type PropertyType } from "../../../shared/portal.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leases, ledgerEntries, properties, units } from "../../db/schema.ts";
import { AppError, type ValidationItem } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { createLease } from "./leases.ts";
import { createProperty } from "./properties.ts";

// Importing a rent roll from a landlord's spreadsheet (CSV): one row per tenant, with the property
// address, unit, tenant, rent, due day, lease dates and deposit. The first call answers a preview
// with every row's errors and writes nothing; the confirming call writes everything in one
// transaction, or nothing. Rows of one lease (same unit, start and rent) are its tenants; a row
// with a unit and no tenant or rent is a vacant unit. A tenant already living there is not made a
// debtor of every month before the import: each lease's books begin on the day its balance is known
// (a "Balance as of" column, else the import day), with one opening balance entry of what the
// spreadsheet says the tenant owed then (a Balance column; none means paid up) and the deposit as a
// deposit already held (PORTAL.md 3a). Nothing before that day is posted.

export const MAX_IMPORT_ROWS = 2000;

const HEADER_ALIASES: Record<string, string[]> = {
  address: ["property address", "address", "street address", "street", "property"],
  city: ["city", "town"],
  state: ["state", "st"],
  zip: ["zip", "zip code", "zipcode", "postal code"],
  type: ["property type", "type"],
  unit: ["unit", "unit #", "unit number", "apt", "apartment"],
  first: ["tenant first name", "first name", "first"],
  last: ["tenant last name", "last name", "last"],
  email: ["tenant email", "email", "e-mail"],
  phone: ["tenant phone", "phone", "phone number"],
  rent: ["monthly rent", "rent", "rent amount"],
  dueDay: ["due day", "rent due day", "due"],
  start: ["lease start", "start", "start date", "move-in", "move in"],
  end: ["lease end", "end", "end date", "move-out", "move out"],
  deposit: ["deposit", "security deposit"],
  balance: ["balance", "balance due", "current balance", "amount owed", "opening balance"],
  balanceAsOf: ["balance as of", "balance date", "as of", "as of date", "balance as of date"],
};
type Column = keyof typeof HEADER_ALIASES;
const REQUIRED_COLUMNS: Column[] = ["address", "city", "zip", "unit"];

const normalizeHeader = (h: string) => h.trim().toLowerCase().replace(/\s+/g, " ");
const columnOf = (header: string): Column | null =>
  (Object.keys(HEADER_ALIASES) as Column[]).find((c) => HEADER_ALIASES[c]!.includes(normalizeHeader(header))) ?? null;

const TYPE_WORDS: Record<string, PropertyType> = {
  singlefamily: "single_family",
  singlefamilyresidence: "single_family",
  house: "single_family",
  sfr: "single_family",
  multifamily: "multi_family",
  multifamilyresidence: "multi_family",
  duplex: "multi_family",
  twoflat: "multi_family",
  threeflat: "multi_family",
  apartment: "multi_family",
  vacation: "vacation",
  shortterm: "vacation",
  shorttermrental: "vacation",
  commercial: "commercial",
  land: "land",
  selfrental: "self_rental",
  other: "other",
};

/** A date as spreadsheets write it: 2025-08-01 or 8/1/2025. */
function parseDate(value: string): IsoDate | null {
  const text = value.trim();
  let y: number, m: number, d: number;
  let match = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/))) [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

export interface ImportRowError {
  field: string;
  msg: string;
}

export interface ImportRow {
  /** The spreadsheet's line number (the header is line 1). */
  line: number;
  property: string;
  unit: string;
  tenant: string | null;
  rent_cents: number | null;
  due_day: number | null;
  start_date: IsoDate | null;
  end_date: IsoDate | null;
  deposit_cents: number | null;
  /** What the tenant owes as of the import (the spreadsheet's balance column; none: paid up). */
  balance_cents: number | null;
  /** The day the books begin: the balance's date, else the import day (the lease's start, if later). */
  books_from: IsoDate | null;
  action: "vacant unit" | "new lease" | "tenant of the lease above" | "not imported";
  errors: ImportRowError[];
  /** What the owner should know before importing the row, which does not stop it. */
  notes: string[];
}

interface ParsedLease {
  propertyKey: string;
  unitKey: string;
  start: IsoDate;
  end: IsoDate | null;
  rentCents: number;
  dueDay: number;
  depositCents: number;
  /** Owed as of the import, summed over the lease's rows. */
  balanceCents: number;
  /** When the books begin (null: at the start, a lease that has not begun). */
  booksFrom: IsoDate | null;
  tenants: { first_name: string; last_name: string; email: string | null; phone: string | null }[];
  lines: number[];
}

interface ParsedProperty {
  key: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  type: PropertyType | null;
  units: Map<string, string>;
}

const propertyKeyOf = (line1: string, city: string, zip: string) =>
  `${line1.trim().toLowerCase().replace(/[.,]/g, "").replace(/\s+/g, " ")}|${city.trim().toLowerCase()}|${zip.trim().slice(0, 5)}`;

function parse(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy" });
  const fields = parsed.meta.fields ?? [];
  const columns = new Map<Column, string>();
  for (const field of fields) {
    const column = columnOf(field);
    if (column && !columns.has(column)) columns.set(column, field);
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length) {
    throw new AppError("UNPROCESSABLE", [
      {
        loc: ["body", "csv"],
        msg: `The spreadsheet needs columns for ${missing.map((c) => HEADER_ALIASES[c]![0]).join(", ")} (found: ${fields.join(", ") || "none"}).`,
      },
    ]);
  }
  if (parsed.data.length > MAX_IMPORT_ROWS) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "csv"], msg: `Import at most ${MAX_IMPORT_ROWS} rows at a time.` }]);
  }
  const cell = (row: Record<string, string>, column: Column) => (columns.has(column) ? (row[columns.get(column)!] ?? "").trim() : "");
  return { rows: parsed.data, cell };
}

/** Reads and checks the whole spreadsheet against itself and the owner's books; writes nothing. */
async function plan(db: DbOrTx, owner: Owner, csv: string, today: IsoDate) {
  const { rows: raw, cell } = parse(csv);
  const rows: ImportRow[] = [];
  const propertiesByKey = new Map<string, ParsedProperty>();
  const leasesByKey = new Map<string, ParsedLease>();
  /** Each row's property key, in row order. */
  const rowKeys: string[] = [];

  raw.forEach((source, index) => {
    const line = index + 2;
    const errors: ImportRowError[] = [];
    const line1 = cell(source, "address");
    const city = cell(source, "city");
    const state = cell(source, "state") || "IL";
    const zip = cell(source, "zip");
    const address = ZAddressSchema.safeParse({ line1, city, state, zip });
    if (!address.success) for (const issue of address.error.issues) errors.push({ field: String(issue.path[0] ?? "address"), msg: issue.message });
    const typeText = cell(source, "type");
    const type = typeText ? (TYPE_WORDS[typeText.toLowerCase().replace(/[^a-z]/g, "")] ?? null) : null;
    if (typeText && !type) errors.push({ field: "property_type", msg: `Unknown property type "${typeText}" (use Single family, Multi-family, Commercial...)` });
    const unitLabel = cell(source, "unit");
    if (!unitLabel) errors.push({ field: "unit", msg: "Name the unit (1, 2R, Garden, House...)" });

    const first = cell(source, "first");
    const last = cell(source, "last");
    const rentText = cell(source, "rent");
    const startText = cell(source, "start");
    const vacant = !first && !last && !rentText && !startText;
    const row: ImportRow = {
      line,
      property: `${line1}${city ? `, ${city}` : ""}`,
      unit: unitLabel,
      tenant: vacant ? null : `${first} ${last}`.trim(),
      rent_cents: null,
      due_day: null,
      start_date: null,
      end_date: null,
      deposit_cents: null,
      balance_cents: null,
      books_from: null,
      action: vacant ? "vacant unit" : "new lease",
      errors,
      notes: [],
    };
    rows.push(row);

    const key = propertyKeyOf(line1, city, zip);
    rowKeys.push(key);
    if (address.success && unitLabel) {
      let property = propertiesByKey.get(key);
      if (!property) {
        property = { key, line1: address.data.line1, city: address.data.city, state: address.data.state, zip: address.data.zip, type, units: new Map() };
        propertiesByKey.set(key, property);
      } else if (type && property.type && type !== property.type) {
        errors.push({ field: "property_type", msg: "Another row gives this property a different type" });
      } else property.type ??= type;
      if (!property.units.has(unitLabel.toLowerCase())) property.units.set(unitLabel.toLowerCase(), unitLabel);
    }
    if (vacant) return;

    const rentCents = parseDollars(rentText);
    if (rentCents === null) errors.push({ field: "rent", msg: rentText ? `"${rentText}" is not an amount of money` : "Enter the monthly rent" });
    else if (rentCents <= 0) errors.push({ field: "rent", msg: "The rent must be more than zero" });
    const dueText = cell(source, "dueDay");
    const dueDay = dueText ? Number(dueText) : 1;
    if (!Number.isInteger(dueDay) || dueDay < 1 || dueDay > 28) errors.push({ field: "due_day", msg: "The due day is 1 to 28 (rent due on the 29th-31st is due on the 1st)" });
    const start = parseDate(startText);
    if (!start) errors.push({ field: "start_date", msg: startText ? `"${startText}" is not a date (use 2025-08-01 or 8/1/2025)` : "Enter the lease start" });
    else if (start < earliestLeaseStart(today)) errors.push({ field: "start_date", msg: `A lease's books start ${LEASE_HISTORY_YEARS} years back at the earliest (${earliestLeaseStart(today)})` });
    const endText = cell(source, "end");
    const end = endText ? parseDate(endText) : null;
    if (endText && !end) errors.push({ field: "end_date", msg: `"${endText}" is not a date (use 2026-07-31 or 7/31/2026)` });
    if (start && end && end < start) errors.push({ field: "end_date", msg: "The lease cannot end before it starts" });
    // A rent roll lists the tenancies in place, and a spreadsheet often keeps a lease's first term
    // after it ran out while the tenant stays on. Whether staying on made it month to month is
    // between landlord and tenant (and the lease's own words), so the row is imported as written
    // and the owner is told what that means for the books.
    else if (end && end < today) {
      row.notes.push(
        `The lease's term ended on ${dateLabel(end)}: it is imported as ended, and no rent is posted after it. If the tenant stays on, leave the lease end empty (month to month) and preview again, or renew the lease after the import.`,
      );
    }
    const balanceText = cell(source, "balance");
    const balanceCents = balanceText ? parseDollars(balanceText) : 0;
    if (balanceCents === null) errors.push({ field: "balance", msg: `"${balanceText}" is not an amount of money` });
    const asOfText = cell(source, "balanceAsOf");
    const asOf = asOfText ? parseDate(asOfText) : today;
    if (asOfText && !asOf) errors.push({ field: "balance_as_of", msg: `"${asOfText}" is not a date (use 2026-10-01 or 10/1/2026)` });
    else if (asOf && asOf > today) errors.push({ field: "balance_as_of", msg: "The balance's date cannot be in the future" });
    const booksFrom = !start || !asOf || start > today ? null : asOf < start ? start : asOf;
    const depositText = cell(source, "deposit");
    const depositCents = depositText ? parseDollars(depositText) : 0;
    if (depositCents === null || depositCents < 0) errors.push({ field: "deposit", msg: `"${depositText}" is not a deposit amount` });
    const tenant = ZTenantSchema.safeParse({ first_name: first, last_name: last, email: cell(source, "email") || null, phone: cell(source, "phone") || null });
    if (!tenant.success) for (const issue of tenant.error.issues) errors.push({ field: String(issue.path[0] ?? "tenant"), msg: issue.message });
    Object.assign(row, { rent_cents: rentCents, due_day: dueDay, start_date: start, end_date: end, deposit_cents: depositCents, balance_cents: balanceCents, books_from: booksFrom });
    if (errors.length || !start || rentCents === null || !tenant.success) return;

    const leaseKey = `${key}|${unitLabel.toLowerCase()}|${start}|${rentCents}`;
    const existing = leasesByKey.get(leaseKey);
    if (existing) {
      existing.balanceCents += balanceCents ?? 0;
      existing.tenants.push(tenant.data);
      existing.lines.push(line);
      row.action = "tenant of the lease above";
      return;
    }
    leasesByKey.set(leaseKey, {
      propertyKey: key,
      unitKey: unitLabel.toLowerCase(),
      start,
      end,
      rentCents,
      dueDay,
      depositCents: depositCents ?? 0,
      balanceCents: balanceCents ?? 0,
      booksFrom,
      tenants: [tenant.data],
      lines: [line],
    });
  });

  const rowAt = (line: number) => rows[line - 2]!;

  // Existing properties and units of the owner, matched by address and unit name.
  const owned = await db.select().from(properties).where(eq(properties.ownerId, owner.id));
  const ownedByKey = new Map(owned.map((p) => [propertyKeyOf(p.line1, p.city, p.zip), p]));
  const ownedUnits = owned.length ? await db.select().from(units).where(and(eq(units.ownerId, owner.id), inArray(units.propertyId, owned.map((p) => p.id)))) : [];

  // Two leases of one unit may not overlap: in the file, or with a lease the unit already has.
  const allLeases = [...leasesByKey.values()];
  const overlaps = (a: { start: IsoDate; end: IsoDate | null }, b: { start: IsoDate; end: IsoDate | null }) =>
    (a.end === null || b.start <= a.end) && (b.end === null || a.start <= b.end);
  for (const [i, lease] of allLeases.entries()) {
    const clash = allLeases.find((other, j) => j !== i && other.propertyKey === lease.propertyKey && other.unitKey === lease.unitKey && overlaps(lease, other));
    if (clash) {
      for (const line of lease.lines) {
        rowAt(line).errors.push({ field: "start_date", msg: `Overlaps the lease on line ${clash.lines[0]} for the same unit` });
      }
    }
    const property = ownedByKey.get(lease.propertyKey);
    const unit = property && ownedUnits.find((u) => u.propertyId === property.id && u.label.toLowerCase() === lease.unitKey);
    if (unit) {
      const [existing] = await db
        .select()
        .from(leases)
        .where(
          and(
            eq(leases.ownerId, owner.id),
            eq(leases.unitId, unit.id),
            lease.end === null ? undefined : lte(leases.startDate, lease.end),
            or(isNull(leases.endDate), gte(leases.endDate, lease.start)),
          ),
        )
        .limit(1);
      if (existing) for (const line of lease.lines) rowAt(line).errors.push({ field: "start_date", msg: `Overlaps this unit's lease from ${existing.startDate}` });
    }
  }
  for (const property of propertiesByKey.values()) {
    const type = property.type ?? ownedByKey.get(property.key)?.propertyType ?? "multi_family";
    const known = ownedUnits.filter((u) => u.propertyId === ownedByKey.get(property.key)?.id).length;
    if (type === "single_family" && Math.max(property.units.size, known) > 1) {
      for (const row of rows.filter((r, i) => r.errors.length === 0 && rowKeys[i] === property.key)) {
        row.errors.push({ field: "unit", msg: "A single-family property has one unit" });
      }
    }
  }
  for (const row of rows) if (row.errors.length) row.action = "not imported";

  const newProperties = [...propertiesByKey.values()].filter((p) => !ownedByKey.has(p.key));
  const newUnits = [...propertiesByKey.values()].reduce((n, p) => {
    const property = ownedByKey.get(p.key);
    return n + [...p.units.keys()].filter((label) => !property || !ownedUnits.some((u) => u.propertyId === property.id && u.label.toLowerCase() === label)).length;
  }, 0);
  return {
    rows,
    properties: propertiesByKey,
    leases: allLeases,
    ownedByKey,
    ownedUnits,
    summary: {
      rows: rows.length,
      errors: rows.filter((r) => r.errors.length).length,
      notes: rows.filter((r) => r.notes.length).length,
      new_properties: newProperties.length,
      existing_properties: propertiesByKey.size - newProperties.length,
      new_units: newUnits,
      leases: allLeases.length,
      tenants: allLeases.reduce((n, l) => n + l.tenants.length, 0),
    },
  };
}

/**
 * POST /api/portal/imports/rent-roll: `{csv}` answers the preview (nothing written); `{csv, confirm:
 * true}` writes it all in one transaction, or answers 422 with every row's errors and writes nothing.
 */
export async function importRentRoll(services: Services, owner: Owner, input: { csv: string; confirm?: boolean }) {
  const today = chicagoToday(services.now());
  if (!input.confirm) {
    const preview = await plan(services.db, owner, input.csv, today);
    return { confirmed: false, ok: preview.summary.errors === 0, summary: preview.summary, rows: preview.rows };
  }
  return services.db.transaction(async (tx) => {
    const checked = await plan(tx, owner, input.csv, today);
    if (checked.summary.errors > 0) {
      const detail: ValidationItem[] = checked.rows.flatMap((r) => r.errors.map((e) => ({ loc: ["body", "csv", `line ${r.line}`, e.field], msg: e.msg })));
      throw new AppError("UNPROCESSABLE", detail);
    }
    const unitIds = new Map<string, string>();
    for (const property of checked.properties.values()) {
      let existing = checked.ownedByKey.get(property.key);
      if (!existing) {
        const created = await createProperty(tx, owner, {
          name: null,
          address: { line1: property.line1, line2: null, city: property.city, state: property.state, zip: property.zip },
          property_type: property.type ?? "multi_family",
          units: [...property.units.values()].map((label) => ({ label })),
        });
        for (const unit of created.units) unitIds.set(`${property.key}|${unit.label.toLowerCase()}`, unit.id);
        continue;
      }
      for (const [key, label] of property.units) {
        const unit = checked.ownedUnits.find((u) => u.propertyId === existing!.id && u.label.toLowerCase() === key);
        if (unit) unitIds.set(`${property.key}|${key}`, unit.id);
        else {
          const [created] = await tx.insert(units).values({ ownerId: owner.id, propertyId: existing.id, label }).returning();
          unitIds.set(`${property.key}|${key}`, created!.id);
        }
      }
    }
    let leasesCreated = 0;
    for (const lease of checked.leases) {
      const input = ZLeaseSchema.parse({
        unit_id: unitIds.get(`${lease.propertyKey}|${lease.unitKey}`),
        start_date: lease.start,
        end_date: lease.end,
        rent_cents: lease.rentCents,
        due_day: lease.dueDay,
        deposit_cents: lease.depositCents,
        late_fee: null,
        tenants: lease.tenants,
        // A lease that has begun starts its books on the balance's day, its deposit already held.
        opening_balance: lease.booksFrom ? { as_of: lease.booksFrom, balance_cents: lease.balanceCents, deposit_held_cents: lease.depositCents } : null,
      });
      await createLease(tx, owner, input, today);
      leasesCreated += 1;
    }
    return { confirmed: true, ok: true, summary: { ...checked.summary, leases: leasesCreated }, rows: checked.rows };
  });
}
