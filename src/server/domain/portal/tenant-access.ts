import { and, eq, gte, isNotNull, isNull, or } from "drizzle-orm";
import { dateLabel, plusYearsOf, type IsoDate } from "../../../shared/calendar.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leases, leaseTenants } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

// Which leases a tenant account sees (PORTAL.md 1). A lease joins a tenant's portal only once the
// tenant accepted that landlord's invitation, and leaves it when the owner revokes their access.
// After a lease ends, its former tenant may still read it for a year (the deposit is settled in
// that time) but writes nothing on it. Every tenant query names these conditions.

/** How long a former tenant may still read an ended lease. */
export const FORMER_TENANT_READ_YEARS = 1;

/** The tenancies through which this account sees leases: accepted and not revoked. */
export const tenancyOf = (tenantAccountId: string) =>
  and(eq(leaseTenants.tenantAccountId, tenantAccountId), isNotNull(leaseTenants.acceptedAt), isNull(leaseTenants.accessRevokedAt));

/** The lease is still its tenants' to read today: running, or ended within the last year. */
export const stillReadable = (today: IsoDate) => or(isNull(leases.endDate), gte(leases.endDate, plusYearsOf(today, -FORMER_TENANT_READ_YEARS)));

/** The ids of the leases this tenant may read today, as a subquery. */
export const readableLeaseIds = (db: DbOrTx, tenantAccountId: string, today: IsoDate) =>
  db
    .select({ leaseId: leaseTenants.leaseId })
    .from(leaseTenants)
    .innerJoin(leases, eq(leases.id, leaseTenants.leaseId))
    .where(and(tenancyOf(tenantAccountId), stillReadable(today)));

/** A lease that has ended takes nothing new from its former tenant: 409 naming the end date. */
export function assertLeaseRunning(lease: { endDate: IsoDate | null }, today: IsoDate, what: string): void {
  if (lease.endDate !== null && lease.endDate < today) {
    throw new AppError("CONFLICT", `This lease ended on ${dateLabel(lease.endDate)}, so it takes no new ${what}. Contact your former landlord directly.`);
  }
}

/** The same check by the lease's id (for a request on one of the tenant's leases). */
export async function assertLeaseIdRunning(db: DbOrTx, leaseId: string | null, today: IsoDate, what: string): Promise<void> {
  if (!leaseId) return;
  const [lease] = await db.select({ endDate: leases.endDate }).from(leases).where(eq(leases.id, leaseId)).limit(1);
  if (lease) assertLeaseRunning(lease, today, what);
}
