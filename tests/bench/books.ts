import type { Sql } from "postgres";

// Seeds the books part of the bench (BENCH_ONLY=books) with set-based SQL, beside the portal's
// 10,000 owners (seed-portal.ts): one Premium owner with 50 properties (two units each, leased all
// year), the year's rent and payments on every lease, and expenses in every category up to
// 20,000 transactions in the tax year; and a tenth of the portal's owners asking for the monthly
// email, their properties dated two years back so last month's statement is theirs to keep.

export const BOOKS_OWNER_EMAIL = "books.owner@portal-bench.invalid";

export async function seedBooks(sql: Sql, year: number, transactions = 20_000): Promise<{ ledger: number; expenses: number }> {
  await sql.begin(async (tx) => {
    await tx`
      insert into members (email, first_name, last_name, phone, membership_level, status, property_management_status, email_verified_at)
      values (${BOOKS_OWNER_EMAIL}, 'Fifty', 'Properties', '3125550100', 'Premium', 'active', 'Self-managed', now())`;
    await tx`
      insert into properties (owner_id, line1, city, state, zip, property_type, placed_in_service, building_basis_cents, created_at)
      select m.id, (p * 10)::text || ' N Books Ave', 'Chicago', 'IL', '60610', case when p % 5 = 0 then 'commercial' else 'multi_family' end,
             make_date(2015 + p % 10, 1 + p % 12, 15), 20000000 + p * 100000, now() - interval '3 years'
      from members m cross join generate_series(1, 50) p where m.email = ${BOOKS_OWNER_EMAIL}`;
    await tx`
      insert into units (owner_id, property_id, label)
      select p.owner_id, p.id, u::text from properties p join members m on m.id = p.owner_id cross join generate_series(1, 2) u where m.email = ${BOOKS_OWNER_EMAIL}`;
    await tx`
      insert into leases (owner_id, unit_id, start_date, end_date, rent_cents, due_day, deposit_cents, posted_through)
      select u.owner_id, u.id, make_date(${year}, 1, 1), make_date(${year}, 12, 31), 150000, 1, 0, make_date(${year}, 12, 31)
      from units u join members m on m.id = u.owner_id where m.email = ${BOOKS_OWNER_EMAIL}`;
    await tx`
      insert into ledger_entries (owner_id, lease_id, date, kind, description, amount_cents, period, source)
      select l.owner_id, l.id, make_date(${year}, mo, 1), 'rent', 'Rent', l.rent_cents, to_char(make_date(${year}, mo, 1), 'YYYY-MM'), 'system'
      from leases l join members m on m.id = l.owner_id cross join generate_series(1, 12) mo where m.email = ${BOOKS_OWNER_EMAIL}`;
    await tx`
      insert into ledger_entries (owner_id, lease_id, date, kind, description, amount_cents, period, method, source)
      select l.owner_id, l.id, make_date(${year}, mo, 3), 'payment', 'Payment received', -l.rent_cents, to_char(make_date(${year}, mo, 1), 'YYYY-MM'), 'check', 'owner'
      from leases l join members m on m.id = l.owner_id cross join generate_series(1, 12) mo where m.email = ${BOOKS_OWNER_EMAIL}`;
    // The rest of the year's transactions are expenses, spread over the properties, days and categories.
    await tx`
      with categories as (
        select array['advertising','auto_travel','cleaning_maintenance','commissions','insurance','legal_professional','management_fees',
          'mortgage_interest','other_interest','repairs','supplies','property_taxes','utilities','hoa_dues','bank_fees','software','other',
          'capital_improvement','mortgage_principal','owner_draw'] as keys),
      owned as (select array_agg(p.id order by p.id) as ids, min(p.owner_id::text)::uuid as owner_id from properties p join members m on m.id = p.owner_id where m.email = ${BOOKS_OWNER_EMAIL})
      insert into expenses (owner_id, property_id, date, amount_cents, payee, payee_key, category, source)
      select o.owner_id, o.ids[1 + g % 50], make_date(${year}, 1, 1) + (g % 365), 1000 + (g * 37) % 90000, 'Vendor ' || (g % 300), 'VENDOR', c.keys[1 + g % 20], 'import'
      from owned o, categories c, generate_series(1, ${transactions} - 2400) g`;
    await tx`update properties set created_at = now() - interval '2 years' where line1 like '% W Bench Ave'`;
    await tx`
      insert into owner_settings (owner_id, monthly_statement_email)
      select id, true from members where email like 'owner.%@portal-bench.invalid' and abs(hashtext(id::text)) % 10 = 0`;
  });
  const [counts] = await sql`
    select (select count(*) from ledger_entries e join members m on m.id = e.owner_id where m.email = ${BOOKS_OWNER_EMAIL})::int as ledger,
           (select count(*) from expenses)::int as expenses`;
  await sql`vacuum (analyze)`;
  return counts as unknown as { ledger: number; expenses: number };
}
