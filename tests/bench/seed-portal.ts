import type { Sql } from "postgres";

// Seeds the owner portal at scale with set-based SQL: `owners` Standard members, each with two
// properties of five units, a lease on every unit that began 24 months ago, and their ledgers: the
// rent of every month before this one, and a payment every other month covering two months. The
// current month is left unposted, so the bench can time posting it for every lease.

export async function seedPortal(sql: Sql, owners: number, firstOfThisMonth: string): Promise<{ leases: number; entries: number }> {
  await sql.begin(async (tx) => {
    await tx`
      insert into members (email, first_name, last_name, phone, membership_level, status, property_management_status, email_verified_at)
      select 'owner.' || g || '@portal-bench.invalid', 'Owner', 'Number ' || g, '3125550100', 'Standard', 'active', 'Self-managed', now()
      from generate_series(1, ${owners}) g`;
    await tx`
      insert into properties (owner_id, line1, city, state, zip, property_type, placed_in_service, building_basis_cents)
      select m.id, (p * 1000 + row_number() over ())::text || ' W Bench Ave', 'Chicago', 'IL', '60608', 'multi_family', '2019-06-01', 30000000
      from members m cross join generate_series(1, 2) p
      where m.email like '%@portal-bench.invalid'`;
    // Every statement below names the bench's own owners: the database also holds the demo's sample owner, made at start-up.
    await tx`
      insert into units (owner_id, property_id, label, bedrooms)
      select p.owner_id, p.id, u::text, 2 from properties p cross join generate_series(1, 5) u
      where p.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
    await tx`
      insert into leases (owner_id, unit_id, start_date, end_date, rent_cents, due_day, deposit_cents, late_fee, posted_through)
      select u.owner_id, u.id, (${firstOfThisMonth}::date - interval '24 months')::date, null,
             100000 + (abs(hashtext(u.id::text)) % 100) * 1000, 1, 100000,
             case when abs(hashtext(u.id::text)) % 2 = 0 then '{"grace_days":5,"kind":"fixed","amount_cents":5000}'::jsonb end,
             (${firstOfThisMonth}::date - 1)
      from units u
      where u.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
    await tx`
      insert into lease_tenants (owner_id, lease_id, first_name, last_name, email)
      select l.owner_id, l.id, 'Tenant', 'Of ' || left(l.id::text, 8), null from leases l
      where l.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
    await tx`
      insert into ledger_entries (owner_id, lease_id, date, kind, description, amount_cents, period, source)
      select l.owner_id, l.id, (l.start_date + (m || ' months')::interval)::date, 'rent', 'Rent', l.rent_cents,
             to_char(l.start_date + (m || ' months')::interval, 'YYYY-MM'), 'system'
      from leases l cross join generate_series(0, 23) m
      where l.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
    // The deposit, charged on the first day and paid with the first rent: the compliance calendar's receipt and interest lines.
    await tx`
      insert into ledger_entries (owner_id, lease_id, date, kind, description, amount_cents, period, method, source)
      select l.owner_id, l.id, l.start_date, k.kind, k.description, k.sign * l.deposit_cents, to_char(l.start_date, 'YYYY-MM'), k.method, k.source
      from leases l cross join (values ('deposit', 'Security deposit', 1, null, 'system'), ('payment', 'Deposit received', -1, 'check', 'owner')) as k(kind, description, sign, method, source)
      where l.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
    await tx`
      insert into ledger_entries (owner_id, lease_id, date, kind, description, amount_cents, period, method, source)
      select l.owner_id, l.id, (l.start_date + (m || ' months')::interval + interval '2 days')::date, 'payment', 'Payment received',
             -2 * l.rent_cents, to_char(l.start_date + (m || ' months')::interval, 'YYYY-MM'), 'check', 'owner'
      from leases l cross join generate_series(0, 22, 2) m
      where l.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
    // Maintenance: a request on every fifth lease, from its tenant's side, with its first event.
    await tx`
      insert into maintenance_requests (owner_id, property_id, unit_id, lease_id, title, description, category, priority, status)
      select l.owner_id, u.property_id, u.id, l.id, 'Leaking faucet', 'The kitchen faucet drips.', 'plumbing',
             (array['emergency','high','normal','low'])[1 + abs(hashtext(l.id::text)) % 4], 'submitted'
      from leases l join units u on u.id = l.unit_id
      where abs(hashtext(l.id::text)) % 5 = 0 and l.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
    await tx`
      insert into maintenance_events (owner_id, request_id, kind, to_status, note, actor, actor_name)
      select r.owner_id, r.id, 'submitted', 'submitted', '', 'owner', 'Owner (owner)' from maintenance_requests r
      where r.owner_id in (select id from members where email like '%@portal-bench.invalid')`;
  });
  const [counts] = await sql`
    select (select count(*) from leases l join members m on m.id = l.owner_id where m.email like '%@portal-bench.invalid')::int as leases,
           (select count(*) from ledger_entries e join members m on m.id = e.owner_id where m.email like '%@portal-bench.invalid')::int as entries`;
  await sql`vacuum (analyze)`;
  return counts as unknown as { leases: number; entries: number };
}
