import type { Sql } from "postgres";
import { seedAssociation } from "./seed.ts";

// Seeds a busy forum straight into PostgreSQL with set-based SQL: 2,000 members with handles,
// topics across the six categories and `posts` posts in all (about 20 a topic) of 30 to 60 words,
// one in twelve a landlord's word, the rest filler, each
// with its full-text column written as the app writes it (title weight A, body weight B).

const WORDS = [
  "tenant", "lease", "deposit", "interest", "eviction", "notice", "landlord", "repair", "roof", "furnace", "plumbing", "rent",
  "increase", "chicago", "cook", "county", "ordinance", "rlto", "court", "sheriff", "judgment", "schedule", "depreciation",
  "insurance", "inspection", "radiator", "boiler", "lead", "paint", "smoke", "detector", "utility", "water", "bill", "late",
  "fee", "grace", "period", "sublease", "roommate", "pet", "damage", "receipt", "bank", "account", "two-flat", "basement",
  "tuckpointing", "gutter", "snow", "removal", "contractor", "permit", "city", "violation", "hearing", "mediation", "settlement",
];

/** Filler words made of three syllables (8,000 of them), so a subject word is in a few percent of posts as in real text. */
const SYLLABLES = ["ka", "lo", "mi", "ren", "sto", "vad", "pel", "ur", "ton", "bri", "sha", "gum", "fel", "dor", "nix", "qua", "zel", "hap", "wim", "ost"];

export async function seedForum(sql: Sql, posts: number): Promise<{ topics: number; posts: number }> {
  await seedAssociation(sql, 2_000);
  const topics = Math.max(1, Math.round(posts / 20));
  await sql.begin(async (tx) => {
    await tx`insert into community_profiles (member_id, handle)
      select id, 'bench' || row_number() over (order by created_at, id) from members on conflict do nothing`;
    // Topics: categories in turn, authors in turn, activity over the last year.
    await tx`
      with authors as (select id, row_number() over (order by id) as n from members),
           cats as (select id, row_number() over (order by sort_order) as n, count(*) over () as total from forum_categories)
      insert into forum_topics (category_id, title, author_member_id, created_at, last_post_at)
      select c.id,
             initcap((${WORDS}::text[])[1 + g % ${WORDS.length}] || ' ' || (${WORDS}::text[])[1 + (g * 7) % ${WORDS.length}] || ' question ' || g),
             a.id,
             now() - (g % 365) * interval '1 day',
             now() - (g % 365) * interval '1 day'
      from generate_series(1, ${topics}) g
      join cats c on c.n = 1 + g % c.total
      join authors a on a.n = 1 + g % 2000`;
    // Posts: about 20 a topic, spread over every topic; bodies of 30 to 60 words.
    await tx`
      with t as (select id, title, created_at, row_number() over (order by created_at, id) as n from forum_topics),
           authors as (select id, row_number() over (order by id) as n from members),
           numbered as (
             select g, t.id as topic_id, t.title, t.created_at, row_number() over (partition by t.id order by g) as number
             from generate_series(1, ${posts}) g
             join t on t.n = 1 + g % ${topics}
           )
      insert into forum_posts (topic_id, number, author_member_id, body, html, search, created_at)
      select n.topic_id, n.number, a.id, b.body, '<p>' || b.body || '</p>',
             setweight(to_tsvector('english', case when n.number = 1 then n.title else '' end), 'A') || setweight(to_tsvector('english', b.body), 'B'),
             n.created_at + n.number * interval '1 hour'
      from numbered n
      join authors a on a.n = 1 + n.g % 2000
      cross join lateral (
        select string_agg(
                 case when k % 12 = 0 then (${WORDS}::text[])[1 + ((n.g * 31 + k * 17) % ${WORDS.length})]
                      else (${SYLLABLES}::text[])[1 + (n.g * 7 + k * 13) % 20] || (${SYLLABLES}::text[])[1 + (n.g * 3 + k * k) % 20] || (${SYLLABLES}::text[])[1 + (n.g + k * 11) % 20]
                 end, ' ') as body
        from generate_series(1, 30 + n.g % 31) k
      ) b`;
    await tx`
      update forum_topics t set post_count = p.n, last_post_number = p.n, last_post_at = p.last
      from (select topic_id, count(*)::int as n, max(created_at) as last from forum_posts group by topic_id) p
      where p.topic_id = t.id`;
  });
  await sql`analyze`;
  const [counts] = await sql`select (select count(*) from forum_topics)::int as topics, (select count(*) from forum_posts)::int as posts`;
  return { topics: counts!.topics, posts: counts!.posts };
}
