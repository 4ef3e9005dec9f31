import { sql } from "drizzle-orm";
import type { StatementRunner } from "../db/client.ts";
import { groupCommit, groupCommitPerDatabase } from "../db/group-commit.ts";
import { agreementVersions, applications, contractors, contracts, emailOutbox, members, sessions } from "../db/schema.ts";
import { databaseUnavailable } from "../errors.ts";
import type { Services } from "../services.ts";

/**
 * One signature as the batched statement reads it (one element of its JSON parameter): the
 * application as it was read and shown, and every row signing writes, made by `signAgreement`.
 */
export interface SignItem {
  ord: number;
  application_id: string;
  /** The application's version whose agreement was shown: a correction in between changes it. */
  application_updated_at: string;
  now: string;
  agreement_version: string;
  agreement_title: string;
  template_sha256: string;
  member_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  membership_level: string;
  status: string;
  property_management_status: string;
  license_status: string | null;
  specialty_skills: string[];
  other_specialty: string;
  email_verified_at: string | null;
  contract_id: string;
  member_name: string;
  contract_text: string;
  text_sha256: string;
  signature_name: string;
  consent_wording: string;
  ip_address: string | null;
  user_agent: string | null;
  pdf_fonts: string;
  verify_url: string;
  mail_template: string;
  mail_to: string;
  mail_subject: string;
  mail_html: string;
  mail_text: string;
  mail_attachments: unknown[];
  session_id: string;
  session_expires_at: string;
}

/** What became of one signature: its application still pending, unchanged since shown, and signed. */
export interface SignOutcome {
  pending: boolean;
  unchanged: boolean;
  signed: boolean;
}

/**
 * Writes a batch of signatures in one statement (one round trip, one commit), each with the same
 * effect as if it were alone. For each: it locks the application, and writes only if it is still
 * the pending version whose agreement was shown, and no member has the email yet (the unique
 * index, ON CONFLICT DO NOTHING); then the member, the signature record, the application's new
 * status, the signed-agreement email, the member session, and for a contractor with trades the
 * contractor directory's listing, waiting for verification. Applications are locked and members
 * inserted in key order, so two batches at the same time cannot deadlock on each other. The group
 * commit never puts two signatures for one email in a batch (one application, one member each).
 */
export async function writeSigns(run: StatementRunner, items: SignItem[]): Promise<SignOutcome[]> {
  // The batch is one text parameter (a prepared statement would otherwise type it jsonb and encode it again).
  const rows = await run(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::text::jsonb) as r(
        ord int, application_id uuid, application_updated_at timestamptz, now timestamptz,
        agreement_version text, agreement_title text, template_sha256 text,
        member_id uuid, email text, first_name text, last_name text, phone text, membership_level text, status text,
        property_management_status text, license_status text, specialty_skills jsonb, other_specialty text,
        email_verified_at timestamptz, contract_id uuid, member_name text, contract_text text, text_sha256 text,
        signature_name text, consent_wording text, ip_address text, user_agent text, pdf_fonts text, verify_url text,
        mail_template text, mail_to text, mail_subject text, mail_html text, mail_text text, mail_attachments jsonb,
        session_id text, session_expires_at timestamptz)
    ),
    app as (
      select a.id, a.updated_at from ${applications} a
      where a.id = any(array(select application_id from input)) and a.status = 'pending'
      order by a.id
      for update
    ),
    unchanged as (
      select i.* from input i join app a on a.id = i.application_id and a.updated_at = i.application_updated_at
    ),
    version as (
      insert into ${agreementVersions} (version, title, template_sha256)
      select distinct on (agreement_version) agreement_version, agreement_title, template_sha256 from unchanged
      on conflict do nothing
    ),
    member as (
      insert into ${members} (id, email, first_name, last_name, phone, membership_level, status,
        property_management_status, license_status, specialty_skills, other_specialty, email_verified_at, created_at, updated_at)
      select member_id, email, first_name, last_name, phone, membership_level, status,
        property_management_status, license_status, array(select jsonb_array_elements_text(specialty_skills)),
        other_specialty, email_verified_at, now, now
      from unchanged
      order by lower(email)
      on conflict do nothing
      returning id
    ),
    signing as (
      select u.* from unchanged u join member m on m.id = u.member_id
    ),
    contract as (
      insert into ${contracts} (id, application_id, member_id, member_name, member_email, membership_level, agreement_version,
        contract_text, text_sha256, signature_name, consent_wording, signed_at, ip_address, user_agent, email_sent, pdf_fonts, verify_url,
        created_at)
      select contract_id, application_id, member_id, member_name, email, membership_level, agreement_version,
        contract_text, text_sha256, signature_name, consent_wording, now, ip_address, user_agent, true, pdf_fonts, verify_url, now
      from signing
    ),
    signed as (
      update ${applications} a set status = s.status, member_id = s.member_id, signed_at = s.now, updated_at = s.now
      from signing s where a.id = s.application_id
    ),
    mail as (
      insert into ${emailOutbox} (template, to_address, subject, html, text, attachments, member_id)
      select mail_template, mail_to, mail_subject, mail_html, mail_text, mail_attachments, member_id from signing order by ord
    ),
    session as (
      insert into ${sessions} (id, kind, member_id, expires_at)
      select session_id, 'member', member_id, session_expires_at from signing
    ),
    listing as (
      -- A contractor's trades feed the contractor directory (feedDirectory): a listing that waits for verification.
      insert into ${contractors} (member_id, business_name, phone, email, trades, status, created_at, updated_at)
      select member_id, first_name || ' ' || last_name, phone, email, array(select jsonb_array_elements_text(specialty_skills)), 'applied', now, now
      from signing
      where property_management_status = 'Contractor' and jsonb_array_length(specialty_skills) > 0
      on conflict do nothing
    )
    select i.ord,
      exists (select from app a where a.id = i.application_id) as pending,
      exists (select from unchanged u where u.ord = i.ord) as unchanged,
      exists (select from signing s where s.ord = i.ord) as signed
    from input i
    order by i.ord`);
  return items.map((_, i) => rows[i] as unknown as SignOutcome);
}

const SIGN_MAX_BATCH = 32;
/** The application_name of the connection the batches go over (PostgreSQL). */
export const SIGN_CONNECTION_NAME = "membership-sign";
/** As for applies: a batch takes milliseconds, 5 s is a lost one (the client then gets a 503). */
const SIGN_BATCH_TIMEOUT_MS = 5_000;

/**
 * Signing is on every new member's path (decision 0002): signatures that
 * arrive together are written together by a group commit, one batch at a time per server
 * process, over a connection of their own as a prepared statement, as applies are.
 */
export const signQueue = groupCommitPerDatabase((services: Services) => {
  const run = services.database.dedicatedRunner(SIGN_CONNECTION_NAME);
  return groupCommit<SignItem, SignOutcome>({
    write: (items) => writeSigns(run, items.map((item, ord) => ({ ...item, ord }))),
    maxBatch: SIGN_MAX_BATCH,
    maxInFlight: 1,
    key: (item) => item.email.toLowerCase(),
    timeout: { ms: SIGN_BATCH_TIMEOUT_MS, error: databaseUnavailable },
  });
});
