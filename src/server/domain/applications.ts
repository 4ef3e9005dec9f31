import { and, eq, isNull, sql } from "drizzle-orm";
import {
  AGREEMENT_VERSION,
  CONSENT_WORDING,
  agreementText,
  renderAgreement,
  type Agreement,
} from "../../shared/agreement.ts";
import type { TApplyRequest, TSignRequest } from "../../shared/application-schema.ts";
import { isPaidLevel, nextStepsFor, suggestPortalUsername, type MembershipLevel } from "../../shared/membership.ts";
import { chicagoDate } from "../../shared/time.ts";
import type { DbOrTx, StatementRunner } from "../db/client.ts";
import { groupCommit, type GroupCommit } from "../db/group-commit.ts";
import { agreementVersions, applications, contracts, emailOutbox, members, rateLimits, sessions } from "../db/schema.ts";
import { pdfFontsFor, sha256Hex } from "../documents/contract-pdf.ts";
import { AppError, databaseUnavailable, forbidden, notFound, unauthorized } from "../errors.ts";
import { queueSignedAgreementEmail } from "../mail/contract-emails.ts";
import { applicationReceivedEmail } from "../mail/templates.ts";
import type { Services } from "../services.ts";
import { assertUnderRateLimit, rateLimitKey, type RateLimitRule } from "./rate-limit.ts";
import { createSession, generateToken, hashToken, SESSION_LIFETIME, type ValidSession } from "./sessions.ts";

export type ApplicationRow = typeof applications.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Applications from one address: generous for an office that shares one, tight for a script. */
export const APPLY_PER_IP: RateLimitRule = {
  name: "apply:ip",
  limit: 20,
  windowMs: 60 * 60 * 1000,
  message: "Too many applications from this address. Please try again later.",
};

const MEMBER_EXISTS =
  "A membership already exists for this email address. Sign in to manage your membership or upgrade your plan.";

/** One apply as the batched statement reads it (one element of its JSON parameter). */
interface ApplyItem {
  ord: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  membership_level: string;
  property_management_status: string;
  license_status: string | null;
  specialty_skills: string[];
  other_specialty: string;
  agree_to_terms: boolean;
  consent_digital_signature: boolean;
  ip_address: string | null;
  user_agent: string | null;
  /** The applicant session: the hash of its token and when it ends. */
  session_id: string;
  session_expires_at: string;
  mail_template: string;
  mail_subject: string;
  mail_html: string;
  mail_text: string;
  /** The rate limit's counter key, null when the client address is unknown (nothing to count). */
  rate_key: string | null;
  now: string;
  rate_reset_at: string;
}

interface ApplyOutcome {
  member_exists: boolean;
  id: string | null;
  is_new: boolean | null;
  attempt_count: number | null;
  attempt_reset_at_ms: number | null;
}

/**
 * Writes a batch of applies in one statement (one round trip, one commit), each with the same
 * effect as if it were alone: the per-address rate limit's counter (an address's attempts in the
 * batch counted one after the other, in arrival order), the member check, the insert-or-continue
 * (ON CONFLICT on the one-pending-application-per-email index, which also makes two simultaneous
 * submissions for one email end in one application), the application-received email for a new
 * application and the applicant session. Rows are locked in key order, so two batches written at
 * the same time cannot deadlock on each other. The group commit never puts two applies for one
 * email in a batch.
 */
async function writeApplies(run: StatementRunner, items: ApplyItem[]): Promise<ApplyOutcome[]> {
  const first = items[0]!;
  // The batch is one text parameter (a prepared statement would otherwise type it jsonb and encode it again).
  const rows = await run(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::text::jsonb) as r(
        ord int, first_name text, last_name text, email text, phone text, message text, membership_level text,
        property_management_status text, license_status text, specialty_skills jsonb, other_specialty text,
        agree_to_terms boolean, consent_digital_signature boolean, ip_address text, user_agent text,
        session_id text, session_expires_at timestamptz, mail_template text, mail_subject text, mail_html text,
        mail_text text, rate_key text, now timestamptz, rate_reset_at timestamptz)
    ),
    rate_keys as (
      select rate_key, count(*)::int as attempts, min(now) as now, min(rate_reset_at) as reset_at
      from input where rate_key is not null group by rate_key
    ),
    attempt as (
      insert into ${rateLimits} as l (key, count, reset_at)
      select rate_key, attempts, reset_at from rate_keys order by rate_key
      on conflict (key) do update set
        count = case when l.reset_at <= ${first.now}::timestamptz then excluded.count else l.count + excluded.count end,
        reset_at = case when l.reset_at <= ${first.now}::timestamptz then excluded.reset_at else l.reset_at end
      returning l.key, l.count, (extract(epoch from l.reset_at) * 1000)::float8 as reset_at_ms
    ),
    checked as (
      select i.*,
        exists (select 1 from ${members} m where lower(m.email) = i.email and m.deleted_at is null) as member_exists,
        t.count - k.attempts + (row_number() over (partition by i.rate_key order by i.ord))::int as attempt_count,
        t.reset_at_ms
      from input i
        left join rate_keys k on k.rate_key = i.rate_key
        left join attempt t on t.key = i.rate_key
    ),
    application as (
      insert into ${applications} as a (
        first_name, last_name, email, phone, message, membership_level, property_management_status, license_status,
        specialty_skills, other_specialty, agree_to_terms, consent_digital_signature, ip_address, user_agent,
        created_at, updated_at)
      select first_name, last_name, email, phone, message, membership_level, property_management_status, license_status,
        array(select jsonb_array_elements_text(specialty_skills)), other_specialty, agree_to_terms,
        consent_digital_signature, ip_address, user_agent, now, now
      from checked
      where not member_exists and (attempt_count is null or attempt_count <= ${APPLY_PER_IP.limit})
      order by email
      on conflict ((lower(email))) where status = 'pending' do update set
        first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
        phone = excluded.phone, message = excluded.message, membership_level = excluded.membership_level,
        property_management_status = excluded.property_management_status, license_status = excluded.license_status,
        specialty_skills = excluded.specialty_skills, other_specialty = excluded.other_specialty,
        agree_to_terms = excluded.agree_to_terms, consent_digital_signature = excluded.consent_digital_signature,
        ip_address = excluded.ip_address, user_agent = excluded.user_agent, updated_at = excluded.updated_at
      returning a.id, lower(a.email) as email, (a.xmax = 0) as is_new
    ),
    mail as (
      insert into ${emailOutbox} (template, to_address, subject, html, text)
      select c.mail_template, c.email, c.mail_subject, c.mail_html, c.mail_text
      from application a join checked c on c.email = a.email
      where a.is_new
      order by c.ord
    ),
    session as (
      insert into ${sessions} (id, kind, application_id, expires_at)
      select c.session_id, 'applicant', a.id, c.session_expires_at from application a join checked c on c.email = a.email
    )
    select c.ord, c.member_exists, a.id, a.is_new, c.attempt_count, c.reset_at_ms as attempt_reset_at_ms
    from checked c left join application a on a.email = c.email
    order by c.ord`);
  return items.map((_, i) => rows[i] as unknown as ApplyOutcome);
}

const APPLY_MAX_BATCH = 64;
/** The application_name of the connection the batches go over (PostgreSQL). */
export const APPLY_CONNECTION_NAME = "membership-apply";
/**
 * A batch takes milliseconds; 5 s is a lost one. Shorter than Bun's 10 s idle timeout, so the
 * client gets the 503. A backstop: on PostgreSQL the dedicated connection gives up after 4 s.
 */
const APPLY_BATCH_TIMEOUT_MS = 5_000;
const applyQueues = new WeakMap<DbOrTx, GroupCommit<ApplyItem, ApplyOutcome>>();

/**
 * The apply endpoint is the busiest write of the site (see the benchmark in the README):
 * simultaneous applies are written together by a group commit, one batch at a time per server
 * process. One at a time gives the largest batches and measured the highest throughput (two or
 * more in flight split the same requests into smaller batches). The batches go over a connection
 * of their own as a prepared statement (`dedicatedRunner`), so the pool stays with the rest of the
 * site and a batch skips planning.
 */
function applyQueue(services: Services): GroupCommit<ApplyItem, ApplyOutcome> {
  let queue = applyQueues.get(services.db);
  if (!queue) {
    const run = services.database.dedicatedRunner(APPLY_CONNECTION_NAME);
    queue = groupCommit({
      write: (items) => writeApplies(run, items.map((item, ord) => ({ ...item, ord }))),
      maxBatch: APPLY_MAX_BATCH,
      maxInFlight: 1,
      key: (item) => item.email,
      timeout: {
        ms: APPLY_BATCH_TIMEOUT_MS,
        error: databaseUnavailable,
      },
    });
    applyQueues.set(services.db, queue);
  }
  return queue;
}

/**
 * Stores an application and starts the applicant session. Applying again while an application
 * for the same email is pending continues that application, with the corrected details.
 */
export async function applyForMembership(services: Services, input: TApplyRequest, meta: RequestMeta) {
  const now = services.now();
  const nextSteps = nextStepsFor(input.membership_level);
  const email = applicationReceivedEmail(services.config, {
    firstName: input.first_name,
    membershipLevel: input.membership_level,
    nextSteps,
  });
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME.applicant);

  const row = await applyQueue(services).submit({
    ord: 0,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone,
    message: input.message ?? "",
    membership_level: input.membership_level,
    property_management_status: input.property_management_status,
    license_status: input.license_status ? input.license_status : null,
    specialty_skills: input.specialty_skills ?? [],
    other_specialty: input.other_specialty ?? "",
    agree_to_terms: input.agree_to_terms,
    consent_digital_signature: input.consent_digital_signature,
    ip_address: meta.ip,
    user_agent: meta.userAgent,
    session_id: hashToken(token),
    session_expires_at: expiresAt.toISOString(),
    mail_template: email.template,
    mail_subject: email.subject,
    mail_html: email.html,
    mail_text: email.text,
    // Without a client address there is nothing to count; the attempt is then never over the limit.
    rate_key: meta.ip ? rateLimitKey(APPLY_PER_IP, meta.ip) : null,
    now: now.toISOString(),
    rate_reset_at: new Date(now.getTime() + APPLY_PER_IP.windowMs).toISOString(),
  });
  if (row.attempt_count !== null) {
    assertUnderRateLimit(APPLY_PER_IP, { count: Number(row.attempt_count), resetAtMs: Number(row.attempt_reset_at_ms) }, now);
  }
  if (row.member_exists || !row.id) throw new AppError("CONFLICT", MEMBER_EXISTS);

  return {
    applicationId: row.id,
    session: { token, expiresAt },
    isNew: row.is_new === true,
    response: {
      application_id: row.id,
      next_steps: nextSteps,
      message: "Application received and approved. Review and sign your membership agreement to continue.",
    },
  };
}

export async function findApplication(db: DbOrTx, id: string): Promise<ApplicationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row ?? null;
}

/** Who may see or sign an application: its applicant session, or the member it became. */
export function assertApplicationAccess(application: ApplicationRow, auth: ValidSession | null) {
  if (!auth) throw unauthorized("Please continue from the browser you applied with, or sign in.");
  if (auth.kind === "admin") return;
  if (auth.kind === "applicant" && auth.applicationId === application.id) return;
  if (auth.kind === "member" && application.memberId === auth.member.id) return;
  throw forbidden("This application belongs to someone else.");
}

/** The agreement as the applicant sees it before signing, and as it is stored when signed. */
export function agreementFor(application: ApplicationRow, date: Date): { agreement: Agreement; text: string; sha256: string } {
  const agreement = renderAgreement(
    { memberName: `${application.firstName} ${application.lastName}`, membershipLevel: application.membershipLevel },
    chicagoDate(date),
  );
  const text = agreementText(agreement);
  return { agreement, text, sha256: sha256Hex(text) };
}

/** The application as the signing screen and the status call show it. */
export async function describeApplication(services: Services, application: ApplicationRow) {
  const [contract] = await services.db
    .select()
    .from(contracts)
    .where(eq(contracts.applicationId, application.id))
    .limit(1);
  const shown = contract
    ? { text: contract.contractText, sha256: contract.textSha256, agreement: null }
    : agreementFor(application, services.now());
  return {
    application_id: application.id,
    status: application.status,
    membership_level: application.membershipLevel,
    member_name: `${application.firstName} ${application.lastName}`,
    first_name: application.firstName,
    last_name: application.lastName,
    email: application.email,
    phone: application.phone,
    property_management_status: application.propertyManagementStatus,
    license_status: application.licenseStatus ?? "",
    specialty_skills: application.specialtySkills,
    other_specialty: application.otherSpecialty,
    created_at: application.createdAt.toISOString(),
    signed_at: application.signedAt?.toISOString() ?? null,
    portal_username: suggestPortalUsername(application.firstName, application.lastName),
    next_steps: nextStepsFor(application.membershipLevel),
    agreement: shown.agreement,
    agreement_text: shown.text,
    agreement_sha256: shown.sha256,
    consent_wording: CONSENT_WORDING,
    contract_id: contract?.id ?? null,
  };
}

export interface SignResult {
  contract: ContractRow;
  memberId: string;
  membershipLevel: MembershipLevel;
  status: ApplicationRow["status"];
  /** A fresh member session token, when the caller was the applicant. */
  memberSession: { token: string; expiresAt: Date } | null;
}

/** The answer of the signing call, the same from REST and tRPC. */
export function signResponse(result: SignResult) {
  return {
    success: true,
    contract_id: result.contract.id,
    membership_level: result.membershipLevel,
    status: result.status,
    signed_at: result.contract.signedAt.toISOString(),
  };
}

/** The session that acts when signing: the application's own applicant session first. */
export function signingSession(
  auth: { applicant: ValidSession | null; member: ValidSession | null; admin: ValidSession | null },
  applicationId: string,
): ValidSession | null {
  const applicant = auth.applicant?.kind === "applicant" && auth.applicant.applicationId === applicationId ? auth.applicant : null;
  return applicant ?? auth.member ?? auth.admin ?? auth.applicant;
}

/**
 * Signs the agreement: the signature record (DECISIONS.md 13), the member account, the
 * application's new status, the signed-agreement email and the member session commit together.
 * Signing again answers the same contract.
 */
export async function signAgreement(
  services: Services,
  applicationId: string,
  auth: ValidSession | null,
  input: TSignRequest & { agreement_sha256?: string },
  meta: RequestMeta,
): Promise<SignResult> {
  const application = await findApplication(services.db, applicationId);
  if (!application) throw notFound("Application not found.");
  if (auth?.kind === "admin") throw forbidden("Only the applicant can sign their agreement.");
  assertApplicationAccess(application, auth);

  return services.db.transaction(async (tx) => {
    // Lock the application so two signing requests for it run one after the other.
    await tx.execute(sql`select id from ${applications} where ${applications.id} = ${application.id} for update`);
    const [existing] = await tx.select().from(contracts).where(eq(contracts.applicationId, application.id)).limit(1);
    const now = services.now();
    if (existing) {
      const [current] = await tx.select().from(applications).where(eq(applications.id, application.id));
      const memberSession =
        auth?.kind === "applicant" ? await createSession(tx, { kind: "member", memberId: existing.memberId }, now) : null;
      return {
        contract: existing,
        memberId: existing.memberId,
        membershipLevel: existing.membershipLevel,
        status: current!.status,
        memberSession,
      };
    }

    const shown = agreementFor(application, now);
    if (input.agreement_sha256 && input.agreement_sha256 !== shown.sha256) {
      throw new AppError("CONFLICT", "The agreement has changed since it was shown. Please review it again and sign.");
    }

    const [duplicate] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(sql`lower(${members.email}) = ${application.email}`, isNull(members.deletedAt)))
      .limit(1);
    if (duplicate) throw new AppError("CONFLICT", MEMBER_EXISTS);

    const level = application.membershipLevel;
    const paid = isPaidLevel(level);
    const [member] = await tx
      .insert(members)
      .values({
        email: application.email,
        firstName: application.firstName,
        lastName: application.lastName,
        phone: application.phone,
        membershipLevel: level,
        status: paid ? "awaiting_payment" : "active",
        propertyManagementStatus: application.propertyManagementStatus,
        licenseStatus: application.licenseStatus,
        specialtySkills: application.specialtySkills,
        otherSpecialty: application.otherSpecialty,
        createdAt: now,
        updatedAt: now,
      })
      .returning();

    await tx
      .insert(agreementVersions)
      .values({ version: AGREEMENT_VERSION, title: shown.agreement.title, templateSha256: referenceTemplateSha() })
      .onConflictDoNothing();

    const signedRecord = {
      applicationId: application.id,
      memberId: member!.id,
      memberName: `${application.firstName} ${application.lastName}`,
      memberEmail: application.email,
      membershipLevel: level,
      agreementVersion: AGREEMENT_VERSION,
      contractText: shown.text,
      textSha256: shown.sha256,
      signatureName: input.signature_name,
      consentWording: CONSENT_WORDING,
      signedAt: now,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    };
    const [contract] = await tx
      .insert(contracts)
      .values({ ...signedRecord, pdfFonts: pdfFontsFor(signedRecord) })
      .returning();

    const status = paid ? "awaiting_payment" : "active";
    await tx
      .update(applications)
      .set({ status, memberId: member!.id, signedAt: now, updatedAt: now })
      .where(eq(applications.id, application.id));

    await queueSignedAgreementEmail(tx, services, { contract: contract!, member: member! });

    const memberSession = await createSession(tx, { kind: "member", memberId: member!.id }, now);
    return { contract: contract!, memberId: member!.id, membershipLevel: level, status, memberSession };
  });
}

let referenceSha: string | undefined;
/** Fingerprint of the agreement version itself, rendered for a fixed reference party. */
function referenceTemplateSha(): string {
  referenceSha ??= sha256Hex(
    agreementText(renderAgreement({ memberName: "[Member Name]", membershipLevel: "Basic" }, "[Date]")),
  );
  return referenceSha;
}
