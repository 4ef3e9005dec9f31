import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { accountMessages } from "../../../shared/account-schema.ts";
import { chicagoToday, plusDays, type IsoDate } from "../../../shared/calendar.ts";
import type { DbOrTx } from "../../db/client.ts";
import { leaseDocuments, leases, leaseTenants, ledgerEntries, members, ownerSettings, payoutAccounts, portalFiles, properties, sessions, signInTokens, tenantAccounts, units } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { tenantInviteEmail, tenantSignInLinkEmail } from "../../mail/portal-emails.ts";
import type { Services } from "../../services.ts";
import { hashPassword, verifyPassword } from "../admins.ts";
import type { RequestMeta } from "../caller.ts";
import { isUuid } from "../ids.ts";
import { consumeLink, issueLink, revokeLinks } from "../links.ts";
import { clearRateLimit, hitRateLimit, type RateLimitRule } from "../rate-limit.ts";
import { createSession, generateToken, type TenantAccountRow } from "../sessions.ts";
import type { Owner } from "./access.ts";
import { balanceOf } from "./ledger-rules.ts";
import { withRunningBalance } from "./ledger.ts";
import { findOwnedLease, LEASE_NOT_FOUND } from "./leases.ts";
import { postLeaseNow, type LeaseRow } from "./posting.ts";
import { rentSchedule } from "./rent.ts";
import { stillReadable, tenancyOf } from "./tenant-access.ts";
import { autopayPlace, detachStoppedMethods, endAutopayOfTenancy, tenantAutopays } from "./autopay.ts";

// Tenants and the tenant portal (PORTAL.md 1 and 4): the owner invites a tenant of a lease by
// email; the single-use link signs them in at /tenant (the member sign-in-link design); they may
// set a password. A tenant sees their own leases only: every query names the tenant account.

const HOUR = 60 * 60 * 1000;
export const TENANT_LIMITS = {
  invitesPerTenant: { name: "tenant-invite:tenant", limit: 5, windowMs: HOUR, message: "This tenant was invited several times in the last hour. Please wait before sending another." },
  /** One address gets a few invitations a day, whoever sends them (an invitation carries the sender's words). */
  invitesPerAddress: { name: "tenant-invite:email", limit: 3, windowMs: 24 * HOUR, message: "This email address received several invitations today. Please wait a day before sending another." },
  linksPerIp: { name: "tenant-link:ip", limit: 10, windowMs: HOUR, message: "Too many link requests from your network. Please wait an hour and try again." },
  linksPerEmail: { name: "tenant-link:email", limit: 4, windowMs: HOUR, message: "Too many links were requested for this email. Please use the latest one we sent, or wait an hour." },
  loginPerIp: { name: "tenant-login:ip", limit: 20, windowMs: HOUR / 4, message: "Too many sign-in attempts from your network. Please wait 15 minutes." },
  loginPerAccount: {
    name: "tenant-login:account",
    limit: 8,
    windowMs: HOUR / 4,
    message: "Too many sign-in attempts for this account. Please wait 15 minutes, or sign in with an emailed link.",
  },
} satisfies Record<string, RateLimitRule>;

const BAD_LOGIN = "The email or password is not right.";
let decoyHash: Promise<string> | undefined;

export function describeTenantAccount(tenant: TenantAccountRow) {
  return {
    id: tenant.id,
    email: tenant.email,
    first_name: tenant.firstName,
    last_name: tenant.lastName,
    has_password: tenant.passwordHash !== null,
  };
}

/**
 * Invites a tenant of the owner's lease to the tenant portal: their account (one per email, shared
 * by every lease they rent) and an emailed single-use sign-in link, in one transaction.
 */
export async function inviteTenant(services: Services, owner: Owner, leaseId: string, tenantId: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId);
    const [tenant] = await tx
      .select()
      .from(leaseTenants)
      .where(and(eq(leaseTenants.id, isUuid(tenantId) ? tenantId : lease.id), eq(leaseTenants.leaseId, lease.id), eq(leaseTenants.ownerId, owner.id)))
      .limit(1);
    if (!tenant) throw notFound("Tenant not found.");
    return inviteLeaseTenant(tx, services, owner, lease, tenant, now);
  });
}

/**
 * Joins a lease's tenant to the portal account of the same email when that account already accepted
 * this landlord (consent is given to a landlord: a renewal, a second unit), without an invitation.
 * Answers whether it did.
 */
export async function joinKnownTenant(tx: DbOrTx, owner: Owner, tenant: typeof leaseTenants.$inferSelect, now: Date): Promise<boolean> {
  if (!tenant.email || tenant.accessRevokedAt || tenant.declinedAt) return false;
  const [account] = await tx.select({ id: tenantAccounts.id }).from(tenantAccounts).where(sql`lower(${tenantAccounts.email}) = ${tenant.email.toLowerCase()}`).limit(1);
  if (!account) return false;
  const [knownLandlord] = await tx.select({ id: leaseTenants.id }).from(leaseTenants).where(and(tenancyOf(account.id), eq(leaseTenants.ownerId, owner.id))).limit(1);
  if (!knownLandlord) return false;
  await tx.update(leaseTenants).set({ tenantAccountId: account.id, invitedAt: now, acceptedAt: now }).where(eq(leaseTenants.id, tenant.id));
  return true;
}

/**
 * Invites one tenant of a lease, inside the caller's transaction (an invitation alone, or with a
 * lease sent for signature: `note` says why they are invited).
 */
export async function inviteLeaseTenant(tx: DbOrTx, services: Services, owner: Owner, lease: LeaseRow, tenant: typeof leaseTenants.$inferSelect, now: Date, note?: string) {
  if (!tenant.email) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "email"], msg: "Add the tenant's email to the lease first: the invitation is sent there." }]);
  }
  const email = tenant.email.toLowerCase();
  await hitRateLimit(tx, TENANT_LIMITS.invitesPerTenant, tenant.id, now);
  await hitRateLimit(tx, TENANT_LIMITS.invitesPerAddress, email, now);
  await tx
    .insert(tenantAccounts)
    .values({ email, firstName: tenant.firstName, lastName: tenant.lastName })
    .onConflictDoNothing();
  const [account] = await tx.select().from(tenantAccounts).where(sql`lower(${tenantAccounts.email}) = ${email}`).limit(1);
  // Consent is given to a landlord: a tenant who already accepted this owner's lease (a renewal,
  // a second unit) sees this one too; another landlord's lease waits for the tenant's acceptance.
  const [knownLandlord] = await tx
    .select({ id: leaseTenants.id })
    .from(leaseTenants)
    .where(and(tenancyOf(account!.id), eq(leaseTenants.ownerId, owner.id)))
    .limit(1);
  const stillAccepted = tenant.tenantAccountId === account!.id && tenant.acceptedAt !== null && tenant.accessRevokedAt === null;
  await tx
    .update(leaseTenants)
    .set({
      tenantAccountId: account!.id,
      invitedAt: now,
      acceptedAt: stillAccepted ? tenant.acceptedAt : knownLandlord ? now : null,
      declinedAt: null,
      accessRevokedAt: null,
    })
    .where(eq(leaseTenants.id, tenant.id));
  const token = await issueLink(tx, "tenant_sign_in", { tenantAccountId: account!.id, leaseTenantId: tenant.id }, now);
  const place = await placeOf(tx, lease);
  await enqueueEmail(tx, {
    to: email,
    ...tenantInviteEmail(services.config, { firstName: tenant.firstName, ownerName: `${owner.member.firstName} ${owner.member.lastName}`, place, token, note }),
  });
  return { success: true, tenant_id: tenant.id, email, invited_at: now.toISOString() };
}

/** "1834 S Loomis St, unit 1, Chicago" */
export async function placeOf(db: DbOrTx, lease: Pick<LeaseRow, "unitId">): Promise<string> {
  const [row] = await db
    .select({ line1: properties.line1, city: properties.city, label: units.label })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(units.id, lease.unitId));
  return row ? `${row.line1}, unit ${row.label}, ${row.city}` : "your home";
}

/** Emails a sign-in link to a tenant who has been invited; the same answer for any email. */
export async function requestTenantSignInLink(services: Services, email: string, meta: RequestMeta) {
  const now = services.now();
  const address = email.trim().toLowerCase();
  await hitRateLimit(services.db, TENANT_LIMITS.linksPerIp, meta.ip ?? "unknown", now);
  await hitRateLimit(services.db, TENANT_LIMITS.linksPerEmail, address, now);
  const [account] = await services.db.select().from(tenantAccounts).where(sql`lower(${tenantAccounts.email}) = ${address}`).limit(1);
  if (account) {
    await services.db.transaction(async (tx) => {
      const token = await issueLink(tx, "tenant_sign_in", { tenantAccountId: account.id }, now);
      await enqueueEmail(tx, { to: account.email, ...tenantSignInLinkEmail(services.config, { firstName: account.firstName, token }) });
    });
  }
  return { success: true, message: "If that email belongs to a tenant invited to the portal, a link is on its way. It works once and expires in 24 hours." };
}

/** The emailed link, posted back from its page: one use, then a tenant session. */
export async function confirmTenantLink(services: Services, token: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const used = await consumeLink(tx, token, ["tenant_sign_in"], now);
    const [tenant] = used?.tenantAccountId ? await tx.select().from(tenantAccounts).where(eq(tenantAccounts.id, used.tenantAccountId)).limit(1) : [];
    if (!tenant) throw new AppError("BAD_REQUEST", accountMessages.badLink);
    if (!tenant.emailVerifiedAt) await tx.update(tenantAccounts).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(tenantAccounts.id, tenant.id));
    // An invitation's own link accepts that landlord's lease: the email named the landlord and the home.
    if (used!.leaseTenantId) await acceptTenancy(tx, tenant.id, used!.leaseTenantId, now);
    const session = await createSession(tx, { kind: "tenant", tenantAccountId: tenant.id }, now);
    return { tenant, session };
  });
}

export async function signInTenant(services: Services, input: { email: string; password: string }, meta: RequestMeta) {
  const now = services.now();
  const address = input.email.trim().toLowerCase();
  await hitRateLimit(services.db, TENANT_LIMITS.loginPerIp, meta.ip ?? "unknown", now);
  await hitRateLimit(services.db, TENANT_LIMITS.loginPerAccount, address, now);
  const [tenant] = await services.db.select().from(tenantAccounts).where(sql`lower(${tenantAccounts.email}) = ${address}`).limit(1);
  if (!tenant?.passwordHash) {
    await verifyPassword(input.password, await (decoyHash ??= hashPassword(generateToken())));
    throw new AppError("UNAUTHORIZED", BAD_LOGIN);
  }
  if (!(await verifyPassword(input.password, tenant.passwordHash))) throw new AppError("UNAUTHORIZED", BAD_LOGIN);
  await clearRateLimit(services.db, TENANT_LIMITS.loginPerAccount, address);
  const session = await createSession(services.db, { kind: "tenant", tenantAccountId: tenant.id }, now);
  return { tenant, session };
}

/** A signed-in tenant sets or changes their password (the current one needed to change it); other sessions and links end. */
export async function setTenantPassword(services: Services, tenant: TenantAccountRow, sessionId: string, input: { current_password?: string; new_password: string }) {
  const now = services.now();
  if (tenant.passwordHash) {
    await hitRateLimit(services.db, TENANT_LIMITS.loginPerAccount, tenant.email.toLowerCase(), now);
    if (!input.current_password || !(await verifyPassword(input.current_password, tenant.passwordHash))) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "current_password"], msg: "Your current password is not right." }]);
    }
  }
  const passwordHash = await hashPassword(input.new_password);
  await services.db.transaction(async (tx) => {
    await tx.update(tenantAccounts).set({ passwordHash, updatedAt: now }).where(eq(tenantAccounts.id, tenant.id));
    await tx.delete(sessions).where(and(eq(sessions.tenantAccountId, tenant.id), ne(sessions.id, sessionId)));
    await revokeLinks(tx, { tenantAccountId: tenant.id }, now);
  });
  return { success: true, message: "Your password is saved. You can sign in with your email and password." };
}

/** Marks an invitation accepted, if it is this account's, still open and not revoked; answers whether it was. */
async function acceptTenancy(tx: DbOrTx, tenantAccountId: string, leaseTenantId: string, now: Date): Promise<boolean> {
  const accepted = await tx
    .update(leaseTenants)
    .set({ acceptedAt: now, declinedAt: null })
    .where(
      and(
        eq(leaseTenants.id, leaseTenantId),
        eq(leaseTenants.tenantAccountId, tenantAccountId),
        isNull(leaseTenants.accessRevokedAt),
        isNull(leaseTenants.acceptedAt),
      ),
    )
    .returning({ id: leaseTenants.id });
  return accepted.length === 1;
}

/** The invitations a tenant has not answered yet, each naming the landlord and the home. */
export async function pendingInvitations(db: DbOrTx, tenant: TenantAccountRow) {
  const rows = await db
    .select({ tenancy: leaseTenants, unit: units, property: properties, owner: { firstName: members.firstName, lastName: members.lastName } })
    .from(leaseTenants)
    .innerJoin(leases, eq(leases.id, leaseTenants.leaseId))
    .innerJoin(units, eq(units.id, leases.unitId))
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .innerJoin(members, eq(members.id, leases.ownerId))
    .where(
      and(
        eq(leaseTenants.tenantAccountId, tenant.id),
        isNull(leaseTenants.acceptedAt),
        isNull(leaseTenants.declinedAt),
        isNull(leaseTenants.accessRevokedAt),
      ),
    )
    .orderBy(asc(leaseTenants.invitedAt));
  return rows.map(({ tenancy, unit, property, owner }) => ({
    id: tenancy.id,
    landlord: `${owner.firstName} ${owner.lastName}`,
    property: { line1: property.line1, line2: property.line2, city: property.city, state: property.state, zip: property.zip, name: property.name },
    unit: { label: unit.label },
    invited_at: tenancy.invitedAt?.toISOString() ?? null,
  }));
}

/** The tenant answers an invitation from the portal: accept (the lease joins their portal) or decline. */
export async function answerInvitation(services: Services, tenant: TenantAccountRow, invitationId: string, answer: "accept" | "decline") {
  const now = services.now();
  if (!isUuid(invitationId)) throw notFound("Invitation not found.");
  return services.db.transaction(async (tx) => {
    const [tenancy] = await tx
      .select()
      .from(leaseTenants)
      .where(and(eq(leaseTenants.id, invitationId), eq(leaseTenants.tenantAccountId, tenant.id), isNull(leaseTenants.accessRevokedAt)))
      .limit(1)
      .for("update");
    if (!tenancy) throw notFound("Invitation not found.");
    if (answer === "accept") {
      if (!tenancy.acceptedAt) await acceptTenancy(tx, tenant.id, tenancy.id, now);
      return { success: true, lease_id: tenancy.leaseId as string | null, status: "accepted" as const };
    }
    if (tenancy.acceptedAt) throw new AppError("CONFLICT", "You accepted this lease already. Ask the landlord to remove your access if it is not yours.");
    await tx.update(leaseTenants).set({ declinedAt: now }).where(eq(leaseTenants.id, tenancy.id));
    return { success: true, lease_id: null as string | null, status: "declined" as const };
  });
}

/**
 * The owner ends a tenant's access to a lease (a mistyped invitation, a tenant who moved out): the
 * tenant's portal no longer shows it and its outstanding invitation links stop working; when it was
 * the last lease the account could see, its sessions end too. The books keep every entry.
 */
export async function revokeTenantAccess(services: Services, owner: Owner, leaseId: string, tenantId: string) {
  const now = services.now();
  const answer = await services.db.transaction(async (tx) => {
    const lease = await findOwnedLease(tx, owner, leaseId);
    const [tenancy] = isUuid(tenantId)
      ? await tx
          .select()
          .from(leaseTenants)
          .where(and(eq(leaseTenants.id, tenantId), eq(leaseTenants.leaseId, lease.id), eq(leaseTenants.ownerId, owner.id)))
          .limit(1)
          .for("update")
      : [];
    if (!tenancy) throw notFound("Tenant not found.");
    if (tenancy.accessRevokedAt) return { success: true, tenant_id: tenancy.id, access_revoked_at: tenancy.accessRevokedAt.toISOString(), detach: [] as string[] };
    await tx.update(leaseTenants).set({ accessRevokedAt: now }).where(eq(leaseTenants.id, tenancy.id));
    // A tenant who no longer sees the lease no longer pays it automatically either.
    const detach = await endAutopayOfTenancy(tx, services, tenancy.id);
    await tx.update(signInTokens).set({ usedAt: now }).where(and(eq(signInTokens.leaseTenantId, tenancy.id), isNull(signInTokens.usedAt)));
    if (tenancy.tenantAccountId) {
      const [other] = await tx.select({ id: leaseTenants.id }).from(leaseTenants).where(tenancyOf(tenancy.tenantAccountId)).limit(1);
      if (!other) await tx.delete(sessions).where(eq(sessions.tenantAccountId, tenancy.tenantAccountId));
    }
    return { success: true, tenant_id: tenancy.id, access_revoked_at: now.toISOString(), detach };
  });
  const { detach, ...result } = answer;
  await detachStoppedMethods(services, detach);
  return result;
}

/**
 * The tenant's lease by id, or 404 (also for a lease that is someone else's, one they have not
 * accepted, one whose access the owner revoked, or one that ended more than a year ago).
 */
export async function findTenantLease(db: DbOrTx, tenant: TenantAccountRow, leaseId: string, today: IsoDate): Promise<LeaseRow> {
  if (!isUuid(leaseId)) throw notFound(LEASE_NOT_FOUND);
  const [row] = await db
    .select({ lease: leases })
    .from(leaseTenants)
    .innerJoin(leases, eq(leases.id, leaseTenants.leaseId))
    .where(and(tenancyOf(tenant.id), stillReadable(today), eq(leaseTenants.leaseId, leaseId)))
    .limit(1);
  if (!row) throw notFound(LEASE_NOT_FOUND);
  return row.lease;
}

/** The next rent charge date after today, while the lease runs. */
function nextDueDate(lease: LeaseRow, today: IsoDate): IsoDate | null {
  const upcoming = rentSchedule(
    { startDate: lease.startDate, endDate: lease.endDate, rentCents: lease.rentCents, dueDay: lease.dueDay },
    plusDays(today, 62),
    today.slice(0, 7),
  ).find((c) => c.date > today);
  return upcoming?.date ?? null;
}

/** GET /api/tenant/me: the tenant and each of their leases, with balance, next due date and how to pay. */
export async function tenantOverview(services: Services, tenant: TenantAccountRow) {
  const { db } = services;
  const today = chicagoToday(services.now());
  const rows = await db
    .select({
      lease: leases,
      unit: units,
      property: properties,
      owner: { id: members.id, firstName: members.firstName, lastName: members.lastName },
      tenancy: { firstName: leaseTenants.firstName, lastName: leaseTenants.lastName },
    })
    .from(leaseTenants)
    .innerJoin(leases, eq(leases.id, leaseTenants.leaseId))
    .innerJoin(units, eq(units.id, leases.unitId))
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .innerJoin(members, eq(members.id, leases.ownerId))
    .where(and(tenancyOf(tenant.id), stillReadable(today)))
    .orderBy(asc(leases.startDate));
  for (const row of rows) if (!row.lease.postedThrough || row.lease.postedThrough < today) await postLeaseNow(db, row.lease, today);
  const leaseIds = rows.map((r) => r.lease.id);
  const ownerIds = [...new Set(rows.map((r) => r.owner.id))];
  const [entries, payouts, settings, documents, autopays] = await Promise.all([
    leaseIds.length ? db.select().from(ledgerEntries).where(inArray(ledgerEntries.leaseId, leaseIds)) : Promise.resolve([]),
    ownerIds.length ? db.select().from(payoutAccounts).where(inArray(payoutAccounts.ownerId, ownerIds)) : Promise.resolve([]),
    ownerIds.length ? db.select().from(ownerSettings).where(inArray(ownerSettings.ownerId, ownerIds)) : Promise.resolve([]),
    leaseIds.length
      ? db
          .select({
            id: leaseDocuments.id,
            leaseId: leaseDocuments.leaseId,
            title: leaseDocuments.title,
            fileId: portalFiles.id,
            name: portalFiles.name,
            sizeBytes: portalFiles.sizeBytes,
          })
          .from(leaseDocuments)
          .innerJoin(portalFiles, eq(portalFiles.id, leaseDocuments.fileId))
          .where(and(inArray(leaseDocuments.leaseId, leaseIds), eq(leaseDocuments.sharedWithTenants, true)))
      : Promise.resolve([]),
    tenantAutopays(db, tenant, leaseIds),
  ]);
  return {
    tenant: describeTenantAccount(tenant),
    /** Leases a landlord invited this tenant to, waiting for the tenant's answer (PORTAL.md 1). */
    invitations: await pendingInvitations(db, tenant),
    leases: rows.map(({ lease, unit, property, owner, tenancy }) => {
      const payout = payouts.find((p) => p.ownerId === owner.id);
      return {
        id: lease.id,
        property: { line1: property.line1, line2: property.line2, city: property.city, state: property.state, zip: property.zip, name: property.name },
        unit: { label: unit.label },
        landlord: `${owner.firstName} ${owner.lastName}`,
        rent_cents: lease.rentCents,
        due_day: lease.dueDay,
        start_date: lease.startDate,
        end_date: lease.endDate,
        balance_cents: balanceOf(entries.filter((e) => e.leaseId === lease.id)),
        next_due_date: nextDueDate(lease, today),
        online_payment: Boolean(payout?.chargesEnabled),
        payment_instructions: settings.find((s) => s.ownerId === owner.id)?.paymentInstructions ?? "",
        documents: documents.filter((d) => d.leaseId === lease.id).map((d) => ({ id: d.id, title: d.title, file_name: d.name, size_bytes: d.sizeBytes, file_id: d.fileId })),
        /** This tenant's autopay on the lease (issue 30, item 3), and the facts its authorization names. */
        autopay: {
          ...autopays.get(lease.id)!,
          terms: { tenant_name: `${tenancy.firstName} ${tenancy.lastName}`, landlord: `${owner.firstName} ${owner.lastName}`, place: autopayPlace(property, unit), due_day: lease.dueDay },
        },
      };
    }),
  };
}

/** GET /api/tenant/leases/{id}/ledger: the tenant's own lease's entries with a running balance. */
export async function tenantLedger(services: Services, tenant: TenantAccountRow, leaseId: string) {
  const today = chicagoToday(services.now());
  const lease = await findTenantLease(services.db, tenant, leaseId, today);
  if (!lease.postedThrough || lease.postedThrough < today) await postLeaseNow(services.db, lease, today);
  const rows = await services.db.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, lease.id)).orderBy(asc(ledgerEntries.date), asc(ledgerEntries.seq));
  return { lease_id: lease.id, balance_cents: balanceOf(rows), entries: withRunningBalance(rows) };
}

/** The tenants of a lease who have an email (reminders, receipts, maintenance news). */
export async function emailedTenantsOf(db: DbOrTx, leaseId: string) {
  return db
    .select({ email: leaseTenants.email, firstName: leaseTenants.firstName })
    .from(leaseTenants)
    .where(and(eq(leaseTenants.leaseId, leaseId), sql`${leaseTenants.email} is not null`));
}
