import type { Sql } from "postgres";
import { AGREEMENT_VERSION, agreementText, renderAgreement } from "../../src/shared/agreement.ts";
import { MEMBERSHIP_LEVELS, priceTable } from "../../src/shared/membership.ts";

// Seeds a large association straight into PostgreSQL with set-based SQL (generate_series), so
// 100,000 members with their applications, signed contracts, subscriptions and payments take
// seconds rather than the hours the HTTP flow would. The rows look like the app's own: real
// agreement text per level with the member's name in it, UUIDs, UTC times over two years, a
// sprinkling of SPEC.md's test-data addresses for the admin filters.

const FIRST = ["Maria", "James", "Aisha", "Robert", "Linda", "Michael", "Fatima", "David", "Grace", "Daniel", "Sofia", "Kevin", "Priya", "Thomas", "Olga", "Marcus", "Elena", "Brian", "Keisha", "Samuel"];
const LAST = ["Gonzalez", "Johnson", "Williams", "Brown", "Kowalski", "Nguyen", "Patel", "Okafor", "Murphy", "Schmidt", "Rossi", "Kim", "Hernandez", "Walker", "Novak", "Ali", "Fischer", "Lopez", "Bennett", "Carter", "Ramirez", "Sullivan", "Chen", "Jackson", "Rivera"];

const NAME = "{{MEMBER_NAME}}";

export async function seedAssociation(sql: Sql, count: number): Promise<void> {
  const templates = Object.fromEntries(
    MEMBERSHIP_LEVELS.map((level) => [level, agreementText(renderAgreement({ memberName: NAME, membershipLevel: level }, "January 15, 2025"))]),
  );
  const title = renderAgreement({ memberName: NAME, membershipLevel: "Basic" }, "January 15, 2025").title;

  await sql.begin(async (tx) => {
    await tx`insert into agreement_versions (version, title, template_sha256) values (${AGREEMENT_VERSION}, ${title}, 'seed') on conflict do nothing`;
    // Members: 60% Basic, 30% Standard, 10% Premium; one in fifty is test data (SPEC.md 5).
    await tx`
      insert into members (email, first_name, last_name, phone, membership_level, status, property_management_status,
                           license_status, specialty_skills, created_at, updated_at)
      select
        lower(f.first || '.' || l.last || '.' || g) || case when g % 50 = 0 then '@example.com' else '@seed.landlords.invalid' end,
        f.first, l.last,
        '312555' || lpad((g % 10000)::text, 4, '0'),
        case when g % 10 < 6 then 'Basic' when g % 10 < 9 then 'Standard' else 'Premium' end,
        case when g % 10 < 6 then 'active' when g % 97 = 0 then 'cancelled' else 'active' end,
        case when g % 7 = 0 then 'Contractor' when g % 3 = 0 then 'Using another company' else 'Self-managed' end,
        case when g % 7 = 0 then 'Licensed' else null end,
        case when g % 7 = 0 then array['Plumbing', 'Electrical'] else '{}'::text[] end,
        now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second',
        now() - (g % 730) * interval '1 day'
      from generate_series(1, ${count}) g
      cross join lateral (select (${FIRST}::text[])[1 + g % ${FIRST.length}] as first) f
      cross join lateral (select (${LAST}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}] as last) l`;
    await tx`
      insert into applications (member_id, first_name, last_name, email, phone, membership_level, property_management_status,
                                license_status, specialty_skills, agree_to_terms, consent_digital_signature, status, signed_at,
                                created_at, updated_at)
      select id, first_name, last_name, email, phone, membership_level, property_management_status, license_status,
             specialty_skills, true, true, 'active', created_at, created_at - interval '5 minutes', created_at
      from members where email like '%.landlords.invalid' or email like '%@example.com'`;
    await tx`
      insert into contracts (application_id, member_id, member_name, member_email, membership_level, agreement_version,
                             contract_text, text_sha256, signature_name, consent_wording, signed_at, ip_address, user_agent,
                             email_sent, created_at)
      select a.id, a.member_id, a.first_name || ' ' || a.last_name, a.email, a.membership_level, ${AGREEMENT_VERSION},
             t.text, encode(sha256(convert_to(t.text, 'UTF8')), 'hex'), a.first_name || ' ' || a.last_name,
             'I have read and agree.', a.signed_at, '203.0.113.7', 'seed', true, a.signed_at
      from applications a
      cross join lateral (select replace(case a.membership_level when 'Basic' then ${templates.Basic!}
                                                                 when 'Standard' then ${templates.Standard!}
                                                                 else ${templates.Premium!} end,
                                         ${NAME}, a.first_name || ' ' || a.last_name) as text) t
      where a.member_id is not null`;
    await tx`
      insert into subscriptions (member_id, provider, provider_subscription_id, provider_customer_id, membership_level, status,
                                 amount_cents, current_period_end, cancelled_at, created_at, updated_at)
      select id, 'test', 'sub_seed_' || replace(id::text, '-', ''), 'cus_seed_' || replace(id::text, '-', ''), membership_level,
             case when status = 'cancelled' then 'cancelled' else 'active' end,
             case membership_level when 'Standard' then ${priceTable.Standard.monthlyCents}::int else ${priceTable.Premium.monthlyCents}::int end,
             now() + interval '20 days', case when status = 'cancelled' then now() - interval '3 days' end, created_at, created_at
      from members where membership_level <> 'Basic' and (email like '%.landlords.invalid' or email like '%@example.com')`;
    await tx`
      insert into payments (member_id, application_id, subscription_id, provider, kind, membership_level, amount_cents,
                            payment_status, session_id, completed_at, created_at, updated_at)
      select s.member_id, a.id, s.id, 'test', 'initial', s.membership_level, s.amount_cents, 'completed',
             'cs_seed_' || replace(s.id::text, '-', ''), s.created_at, s.created_at, s.created_at
      from subscriptions s join applications a on a.member_id = s.member_id
      where s.provider_subscription_id like 'sub_seed_%'`;
  });
  // As autovacuum would leave it: statistics and the visibility map (index-only scans).
  await sql`vacuum analyze`;
}
