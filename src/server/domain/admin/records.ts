import { and, count, desc, eq, sql } from "drizzle-orm";
import { isTestData, type TAdminListQueryParsed } from "../../../shared/admin.ts";
import type { DbOrTx } from "../../db/client.ts";
import { applications, contracts, members, payments } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { queueSignedAgreementEmail } from "../../mail/contract-emails.ts";
import type { Services } from "../../services.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { isUuid, page, personWhere } from "./queries.ts";

// Applications, contracts and payments as the admin area lists them (SPEC.md 3).

type ApplicationRow = typeof applications.$inferSelect;

export function describeApplicationForAdmin(a: ApplicationRow) {
  return {
    id: a.id,
    first_name: a.firstName,
    last_name: a.lastName,
    full_name: `${a.firstName} ${a.lastName}`,
    email: a.email,
    phone: a.phone,
    message: a.message,
    membership_level: a.membershipLevel,
    property_management_status: a.propertyManagementStatus,
    license_status: a.licenseStatus ?? "not specified",
    specialty_skills: a.specialtySkills,
    other_specialty: a.otherSpecialty,
    status: a.status,
    has_user_account: a.memberId !== null,
    signed_at: a.signedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
    is_test_data: isTestData(a),
  };
}

export async function listApplications(db: DbOrTx, query: TAdminListQueryParsed & { limit: number }) {
  const where = personWhere(applications, query);
  const [rows, [total]] = await Promise.all([
    db.select().from(applications).where(where).orderBy(desc(applications.createdAt), desc(applications.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(applications).where(where),
  ]);
  return page(rows.map(describeApplicationForAdmin), Number(total?.n ?? 0), query.offset, query.limit);
}

type ContractRow = typeof contracts.$inferSelect;

function describeContractRow(c: ContractRow) {
  return {
    id: c.id,
    member_id: c.memberId,
    application_id: c.applicationId,
    member_name: c.memberName,
    member_email: c.memberEmail,
    membership_level: c.membershipLevel.toUpperCase(),
    signed_at: c.signedAt.toISOString(),
    contract_version: c.agreementVersion,
    email_sent: c.emailSent,
  };
}

/** Contracts newest first; search matches the signer's name or email. */
export async function listContracts(db: DbOrTx, query: TAdminListQueryParsed & { limit: number }) {
  const search = query.q ?? query.email ?? query.name;
  const where = search
    ? sql`(position(${search.toLowerCase()} in lower(${contracts.memberName})) > 0 or position(${search.toLowerCase()} in lower(${contracts.memberEmail})) > 0)`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(contracts).where(where).orderBy(desc(contracts.signedAt), desc(contracts.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(contracts).where(where),
  ]);
  return page(rows.map(describeContractRow), Number(total?.n ?? 0), query.offset, query.limit);
}

async function findContract(db: DbOrTx, id: string): Promise<ContractRow> {
  if (!isUuid(id)) throw notFound("Contract not found.");
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
  if (!row) throw notFound("Contract not found.");
  return row;
}

/** SPEC.md 7 "GET /api/admin/contracts/{id}": the whole record; the screen shows its first 1000 characters. */
export async function getContractForAdmin(db: DbOrTx, id: string) {
  const c = await findContract(db, id);
  return {
    ...describeContractRow(c),
    contract_text: c.contractText,
    text_sha256: c.textSha256,
    signature_name: c.signatureName,
    consent_wording: c.consentWording,
    ip_address: c.ipAddress,
    user_agent: c.userAgent,
    pdf_url: `/api/contracts/${c.id}/pdf`,
  };
}

/** Queues the signed agreement (PDF attached) to the member again, through the outbox. */
export async function resendContractEmail(services: Services, actor: AdminActor, contractId: string) {
  return services.db.transaction(async (tx) => {
    const contract = await findContract(tx, contractId);
    const [member] = await tx.select().from(members).where(eq(members.id, contract.memberId)).limit(1);
    if (!member) throw notFound("The member of this contract was not found.");
    const now = services.now();
    const { outboxId } = await queueSignedAgreementEmail(tx, services, { contract, member, resent: true });
    await recordAdminAction(
      tx,
      actor,
      { action: "contract_email_resent", targetType: "contract", targetId: contract.id, details: { outbox_id: outboxId } },
      now,
    );
    return { success: true, detail: `The contract email was queued to ${member.email}.`, outbox_id: outboxId };
  });
}

/** Payments newest first with the member they belong to (SPEC.md 3 "Payment"). */
/** How long a checkout stays open (Stripe's default, and the test provider's). */
const CHECKOUT_OPEN_MS = 24 * 60 * 60 * 1000;

/**
 * A payment's state as the admin reads it: a checkout that was left and has expired (or is past
 * its 24 hours without word from the provider) is "abandoned", not still "initiated".
 */
export function paymentDisplayStatus(p: { paymentStatus: string; createdAt: Date }, now: Date): string {
  if (p.paymentStatus === "expired") return "abandoned";
  if (p.paymentStatus === "initiated" && now.getTime() - p.createdAt.getTime() > CHECKOUT_OPEN_MS) return "abandoned";
  return p.paymentStatus;
}

export async function listPayments(db: DbOrTx, query: TAdminListQueryParsed & { limit: number }, now: Date = new Date()) {
  const where = and(query.q || query.email || query.name ? personWhere(members, query) : undefined);
  const base = db
    .select({ payment: payments, firstName: members.firstName, lastName: members.lastName, email: members.email })
    .from(payments)
    .leftJoin(members, eq(members.id, payments.memberId));
  const [rows, [total]] = await Promise.all([
    base.where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(payments).leftJoin(members, eq(members.id, payments.memberId)).where(where),
  ]);
  return page(
    rows.map(({ payment: p, firstName, lastName, email }) => ({
      id: p.id,
      member_id: p.memberId,
      member_name: firstName ? `${firstName} ${lastName}` : "",
      member_email: email ?? "",
      membership_level: p.membershipLevel,
      billing_frequency: p.billingFrequency,
      kind: p.kind,
      amount_cents: p.amountCents,
      amount: p.amountCents / 100,
      currency: p.currency,
      payment_status: p.paymentStatus,
      /** What the admin area shows: `payment_status`, with a left checkout past its time as "abandoned". */
      display_status: paymentDisplayStatus(p, now),
      session_id: p.sessionId,
      provider: p.provider,
      created_at: p.createdAt.toISOString(),
      completed_at: p.completedAt?.toISOString() ?? null,
    })),
    Number(total?.n ?? 0),
    query.offset,
    query.limit,
  );
}
