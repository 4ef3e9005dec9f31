import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { PROPERTY_TYPES, ZPropertySchema, type Jurisdiction, type TUnit } from "../../../shared/portal.ts";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { leases, properties, units } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { Owner } from "./access.ts";
import { isUuid } from "../ids.ts";
import { ruleSetOf } from "./jurisdiction.ts";

// Properties and their units (PORTAL.md 2). Every query names the owner: another owner's id is
// answered exactly like one that does not exist.

export type PropertyRow = typeof properties.$inferSelect;
export type UnitRow = typeof units.$inferSelect;

export const PROPERTY_NOT_FOUND = "Property not found.";
export const UNIT_NOT_FOUND = "Unit not found.";

/** A single-family house is one unit; other properties start with one when none is named. */
const DEFAULT_UNIT_LABEL = { single_family: "House" } as Partial<Record<keyof typeof PROPERTY_TYPES, string>>;

export function describeUnit(unit: UnitRow) {
  return {
    id: unit.id,
    property_id: unit.propertyId,
    label: unit.label,
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    market_rent_cents: unit.marketRentCents,
    archived: unit.archivedAt !== null,
  };
}

/** The rules a property's tenancies follow, with why and what the app cannot know (jurisdiction.ts). */
export function propertyRules(property: PropertyRow, propertyUnits: readonly UnitRow[]) {
  return ruleSetOf({
    city: property.city,
    state: property.state,
    propertyType: property.propertyType,
    jurisdiction: property.jurisdiction,
    ownerOccupied: property.ownerOccupied,
    ownerOccupiedConfirmed: property.ownerOccupiedConfirmed,
    unitCount: Math.max(1, propertyUnits.filter((u) => u.archivedAt === null).length),
  });
}

/** The rules of the properties the given units belong to, by unit id. */
export async function rulesOfUnits(db: DbOrTx, ownerId: string, unitIds: readonly string[]): Promise<Map<string, ReturnType<typeof propertyRules>>> {
  const byUnit = new Map<string, ReturnType<typeof propertyRules>>();
  if (unitIds.length === 0) return byUnit;
  const owned = await db
    .select({ unitId: units.id, propertyId: units.propertyId })
    .from(units)
    .where(and(eq(units.ownerId, ownerId), inArray(units.id, [...new Set(unitIds)])));
  const propertyIds = [...new Set(owned.map((u) => u.propertyId))];
  if (propertyIds.length === 0) return byUnit;
  const [propertyRows, unitRows] = await Promise.all([
    db.select().from(properties).where(and(eq(properties.ownerId, ownerId), inArray(properties.id, propertyIds))),
    db.select().from(units).where(and(eq(units.ownerId, ownerId), inArray(units.propertyId, propertyIds))),
  ]);
  const rules = new Map(propertyRows.map((p) => [p.id, propertyRules(p, unitRows.filter((u) => u.propertyId === p.id))]));
  for (const u of owned) byUnit.set(u.unitId, rules.get(u.propertyId)!);
  return byUnit;
}

export function describeProperty(property: PropertyRow, propertyUnits: UnitRow[]) {
  const rules = propertyRules(property, propertyUnits);
  return {
    id: property.id,
    name: property.name,
    address: { line1: property.line1, line2: property.line2, city: property.city, state: property.state, zip: property.zip },
    display_name: property.name || property.line1,
    property_type: property.propertyType,
    schedule_e_code: PROPERTY_TYPES[property.propertyType].code,
    placed_in_service: property.placedInService,
    building_basis_cents: property.buildingBasisCents,
    owner_occupied: property.ownerOccupied,
    owner_occupied_confirmed: property.ownerOccupiedConfirmed,
    jurisdiction: rules.jurisdiction,
    jurisdiction_confirmed: rules.jurisdictionConfirmed,
    rules: rules.rules,
    rules_reason: rules.reason,
    rules_warnings: rules.warnings,
    archived: property.archivedAt !== null,
    created_at: property.createdAt.toISOString(),
    units: propertyUnits.map(describeUnit),
  };
}
export type PropertyView = ReturnType<typeof describeProperty>;

/** The owner's property by id, or 404 (also for someone else's). */
export async function findOwnedProperty(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<PropertyRow> {
  if (!isUuid(id)) throw notFound(PROPERTY_NOT_FOUND);
  const query = db.select().from(properties).where(and(eq(properties.id, id), eq(properties.ownerId, owner.id))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(PROPERTY_NOT_FOUND);
  return row;
}

/** The owner's unit by id, or 404 (also for someone else's). */
export async function findOwnedUnit(db: DbOrTx, owner: Owner, id: string, lock = false): Promise<UnitRow> {
  if (!isUuid(id)) throw notFound(UNIT_NOT_FOUND);
  const query = db.select().from(units).where(and(eq(units.id, id), eq(units.ownerId, owner.id))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(UNIT_NOT_FOUND);
  return row;
}

async function unitsOf(db: DbOrTx, owner: Owner, propertyIds: string[]): Promise<Map<string, UnitRow[]>> {
  const byProperty = new Map<string, UnitRow[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return byProperty;
  const rows = await db
    .select()
    .from(units)
    .where(and(eq(units.ownerId, owner.id), inArray(units.propertyId, propertyIds)))
    .orderBy(asc(units.createdAt), asc(units.label));
  for (const unit of rows) byProperty.get(unit.propertyId)?.push(unit);
  return byProperty;
}

export async function listProperties(services: Services, owner: Owner, options: { includeArchived?: boolean } = {}) {
  const rows = await services.db
    .select()
    .from(properties)
    .where(and(eq(properties.ownerId, owner.id), options.includeArchived ? undefined : isNull(properties.archivedAt)))
    .orderBy(asc(properties.createdAt));
  const byProperty = await unitsOf(services.db, owner, rows.map((p) => p.id));
  return rows.map((p) => describeProperty(p, byProperty.get(p.id) ?? []));
}

export async function getProperty(services: Services, owner: Owner, id: string) {
  const property = await findOwnedProperty(services.db, owner, id);
  const byProperty = await unitsOf(services.db, owner, [property.id]);
  return describeProperty(property, byProperty.get(property.id) ?? []);
}

function unitValues(owner: Owner, propertyId: string, unit: TUnit) {
  return {
    ownerId: owner.id,
    propertyId,
    label: unit.label.trim(),
    bedrooms: unit.bedrooms ?? null,
    bathrooms: unit.bathrooms ?? null,
    marketRentCents: unit.market_rent_cents ?? null,
  };
}

/** Two units of one property may not share a label. */
function assertDistinctLabels(labels: string[]) {
  const seen = new Set<string>();
  for (const label of labels) {
    const key = label.trim().toLowerCase();
    if (seen.has(key)) throw new AppError("CONFLICT", `The property already has a unit named "${label}".`);
    seen.add(key);
  }
}

/** Adds a property with its units (a single-family house gets its one unit). */
export async function createProperty(db: DbOrTx, owner: Owner, input: z.output<typeof ZPropertySchema>) {
  const defaultLabel = DEFAULT_UNIT_LABEL[input.property_type] ?? "1";
  const requested: TUnit[] = input.units.length ? input.units : [{ label: defaultLabel }];
  if (input.property_type === "single_family" && requested.length > 1) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "units"], msg: "A single-family property has one unit." }]);
  }
  assertDistinctLabels(requested.map((u) => u.label));
  const [property] = await db
    .insert(properties)
    .values({
      ownerId: owner.id,
      name: input.name,
      line1: input.address.line1,
      line2: input.address.line2,
      city: input.address.city,
      state: input.address.state,
      zip: input.address.zip,
      propertyType: input.property_type,
      placedInService: input.placed_in_service ?? null,
      buildingBasisCents: input.building_basis_cents ?? null,
      ownerOccupied: input.owner_occupied ?? false,
      ownerOccupiedConfirmed: input.owner_occupied !== undefined,
      jurisdiction: input.jurisdiction ?? null,
    })
    .returning();
  const created = await db.insert(units).values(requested.map((u) => unitValues(owner, property!.id, u))).returning();
  return describeProperty(property!, created);
}

export async function updateProperty(
  services: Services,
  owner: Owner,
  id: string,
  patch: {
    name?: string | null;
    address?: Partial<{ line1: string; line2: string | null; city: string; state: string; zip: string }>;
    property_type?: keyof typeof PROPERTY_TYPES;
    placed_in_service?: string | null;
    building_basis_cents?: number | null;
    owner_occupied?: boolean;
    jurisdiction?: Jurisdiction | null;
    archived?: boolean;
  },
) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const property = await findOwnedProperty(tx, owner, id, true);
    if (patch.property_type === "single_family" && property.propertyType !== "single_family") {
      const existing = (await unitsOf(tx, owner, [property.id])).get(property.id) ?? [];
      if (existing.length > 1) throw new AppError("CONFLICT", "This property has more than one unit, so it cannot be a single-family property.");
    }
    const [updated] = await tx
      .update(properties)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.address?.line1 !== undefined ? { line1: patch.address.line1 } : {}),
        ...(patch.address?.line2 !== undefined ? { line2: patch.address.line2 } : {}),
        ...(patch.address?.city !== undefined ? { city: patch.address.city } : {}),
        ...(patch.address?.state !== undefined ? { state: patch.address.state } : {}),
        ...(patch.address?.zip !== undefined ? { zip: patch.address.zip } : {}),
        ...(patch.property_type !== undefined ? { propertyType: patch.property_type } : {}),
        ...(patch.placed_in_service !== undefined ? { placedInService: patch.placed_in_service } : {}),
        ...(patch.building_basis_cents !== undefined ? { buildingBasisCents: patch.building_basis_cents } : {}),
        ...(patch.owner_occupied !== undefined ? { ownerOccupied: patch.owner_occupied, ownerOccupiedConfirmed: true } : {}),
        ...(patch.jurisdiction !== undefined ? { jurisdiction: patch.jurisdiction } : {}),
        ...(patch.archived !== undefined ? { archivedAt: patch.archived ? (property.archivedAt ?? now) : null } : {}),
        updatedAt: now,
      })
      .where(and(eq(properties.id, property.id), eq(properties.ownerId, owner.id)))
      .returning();
    const byProperty = await unitsOf(tx, owner, [property.id]);
    return describeProperty(updated!, byProperty.get(property.id) ?? []);
  });
}

/** Deleting is for a property entered by mistake: one with a lease or ledger answers 409 (archive it instead). */
export async function deleteProperty(services: Services, owner: Owner, id: string) {
  return services.db.transaction(async (tx) => {
    const property = await findOwnedProperty(tx, owner, id, true);
    const [used] = await tx
      .select({ id: leases.id })
      .from(leases)
      .innerJoin(units, eq(units.id, leases.unitId))
      .where(and(eq(units.propertyId, property.id), eq(leases.ownerId, owner.id)))
      .limit(1);
    if (used) throw new AppError("CONFLICT", "This property has leases and their ledgers, which are kept. Archive the property instead.");
    await tx.delete(units).where(and(eq(units.propertyId, property.id), eq(units.ownerId, owner.id)));
    await tx.delete(properties).where(and(eq(properties.id, property.id), eq(properties.ownerId, owner.id)));
    return { success: true, id: property.id };
  });
}

export async function addUnit(services: Services, owner: Owner, propertyId: string, unit: TUnit) {
  return services.db.transaction(async (tx) => {
    const property = await findOwnedProperty(tx, owner, propertyId, true);
    if (property.propertyType === "single_family") {
      throw new AppError("CONFLICT", "A single-family property has one unit. Change its type to add more.");
    }
    const existing = (await unitsOf(tx, owner, [property.id])).get(property.id) ?? [];
    assertDistinctLabels([...existing.map((u) => u.label), unit.label]);
    const [created] = await tx.insert(units).values(unitValues(owner, property.id, unit)).returning();
    return describeUnit(created!);
  });
}

export async function updateUnit(
  services: Services,
  owner: Owner,
  unitId: string,
  patch: Partial<TUnit> & { archived?: boolean },
) {
  return services.db.transaction(async (tx) => {
    const unit = await findOwnedUnit(tx, owner, unitId, true);
    if (patch.label !== undefined) {
      const siblings = ((await unitsOf(tx, owner, [unit.propertyId])).get(unit.propertyId) ?? []).filter((u) => u.id !== unit.id);
      assertDistinctLabels([...siblings.map((u) => u.label), patch.label]);
    }
    const [updated] = await tx
      .update(units)
      .set({
        ...(patch.label !== undefined ? { label: patch.label.trim() } : {}),
        ...(patch.bedrooms !== undefined ? { bedrooms: patch.bedrooms } : {}),
        ...(patch.bathrooms !== undefined ? { bathrooms: patch.bathrooms } : {}),
        ...(patch.market_rent_cents !== undefined ? { marketRentCents: patch.market_rent_cents } : {}),
        ...(patch.archived !== undefined ? { archivedAt: patch.archived ? (unit.archivedAt ?? services.now()) : null } : {}),
      })
      .where(and(eq(units.id, unit.id), eq(units.ownerId, owner.id)))
      .returning();
    return describeUnit(updated!);
  });
}

/** POST /api/portal/properties: the property and its units in one transaction. */
export function addProperty(services: Services, owner: Owner, input: z.output<typeof ZPropertySchema>) {
  return services.db.transaction((tx) => createProperty(tx, owner, input));
}
