import { eq, sql } from "drizzle-orm";
import {
  AGREEMENT_VERSION,
  CONSENT_WORDING,
  agreementText,
  renderAgreement,
  signatureMatchesName,
  signatureMismatchMessage,
  type Agreement,
} from "../../shared/agreement.ts";
import type { TApplyRequest, TSignRequest } from "../../shared/application-schema.ts";
import { isPaidLevel, nextStepsFor, suggestPortalUsername, type MembershipLevel } from "../../shared/membership.ts";
import { chicagoDate } from "../../shared/time.ts";
import { preparedPerDatabase, type DbOrTx, type StatementRunner } from "../db/client.ts";
import { groupCommit, groupCommitPerDatabase } from "../db/group-commit.ts";
import { applications, contracts, emailOutbox, members, rateLimits, sessions, signInTokens } from "../db/schema.ts";
import { pdfFontsFor, sha256Hex } from "../documents/contract-pdf.ts";
import { AppError, databaseUnavailable, forbidden, notFound, unauthorized } from "../errors.ts";
import { signedAgreementMessage } from "../mail/contract-emails.ts";
import { sealCredentials } from "../mail/outbox.ts";
import { alreadyMemberEmail, applicationReceivedEmail, type RenderedEmail } from "../mail/templates.ts";
import type { Services } from "../services.ts";
import type { RequestMeta } from "./caller.ts";
import { consumeLink, LINK_LIFETIME_MS } from "./links.ts";
import { assertUnderRateLimit, rateLimitKey, type RateLimitRule } from "./rate-limit.ts";
import { signQueue } from "./sign-batch.ts";
import {
  createSession,
  generateToken,
  hashToken,
  newSessionToken,
  SESSION_LIFETIME,
  validateSessionToken,
  type MemberRow,
  type ValidSession,
} from "./sessions.ts";
import { isUuid } from "./ids.ts";

export type ApplicationRow = typeof applications.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;



/** Applications from one address: generous for an office that shares one, tight for a script. */
export const APPLY_PER_IP: RateLimitRule = {
  name: "apply:ip",
  limit: 20,
  windowMs: 60 * 60 * 1000,
  message: "Too many applications from this address. Please try again later.",
};

const MEMBER_EXISTS =
  "A membership already exists for this email address. We have emailed it a link to sign in; sign in to manage or upgrade your membership.";

/**
 * Application emails to one address an hour. Anyone can apply with any address, and each
 * application emails it; past this, applications are still taken but send nothing.
 */
export const APPLY_MAIL_PER_EMAIL: RateLimitRule = {
  name: "apply-mail:email",
  limit: 5,
  windowMs: 60 * 60 * 1000,
  message: "Too many applications for this email address.",
};

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
  /** The application this browser's applicant session holds: applying again corrects it. */
  continue_id: string | null;
  /** The applicant session: the hash of its token and when it ends. */
  session_id: string;
  session_expires_at: string;
  /** The emailed link of a new application (continue and sign; or sign in, for a member's email). */
  link_id: string;
  link_expires_at: string;
  mail_template: string;
  mail_subject: string;
  mail_html: string;
  mail_text: string;
  /** The link's token, for the member's message (the same for every member but for it). */
  link_token: string;
  /** The rate limit's counter key, null when the client address is unknown (nothing to count). */
  rate_key: string | null;
  mail_rate_key: string;
  now: string;
  rate_reset_at: string;
  mail_rate_reset_at: string;
}

interface ApplyOutcome {
  id: string | null;
  is_new: boolean | null;
  attempt_count: number | null;
  attempt_reset_at_ms: number | null;
}

/**
 * Writes a batch of applies in one statement (one round trip, one commit), each with the same
 * effect as if it were alone: the per-address rate limit's counter (an address's attempts in the
 * batch counted one after the other, in arrival order), then either the correction of the
 * application this browser already holds, or a new application with its email and emailed link,
 * and the applicant session. A new application for the email of an existing member is taken the
 * same way (the answer must not tell strangers who is a member); its email goes to the member with
 * a sign-in link instead, and signing it answers 409. Rows are locked in key order, so two batches
 * written at the same time cannot deadlock on each other. The group commit never puts two applies
 * for one email in a batch, so the email identifies an apply within it.
 */
async function writeApplies(run: StatementRunner, items: ApplyItem[], memberMail: RenderedEmail): Promise<ApplyOutcome[]> {
  const first = items[0]!;
  // The batch is one text parameter (a prepared statement would otherwise type it jsonb and encode it again).
  const rows = await run(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::text::jsonb) as r(
        ord int, first_name text, last_name text, email text, phone text, message text, membership_level text,
        property_management_status text, license_status text, specialty_skills jsonb, other_specialty text,
        agree_to_terms boolean, consent_digital_signature boolean, ip_address text, user_agent text, continue_id uuid,
        session_id text, session_expires_at timestamptz, link_id text, link_expires_at timestamptz,
        mail_template text, mail_subject text, mail_html text, mail_text text, link_token text,
        rate_key text, mail_rate_key text, now timestamptz, rate_reset_at timestamptz, mail_rate_reset_at timestamptz)
    ),
    rate_keys as (
      select rate_key as key, count(*)::int as attempts, min(rate_reset_at) as reset_at
      from input where rate_key is not null group by rate_key
      union all
      select mail_rate_key, count(*)::int, min(mail_rate_reset_at) from input group by mail_rate_key
    ),
    attempt as (
      insert into ${rateLimits} as l (key, count, reset_at)
      select key, attempts, reset_at from rate_keys order by key
      on conflict (key) do update set
        count = case when l.reset_at <= ${first.now}::timestamptz then excluded.count else l.count + excluded.count end,
        reset_at = case when l.reset_at <= ${first.now}::timestamptz then excluded.reset_at else l.reset_at end
      returning l.key, l.count, (extract(epoch from l.reset_at) * 1000)::float8 as reset_at_ms
    ),
    checked as (
      select i.*,
        -- By the unique email index alone (a deleted member's row keeps its email): with the
        -- deleted_at condition in the WHERE, a plan made while the table was small read the
        -- partial listed-members index from end to end, once per apply.
        (select case when m.deleted_at is null then m.id end from ${members} m where lower(m.email) = i.email) as member_id,
        t.count - k.attempts + (row_number() over (partition by i.rate_key order by i.ord))::int as attempt_count,
        t.reset_at_ms,
        coalesce(mt.count, 0) <= ${APPLY_MAIL_PER_EMAIL.limit} as may_mail
      from input i
        left join rate_keys k on k.key = i.rate_key
        left join attempt t on t.key = i.rate_key
        left join attempt mt on mt.key = i.mail_rate_key
    ),
    allowed as (
      select * from checked where attempt_count is null or attempt_count <= ${APPLY_PER_IP.limit}
    ),
    continued as (
      update ${applications} as a set
        first_name = c.first_name, last_name = c.last_name, email = c.email, phone = c.phone, message = c.message,
        membership_level = c.membership_level, property_management_status = c.property_management_status,
        license_status = c.license_status, specialty_skills = array(select jsonb_array_elements_text(c.specialty_skills)),
        other_specialty = c.other_specialty, agree_to_terms = c.agree_to_terms,
        consent_digital_signature = c.consent_digital_signature, ip_address = c.ip_address, user_agent = c.user_agent,
        updated_at = c.now
      from allowed c
      -- Most batches continue nothing: the first condition is then decided once and nothing is read.
      -- Otherwise the ids, as an array, find their applications by key. Joined on the id alone, the
      -- plan scanned the whole table on every batch (it cannot tell how few rows continue).
      where exists (select from allowed where continue_id is not null)
        and a.id = any(array(select continue_id from allowed where continue_id is not null))
        and a.id = c.continue_id and a.status = 'pending' and lower(a.email) = c.email
      returning a.id, c.ord
    ),
    inserted as (
      insert into ${applications} (
        first_name, last_name, email, phone, message, membership_level, property_management_status, license_status,
        specialty_skills, other_specialty, agree_to_terms, consent_digital_signature, ip_address, user_agent,
        created_at, updated_at)
      select first_name, last_name, email, phone, message, membership_level, property_management_status, license_status,
        array(select jsonb_array_elements_text(specialty_skills)), other_specialty, agree_to_terms,
        consent_digital_signature, ip_address, user_agent, now, now
      from allowed c
      where not exists (select 1 from continued u where u.ord = c.ord)
      order by c.ord
      returning id, lower(email) as email
    ),
    created as (
      select a.id, c.* from inserted a join allowed c on c.email = a.email
    ),
    link as (
      insert into ${signInTokens} (id, purpose, member_id, application_id, expires_at, created_at)
      select link_id, case when member_id is null then 'signing' else 'sign_in' end, member_id,
        case when member_id is null then id end, link_expires_at, now
      from created where may_mail
    ),
    mail as (
      insert into ${emailOutbox} (template, to_address, subject, html, text, credentials, member_id)
      select
        case when member_id is null then mail_template else ${memberMail.template} end, email,
        case when member_id is null then mail_subject else ${memberMail.subject} end,
        case when member_id is null then mail_html else ${memberMail.html} end,
        case when member_id is null then mail_text else ${memberMail.text} end,
        -- Both messages carry the link's token as their one credential, kept apart from the text.
        jsonb_build_array(link_token),
        member_id
      from created where may_mail
      order by ord
    ),
    application as (
      select id, ord, false as is_new from continued
      union all
      select id, ord, true from created
    ),
    session as (
      insert into ${sessions} (id, kind, application_id, expires_at)
      select c.session_id, 'applicant', a.id, c.session_expires_at from application a join allowed c on c.ord = a.ord
    )
    select c.ord, a.id, a.is_new, c.attempt_count, c.reset_at_ms as attempt_reset_at_ms
    from checked c left join application a on a.ord = c.ord
    order by c.ord`);
  return items.map((_, i) => rows[i] as unknown as ApplyOutcome);
}

const APPLY_MAX_BATCH = 64;
/** Where the link's token goes in the member's message: letters only, so escaping leaves it as it is. */
const LINK_TOKEN_SLOT = "LINKTOKENSLOT";
/** The application_name of the connection the batches go over (PostgreSQL). */
export const APPLY_CONNECTION_NAME = "membership-apply";
/**
 * A batch takes milliseconds; 5 s is a lost one. Shorter than Bun's 10 s idle timeout, so the
 * client gets the 503. A backstop: on PostgreSQL the dedicated connection gives up after 4 s.
 */
const APPLY_BATCH_TIMEOUT_MS = 5_000;

/**
 * The apply endpoint is the busiest write of the site (decision 0036):
 * simultaneous applies are written together by a group commit, one batch at a time per server
 * process. One at a time gives the largest batches and measured the highest throughput (two or
 * more in flight split the same requests into smaller batches). The batches go over a connection
 * of their own as a prepared statement (`dedicatedRunner`), so the pool stays with the rest of the
 * site and a batch skips planning.
 */
const applyQueue = groupCommitPerDatabase((services: Services) => {
  const run = services.database.dedicatedRunner(APPLY_CONNECTION_NAME);
  // The member's message is the same for every member but for its link: made once, the token
  // filled in by the statement (most applies are not a member's, and each carried both).
  const memberMail = sealCredentials(alreadyMemberEmail(services.config, { token: LINK_TOKEN_SLOT }), [LINK_TOKEN_SLOT]);
  return groupCommit<ApplyItem, ApplyOutcome>({
    write: (items) => writeApplies(run, items.map((item, ord) => ({ ...item, ord })), memberMail),
    maxBatch: APPLY_MAX_BATCH,
    maxInFlight: 1,
    key: (item) => item.email,
    timeout: { ms: APPLY_BATCH_TIMEOUT_MS, error: databaseUnavailable },
  });
});

/**
 * Stores an application and starts the applicant session. The answer is the same whatever the
 * email: new, pending in another browser, or a member's (strangers must not learn which). The
 * browser that holds the applicant session of a pending application with this email corrects
 * that application; any other browser gets an application of its own, so nobody can take over
 * someone else's by applying with their email. Each new application emails its address a
 * single-use link that continues it on any device.
 */
export async function applyForMembership(
  services: Services,
  input: TApplyRequest,
  meta: RequestMeta,
  continuing: { applicationId: string | null } = { applicationId: null },
) {
  const now = services.now();
  const nextSteps = nextStepsFor(input.membership_level);
  const linkToken = generateToken();
  const email = sealCredentials(
    applicationReceivedEmail(services.config, {
      firstName: input.first_name,
      membershipLevel: input.membership_level,
      nextSteps,
      token: linkToken,
    }),
    [linkToken],
  );
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
    continue_id: continuing.applicationId && isUuid(continuing.applicationId) ? continuing.applicationId : null,
    session_id: hashToken(token),
    session_expires_at: expiresAt.toISOString(),
    link_id: hashToken(linkToken),
    link_expires_at: new Date(now.getTime() + LINK_LIFETIME_MS).toISOString(),
    mail_template: email.template,
    mail_subject: email.subject,
    mail_html: email.html,
    mail_text: email.text,
    link_token: linkToken,
    // Without a client address there is nothing to count; the attempt is then never over the limit.
    rate_key: meta.ip ? rateLimitKey(APPLY_PER_IP, meta.ip) : null,
    mail_rate_key: rateLimitKey(APPLY_MAIL_PER_EMAIL, input.email),
    now: now.toISOString(),
    rate_reset_at: new Date(now.getTime() + APPLY_PER_IP.windowMs).toISOString(),
    mail_rate_reset_at: new Date(now.getTime() + APPLY_MAIL_PER_EMAIL.windowMs).toISOString(),
  });
  if (row.attempt_count !== null) {
    assertUnderRateLimit(APPLY_PER_IP, { count: Number(row.attempt_count), resetAtMs: Number(row.attempt_reset_at_ms) }, now);
  }
  if (!row.id) throw databaseUnavailable();

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

const BAD_CONTINUE_LINK =
  "This link has expired or has already been used. Apply again with the same email to get a new one, or sign in if you already signed.";

/**
 * The link in the application email: it continues the application in the browser that opens it
 * (a new applicant session), once. Opening it proves the applicant reads that email, which the
 * member made by signing inherits.
 */
export async function continueApplicationByLink(services: Services, token: string) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const used = await consumeLink(tx, token, ["signing"], now);
    if (!used?.applicationId) throw new AppError("BAD_REQUEST", BAD_CONTINUE_LINK);
    const [application] = await tx
      .update(applications)
      .set({ emailVerifiedAt: sql`coalesce(${applications.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(applications.id, used.applicationId))
      .returning();
    if (!application) throw new AppError("BAD_REQUEST", BAD_CONTINUE_LINK);
    if (application.status !== "pending") {
      throw new AppError("CONFLICT", "This application is already signed. Sign in to your member portal with your email.");
    }
    const session = await createSession(tx, { kind: "applicant", applicationId: application.id }, now);
    return { application, session, response: { application_id: application.id, status: application.status } };
  });
}

/**
 * The application an applicant session token holds, when it still waits for a signature: a
 * visitor who closed the tab and came back is told so at the top of the page.
 */
export async function applicationAwaitingSignature(services: Services, token: string): Promise<ApplicationRow | null> {
  const session = await validateSessionToken(services.db, token, services.now());
  if (session?.kind !== "applicant") return null;
  const application = await findApplication(services.db, session.applicationId);
  return application?.status === "pending" ? application : null;
}

export async function findApplication(db: DbOrTx, id: string): Promise<ApplicationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await applicationById(db).execute({ id });
  return row ?? null;
}

const applicationById = preparedPerDatabase((db) =>
  db.select().from(applications).where(eq(applications.id, sql.placeholder("id"))).limit(1).prepare("application_by_id"),
);

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
    message: application.message,
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
 * application's new status, the signed-agreement email and the member session commit together,
 * in one statement with the signatures that arrive at the same time (`signQueue`; signing is on
 * every new member's path, see the bench). The PDF is not made here: it is the record's
 * rendering, made when the email is sent or the file first downloaded.
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
  const now = services.now();
  if (application.status !== "pending") return signedAlready(services, application, auth, now);

  const name = `${application.firstName} ${application.lastName}`;
  if (!signatureMatchesName(input.signature_name, name)) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "signature_name"], msg: signatureMismatchMessage(name), type: "signature_mismatch" }]);
  }
  const shown = agreementFor(application, now);
  if (input.agreement_sha256 && input.agreement_sha256 !== shown.sha256) {
    throw new AppError("CONFLICT", "The agreement has changed since it was shown. Please review it again and sign.");
  }
  const level = application.membershipLevel;
  const status = isPaidLevel(level) ? "awaiting_payment" : "active";
  const member: MemberRow = {
    ...memberTemplate,
    id: crypto.randomUUID(),
    email: application.email,
    firstName: application.firstName,
    lastName: application.lastName,
    phone: application.phone,
    membershipLevel: level,
    status,
    propertyManagementStatus: application.propertyManagementStatus,
    licenseStatus: application.licenseStatus,
    specialtySkills: application.specialtySkills,
    otherSpecialty: application.otherSpecialty,
    // Opened from the emailed link: the email is proved (decision 0012).
    emailVerifiedAt: application.emailVerifiedAt,
    createdAt: now,
    updatedAt: now,
  };
  const record = {
    id: crypto.randomUUID(),
    applicationId: application.id,
    memberId: member.id,
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
  const verifyUrl = `${services.config.PUBLIC_URL.replace(/\/+$/, "")}/verify`;
  const contract: ContractRow = { ...record, pdfFonts: pdfFontsFor(record), verifyUrl, emailSent: true, pdfSha256: null, createdAt: now };
  const mail = signedAgreementMessage(services, { contract, member });
  const session = newSessionToken("member", now);

  const outcome = await signQueue(services).submit({
    ord: 0,
    application_id: application.id,
    application_updated_at: application.updatedAt.toISOString(),
    now: now.toISOString(),
    agreement_version: AGREEMENT_VERSION,
    agreement_title: shown.agreement.title,
    template_sha256: referenceTemplateSha(),
    member_id: member.id,
    email: member.email,
    first_name: member.firstName,
    last_name: member.lastName,
    phone: member.phone,
    membership_level: level,
    status,
    property_management_status: member.propertyManagementStatus,
    license_status: member.licenseStatus,
    specialty_skills: member.specialtySkills,
    other_specialty: member.otherSpecialty,
    email_verified_at: member.emailVerifiedAt?.toISOString() ?? null,
    contract_id: contract.id,
    member_name: contract.memberName,
    contract_text: contract.contractText,
    text_sha256: contract.textSha256,
    signature_name: contract.signatureName,
    consent_wording: contract.consentWording,
    ip_address: contract.ipAddress,
    user_agent: contract.userAgent,
    pdf_fonts: contract.pdfFonts,
    verify_url: verifyUrl,
    mail_template: mail.template,
    mail_to: mail.to,
    mail_subject: mail.subject,
    mail_html: mail.html,
    mail_text: mail.text,
    mail_attachments: mail.attachments,
    session_id: session.id,
    session_expires_at: session.expiresAt.toISOString(),
  });

  if (outcome.signed) {
    return { contract, memberId: member.id, membershipLevel: level, status, memberSession: { token: session.token, expiresAt: session.expiresAt } };
  }
  // Signed by a request that came first: answer its contract.
  if (!outcome.pending) return signedAlready(services, application, auth, now);
  if (!outcome.unchanged) {
    throw new AppError("CONFLICT", "The agreement has changed since it was shown. Please review it again and sign.");
  }
  throw new AppError("CONFLICT", MEMBER_EXISTS);
}

/** Signing an application that is signed already answers its contract (and signs its applicant in). */
async function signedAlready(services: Services, application: ApplicationRow, auth: ValidSession | null, now: Date): Promise<SignResult> {
  const [existing] = await services.db.select().from(contracts).where(eq(contracts.applicationId, application.id)).limit(1);
  const [current] = await services.db.select().from(applications).where(eq(applications.id, application.id));
  if (!existing || !current) throw new AppError("CONFLICT", "This application can no longer be signed.");
  const memberSession =
    auth?.kind === "applicant" ? await createSession(services.db, { kind: "member", memberId: existing.memberId }, now) : null;
  return { contract: existing, memberId: existing.memberId, membershipLevel: existing.membershipLevel, status: current.status, memberSession };
}

/** Defaults of a new member row, as the schema sets them. */
const memberTemplate: Omit<MemberRow, "id" | "email" | "firstName" | "lastName" | "phone" | "membershipLevel" | "status" |
  "propertyManagementStatus" | "licenseStatus" | "specialtySkills" | "otherSpecialty" | "emailVerifiedAt" | "createdAt" | "updatedAt"> = {
  isActive: true,
  isSample: false,
  skillsListed: false,
  skillsBio: "",
  username: null,
  passwordHash: null,
  mustChangePassword: false,
  stripeCustomerId: null,
  deletedAt: null,
};

let referenceSha: string | undefined;
/** Fingerprint of the agreement version itself, rendered for a fixed reference party. */
function referenceTemplateSha(): string {
  referenceSha ??= sha256Hex(
    agreementText(renderAgreement({ memberName: "[Member Name]", membershipLevel: "Basic" }, "[Date]")),
  );
  return referenceSha;
}
