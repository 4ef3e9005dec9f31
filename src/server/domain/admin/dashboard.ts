import { and, count, eq, gte, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import { MEMBERSHIP_LEVELS, type MembershipLevel } from "../../../shared/membership.ts";
import { ASSOCIATION_TIME_ZONE } from "../../../shared/time.ts";
import { queryRows, type DbOrTx } from "../../db/client.ts";
import { applications, members } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import { servedFigures } from "./figures.ts";

// The state of the association at a glance (SPEC.md 3 "Dashboard stats") and the figures behind
// the dashboard's charts. Deleted members are not members any more and count nowhere.

const RECENT_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/** SPEC.md's dashboard stats, at most FIGURES_FRESH_MS old (see figures.ts). */
export const dashboardStats = (services: Services) => servedFigures(services, "stats", (now) => countStats(services.db, now));

/** The dashboard charts, at most FIGURES_FRESH_MS old (see figures.ts). */
export const dashboardCharts = (services: Services) => servedFigures(services, "charts", (now) => chartFigures(services.db, now));

async function countStats(db: DbOrTx, now: Date) {
  const listed = listedMember();
  // One pass over members_listed_stats_idx (index only) gives every level's count and the active
  // ones; the applications are counted from their smallest index.
  const [byLevel, [recent], [apps], [pending]] = await Promise.all([
    db
      .select({
        level: members.membershipLevel,
        n: count(),
        active: sql<number>`count(*) filter (where ${members.isActive} and ${members.status} = 'active')`.mapWith(Number),
        // Signed a paid level, not paid yet: counted as what they are, not as paid members.
        unpaid: sql<number>`count(*) filter (where ${members.status} = 'awaiting_payment')`.mapWith(Number),
      })
      .from(members)
      .where(listed)
      .groupBy(members.membershipLevel),
    db.select({ n: count() }).from(members).where(and(listed, gte(members.createdAt, new Date(now.getTime() - RECENT_DAYS * DAY)))),
    db.select({ n: count() }).from(applications),
    db.select({ n: count() }).from(applications).where(eq(applications.status, "pending")),
  ]);
  const levels = Object.fromEntries(MEMBERSHIP_LEVELS.map((l) => [l, 0])) as Record<MembershipLevel, number>;
  let active = 0;
  let unpaid = 0;
  for (const row of byLevel) {
    const signedUnpaid = row.level === "Basic" ? 0 : Number(row.unpaid);
    levels[row.level] = Number(row.n) - signedUnpaid;
    active += Number(row.active);
    unpaid += signedUnpaid;
  }
  return {
    total_members: levels.Basic + levels.Standard + levels.Premium + unpaid,
    active_members: active,
    total_applications: Number(apps?.n ?? 0),
    pending_applications: Number(pending?.n ?? 0),
    basic_members: levels.Basic,
    standard_members: levels.Standard,
    premium_members: levels.Premium,
    /** Signed a Standard or Premium agreement and have not paid: not counted under those levels. */
    signed_unpaid_members: unpaid,
    recent_signups: Number(recent?.n ?? 0),
  };
}


/**
 * The charts: sign-ups per week (last 12 weeks, Chicago weeks starting Monday), members by level,
 * and monthly recurring revenue at the end of each of the last 12 months (Chicago months): the
 * sum of the paid subscriptions running then, in cents.
 */
async function chartFigures(db: DbOrTx, now: Date) {
  const nowIso = now.toISOString();
  const tz = ASSOCIATION_TIME_ZONE;
  const weeks = await queryRows<{ week_start: string; signups: number }>(
    db,
    sql`
      with bounds as (
        select generate_series(
          date_trunc('week', ${nowIso}::timestamptz at time zone ${tz}) - interval '11 weeks',
          date_trunc('week', ${nowIso}::timestamptz at time zone ${tz}),
          interval '1 week'
        ) as week_start
      )
      select to_char(b.week_start, 'YYYY-MM-DD') as week_start, count(m.id)::int as signups
      from bounds b
      left join ${members} m
        on m.deleted_at is null and not m.is_sample
       and m.created_at >= (b.week_start at time zone ${tz})
       and m.created_at < ((b.week_start + interval '1 week') at time zone ${tz})
      group by b.week_start
      order by b.week_start`,
  );

  const revenue = await queryRows<{ month: string; mrr_cents: number }>(
    db,
    sql`
      with bounds as (
        select generate_series(
          date_trunc('month', ${nowIso}::timestamptz at time zone ${tz}) - interval '11 months',
          date_trunc('month', ${nowIso}::timestamptz at time zone ${tz}),
          interval '1 month'
        ) as month_start
      ),
      points as (
        -- The end of each month, or now for the month under way.
        select month_start,
               least((month_start + interval '1 month') at time zone ${tz}, ${nowIso}::timestamptz) as at
        from bounds
      )
      select to_char(p.month_start, 'YYYY-MM') as month,
             coalesce(sum(s.amount_cents), 0)::int as mrr_cents
      from points p
      left join subscriptions s
        on s.status <> 'incomplete'
       and s.created_at <= p.at
       and coalesce(s.cancelled_at, case when s.status = 'cancelled' then s.updated_at end, 'infinity'::timestamptz) > p.at
      group by p.month_start
      order by p.month_start`,
  );

  const stats = await countStats(db, now);
  return {
    signups_per_week: weeks.map((w) => ({ week_start: w.week_start, signups: Number(w.signups) })),
    members_by_level: [
      { level: "Basic" as const, members: stats.basic_members },
      { level: "Standard" as const, members: stats.standard_members },
      { level: "Premium" as const, members: stats.premium_members },
    ],
    mrr_by_month: revenue.map((r) => ({ month: r.month, mrr_cents: Number(r.mrr_cents) })),
  };
}
