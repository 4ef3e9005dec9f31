import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { FORUM_PAGE_SIZE, MENTION_LOOKUP_LIMIT, type TEditPost, type TMentionQuery, type TNewPost, type TNewTopic, type TSearchQuery, type TTopicListQuery } from "../../../shared/community.ts";
import { PAID_LEVELS } from "../../../shared/membership.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  adminUsers,
  communityProfiles,
  forumCategories,
  forumFlags,
  forumPostRevisions,
  forumPosts,
  forumPostSearch,
  forumSilences,
  forumTopics,
  forumTopicVisits,
  forumWatches,
  members,
  notifications,
} from "../../db/schema.ts";
import { AppError, forbidden, notFound, unauthorized } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../admin/queries.ts";
import { hitRateLimit } from "../rate-limit.ts";
import { isActivePaid, mayPost, mayRead, type Reader } from "./access.ts";
import { countLinks, renderMarkdown } from "./markdown.ts";
import { MAX_MENTIONS, parseMentions } from "./mentions.ts";
import { unknownMentionProblem } from "./mention-check.ts";
import { notifyAboutPost } from "./notifications.ts";
import { authorsOf, describeAuthor, ensureHandle, memberIdOf, membersByHandle, readerFor, shortName, type CommunityActor } from "./people.ts";
import {
  FLAGS_PER_HOUR,
  hiddenByFlags,
  isNewMember,
  keepsRevision,
  linkLimitProblem,
  NEW_MEMBER_POST_INTERVAL,
  POSTS_PER_HOUR,
} from "./posting-limits.ts";

// The forum (COMMUNITY.md 1): categories, topics, posts, edits, flags, watching and search.

type Category = typeof forumCategories.$inferSelect;
type Topic = typeof forumTopics.$inferSelect;
type Post = typeof forumPosts.$inferSelect;

export const FORUM_CATEGORY_SEEDS: Pick<Category, "slug" | "name" | "description" | "readAccess" | "postAccess" | "sortOrder">[] = [
  { slug: "announcements", name: "Announcements", description: "News from the association's staff.", readAccess: "members", postAccess: "admins", sortOrder: 1 },
  { slug: "landlord-qa", name: "Landlord Q&A", description: "Ask and answer questions about renting in Illinois.", readAccess: "members", postAccess: "members", sortOrder: 2 },
  { slug: "chicago-cook-county", name: "Chicago & Cook County", description: "The RLTO, Cook County's ordinances and local practice.", readAccess: "members", postAccess: "members", sortOrder: 3 },
  { slug: "contractors-trades", name: "Contractors & Trades", description: "Repairs, renovations and the tradespeople who do them.", readAccess: "members", postAccess: "members", sortOrder: 4 },
  { slug: "taxes-bookkeeping", name: "Taxes & Bookkeeping", description: "Schedule E, depreciation and the books. For Standard and Premium members.", readAccess: "paid", postAccess: "paid", sortOrder: 5 },
  { slug: "off-topic", name: "Off-topic", description: "Everything else between members.", readAccess: "members", postAccess: "members", sortOrder: 6 },
];

/** Seeds the categories COMMUNITY.md lists; run at every start-up, idempotent (by slug). */
export async function seedForumCategories(db: DbOrTx) {
  await db.insert(forumCategories).values(FORUM_CATEGORY_SEEDS).onConflictDoNothing({ target: forumCategories.slug });
}

const categoryAudience = (c: Pick<Category, "readAccess">) => (c.readAccess === "paid" ? "paid" : "members");
const canReadCategory = (c: Pick<Category, "readAccess">, reader: Reader) => reader.kind !== "anonymous" && mayRead(categoryAudience(c), reader);

function requireActor(actor: CommunityActor | null): CommunityActor {
  if (!actor) throw unauthorized("Please sign in to use the community.");
  return actor;
}

/** The full-text document of a post: the topic's title (first posts) and the body. */
const searchVector = (title: string | null, body: string): SQL =>
  sql`setweight(to_tsvector('english', ${title ?? ""}), 'A') || setweight(to_tsvector('english', ${body}), 'B')`;

export async function listCategories(services: Services, actor: CommunityActor | null) {
  const reader = readerFor(requireActor(actor));
  const rows = await services.db
    .select({
      category: forumCategories,
      // Qualified by hand: in a one-table select drizzle writes a column in the select list unqualified.
      topics: sql<number>`(select count(*)::int from ${forumTopics} t where t.category_id = "forum_categories"."id" and t.deleted_at is null and t.hidden_at is null)`,
    })
    .from(forumCategories)
    .orderBy(asc(forumCategories.sortOrder), asc(forumCategories.name));
  return rows.map(({ category: c, topics }) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    read_access: c.readAccess,
    post_access: c.postAccess,
    can_read: canReadCategory(c, reader),
    can_post: canReadCategory(c, reader) && mayPost(c.postAccess, reader),
    topic_count: Number(topics),
  }));
}

async function findCategory(db: DbOrTx, idOrSlug: string): Promise<Category | null> {
  const [row] = await db
    .select()
    .from(forumCategories)
    .where(isUuid(idOrSlug) ? eq(forumCategories.id, idOrSlug) : eq(forumCategories.slug, idOrSlug.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Categories this reader may read, as SQL over forum_topics.category_id. */
function readableCategories(reader: Reader): SQL {
  if (reader.kind === "admin") return sql`true`;
  if (reader.kind === "member" && reader.paid) return sql`true`;
  return sql`${forumTopics.categoryId} in (select id from ${forumCategories} where read_access = 'members')`;
}

function visibleTopics(reader: Reader): SQL {
  const base = and(isNull(forumTopics.deletedAt), readableCategories(reader))!;
  return reader.kind === "admin" ? base : and(base, isNull(forumTopics.hiddenAt))!;
}

/** Topics with their category, author and (for a member) last visit, in one query. */
async function topicRows(db: DbOrTx, memberId: string | null, options: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({
      topic: forumTopics,
      categorySlug: forumCategories.slug,
      categoryName: forumCategories.name,
      first: members.firstName,
      last: members.lastName,
      deleted: members.deletedAt,
      handle: communityProfiles.handle,
      staffName: adminUsers.fullName,
      visitedAt: memberId ? forumTopicVisits.visitedAt : sql<Date | null>`null`,
    })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .leftJoin(members, eq(members.id, forumTopics.authorMemberId))
    .leftJoin(communityProfiles, eq(communityProfiles.memberId, forumTopics.authorMemberId))
    .leftJoin(adminUsers, eq(adminUsers.id, forumTopics.authorAdminId))
    .leftJoin(forumTopicVisits, and(eq(forumTopicVisits.topicId, forumTopics.id), memberId ? eq(forumTopicVisits.memberId, memberId) : sql`false`))
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(({ topic: t, ...r }) => {
    const visited = r.visitedAt ? new Date(r.visitedAt) : null;
    return {
      id: t.id,
      title: t.title,
      category: { id: t.categoryId, slug: r.categorySlug, name: r.categoryName },
      author: describeAuthor(t.authorMemberId, r.first === null ? null : { first: r.first, last: r.last!, deleted: r.deleted, handle: r.handle }, r.staffName),
      pinned: t.pinned,
      locked: t.locked,
      hidden: t.hiddenAt !== null,
      reply_count: Math.max(0, t.postCount - 1),
      last_post_at: t.lastPostAt.toISOString(),
      created_at: t.createdAt.toISOString(),
      unread: memberId ? !visited || visited.getTime() < t.lastPostAt.getTime() : false,
    };
  });
}

/** The topic list: pinned first (everywhere, then in the category), then latest activity; 20 a page. */
export async function listTopics(services: Services, actor: CommunityActor | null, query: TTopicListQuery) {
  const who = requireActor(actor);
  const reader = readerFor(who);
  const { db } = services;
  const conditions: SQL[] = [visibleTopics(reader)];
  let category: Category | null = null;
  if (query.category) {
    category = await findCategory(db, query.category);
    if (!category) throw notFound("That category does not exist.");
    if (!canReadCategory(category, reader)) throw forbidden("This category is for Standard and Premium members. Upgrade to read it.");
    conditions.push(eq(forumTopics.categoryId, category.id));
  }
  if (query.q) {
    conditions.push(
      sql`exists (select 1 from ${forumPostSearch} s where s.topic_id = ${forumTopics.id} and not s.hidden and s.search @@ websearch_to_tsquery('english', ${query.q}))`,
    );
  }
  const where = and(...conditions);
  const pinOrder = category
    ? sql`case ${forumTopics.pinned} when 'global' then 0 when 'category' then 1 else 2 end`
    : sql`case ${forumTopics.pinned} when 'global' then 0 else 1 end`;
  const [topics, [total]] = await Promise.all([
    topicRows(db, memberIdOf(who), {
      where,
      orderBy: [pinOrder, desc(forumTopics.lastPostAt), desc(forumTopics.id)],
      limit: FORUM_PAGE_SIZE,
      offset: (query.page - 1) * FORUM_PAGE_SIZE,
    }),
    db.select({ n: count() }).from(forumTopics).where(where),
  ]);
  return { topics, page: query.page, page_size: FORUM_PAGE_SIZE, total: Number(total?.n ?? 0) };
}

async function assertMayWrite(tx: DbOrTx, services: Services, actor: CommunityActor, category: Category) {
  const reader = readerFor(actor);
  if (!canReadCategory(category, reader) || !mayPost(category.postAccess, reader)) {
    throw forbidden(
      category.postAccess === "admins"
        ? "Only the association's staff post in this category."
        : "This category is for Standard and Premium members. Upgrade to post here.",
    );
  }
  if (actor.kind !== "member") return;
  const [silence] = await tx.select().from(forumSilences).where(eq(forumSilences.memberId, actor.member.id));
  if (silence && silence.until.getTime() > services.now().getTime()) {
    throw forbidden(`An administrator has paused your posting until ${silence.until.toISOString()}.`);
  }
}

function checkMentionCount(body: string) {
  if (parseMentions(body).length > MAX_MENTIONS) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "body"], msg: `A post can mention at most ${MAX_MENTIONS} members.`, type: "too_many_mentions" }]);
  }
}

/**
 * Every @handle written (outside quotes) must name a member who can read the category: a mention
 * nobody receives is refused rather than lost (decision 0086). `already` are handles the post
 * carried before an edit, which stay as they are.
 */
async function checkMentionsKnown(db: DbOrTx, body: string, category: Category, already: string[] = []) {
  const known = (await mentionedMembers(db, body, category)).map((m) => m.handle);
  const problem = unknownMentionProblem(body, [...known, ...already]);
  if (problem) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "body"], msg: problem, type: "unknown_mention" }]);
}

/** Rate limits, the new-member rules and the mentions, before anything is written. */
async function checkPostingLimits(services: Services, actor: CommunityActor, body: string, category: Category) {
  const now = services.now();
  const isNew = actor.kind === "member" && isNewMember(actor.member.createdAt, now);
  const linkProblem = actor.kind === "member" ? linkLimitProblem(countLinks(body), isNew) : null;
  if (linkProblem) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "body"], msg: linkProblem, type: "too_many_links" }]);
  checkMentionCount(body);
  await checkMentionsKnown(services.db, body, category);
  if (actor.kind !== "member") return;
  if (isNew) await hitRateLimit(services.db, NEW_MEMBER_POST_INTERVAL, actor.member.id, now);
  await hitRateLimit(services.db, POSTS_PER_HOUR, actor.member.id, now);
}

/** Whether a member may be mentioned in a category: they can read it (others are not told). */
const mayBeMentioned = (category: Category, member: Parameters<typeof isActivePaid>[0]) => canReadCategory(category, { kind: "member", paid: isActivePaid(member) });

/** Members a post mentions who may read its category (others are not told about it). */
async function mentionedMembers(tx: DbOrTx, body: string, category: Category) {
  const found = await membersByHandle(tx, parseMentions(body));
  return found.filter(({ member }) => mayBeMentioned(category, member));
}

/** The category a post being written goes to, checked readable: the topic's, or the one named. */
async function writingContext(db: DbOrTx, reader: Reader, query: Pick<TMentionQuery, "topic_id" | "category_id">): Promise<Category | null> {
  if (query.topic_id) return (await readableTopic(db, reader, query.topic_id)).category;
  if (!query.category_id) return null;
  const category = await findCategory(db, query.category_id);
  if (!category) throw notFound("That category does not exist.");
  if (!canReadCategory(category, reader)) throw forbidden("This category is for Standard and Premium members.");
  return category;
}

/**
 * Members to @mention as a handle is typed: those whose handle, first or last name starts with
 * what was typed, who have a forum handle and may read where the post goes (decision 0086).
 * Only what the forum already shows of a member: "Maria G." and the handle, never an email.
 */
export async function lookupMentions(services: Services, actor: CommunityActor | null, query: TMentionQuery) {
  const who = requireActor(actor);
  const { db } = services;
  const category = await writingContext(db, readerFor(who), query);
  const prefix = `${query.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const conditions: SQL[] = [
    isNull(members.deletedAt),
    eq(members.isActive, true),
    sql`(${communityProfiles.handle} like ${prefix} or lower(${members.firstName}) like ${prefix} or lower(${members.lastName}) like ${prefix} or lower(${members.firstName} || ' ' || ${members.lastName}) like ${prefix})`,
  ];
  if (category?.readAccess === "paid") conditions.push(eq(members.status, "active"), inArray(members.membershipLevel, [...PAID_LEVELS]));
  const self = memberIdOf(who);
  if (self) conditions.push(sql`${members.id} <> ${self}`);
  const rows = await db
    .select({ handle: communityProfiles.handle, first: members.firstName, last: members.lastName })
    .from(communityProfiles)
    .innerJoin(members, eq(members.id, communityProfiles.memberId))
    .where(and(...conditions))
    .orderBy(sql`${communityProfiles.handle} like ${prefix} desc`, asc(members.firstName), asc(members.lastName), asc(communityProfiles.handle))
    .limit(MENTION_LOOKUP_LIMIT);
  return { members: rows.map((r) => ({ handle: r.handle, name: shortName(r.first, r.last) })) };
}

const authorColumns = (actor: CommunityActor) =>
  actor.kind === "member" ? { authorMemberId: actor.member.id, authorAdminId: null } : { authorMemberId: null, authorAdminId: actor.admin.id };

async function insertPost(tx: Tx, services: Services, actor: CommunityActor, topic: Topic, category: Category, body: string, replyTo: Post | null, title: string | null) {
  const now = services.now();
  if (actor.kind === "member") await ensureHandle(tx, actor.member);
  const number = topic.lastPostNumber + 1;
  const [post] = await tx
    .insert(forumPosts)
    .values({
      topicId: topic.id,
      number,
      ...authorColumns(actor),
      replyToPostId: replyTo?.id ?? null,
      body,
      html: renderMarkdown(body),
      search: searchVector(title, body),
      createdAt: now,
    })
    .returning();
  await tx
    .update(forumTopics)
    .set({ lastPostNumber: number, postCount: sql`${forumTopics.postCount} + 1`, lastPostAt: now })
    .where(eq(forumTopics.id, topic.id));
  const mentioned = await mentionedMembers(tx, body, category);
  await notifyAboutPost(tx, services, {
    actor,
    topic: { ...topic, lastPostAt: now },
    post: post!,
    mentionedMemberIds: mentioned.map((m) => m.member.id),
    replyToAuthorId: replyTo?.authorMemberId ?? null,
  });
  if (actor.kind === "member") await markVisited(tx, actor.member.id, topic.id, now);
  return post!;
}

async function markVisited(tx: DbOrTx, memberId: string, topicId: string, at: Date) {
  await tx
    .insert(forumTopicVisits)
    .values({ memberId, topicId, visitedAt: at })
    .onConflictDoUpdate({ target: [forumTopicVisits.memberId, forumTopicVisits.topicId], set: { visitedAt: at } });
}

/** A new topic with its first post. The author watches it from then on. */
export async function createTopic(services: Services, actor: CommunityActor | null, input: TNewTopic) {
  const who = requireActor(actor);
  const category = await findCategory(services.db, input.category_id);
  if (!category) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "category_id"], msg: "That category does not exist.", type: "not_found" }]);
  await assertMayWrite(services.db, services, who, category);
  await checkPostingLimits(services, who, input.body, category);
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const [topic] = await tx
      .insert(forumTopics)
      .values({ categoryId: category.id, title: input.title, ...authorColumns(who), lastPostAt: now, createdAt: now })
      .returning();
    if (who.kind === "member") {
      await tx.insert(forumWatches).values({ memberId: who.member.id, targetType: "topic", targetId: topic!.id, level: "watching" }).onConflictDoNothing();
    }
    const post = await insertPost(tx, services, who, topic!, category, input.body, null, input.title);
    return { id: topic!.id, post_id: post.id, title: topic!.title, category_id: category.id };
  });
}

/** A topic the reader may see, with its category; 404 otherwise (a hidden topic stays private). */
async function readableTopic(db: DbOrTx, reader: Reader, topicId: string) {
  if (!isUuid(topicId)) throw notFound("That topic does not exist.");
  const [row] = await db
    .select({ topic: forumTopics, category: forumCategories })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(eq(forumTopics.id, topicId))
    .limit(1);
  if (!row || row.topic.deletedAt || (row.topic.hiddenAt && reader.kind !== "admin")) throw notFound("That topic does not exist.");
  if (!canReadCategory(row.category, reader)) throw forbidden("This topic is in a category for Standard and Premium members. Upgrade to read it.");
  return row;
}

const TOMBSTONE = "<p><em>This post was deleted.</em></p>";
const HIDDEN = "<p><em>This post is hidden while an administrator reviews it.</em></p>";

function describePost(p: Post, actor: CommunityActor, author: ReturnType<Awaited<ReturnType<typeof authorsOf>>>, extra: { revisions: number; replyTo: { id: string; number: number } | null; flagged: boolean; locked: boolean }) {
  const isAdmin = actor.kind === "admin";
  const own = actor.kind === "member" && p.authorMemberId === actor.member.id;
  const deleted = p.deletedAt !== null;
  const hidden = p.hiddenAt !== null;
  const concealed = deleted || (hidden && !isAdmin);
  return {
    id: p.id,
    number: p.number,
    author,
    body: concealed ? "" : p.body,
    html: deleted ? TOMBSTONE : hidden && !isAdmin ? HIDDEN : p.html,
    deleted,
    hidden,
    hidden_reason: isAdmin ? p.hiddenReason : null,
    reply_to: extra.replyTo,
    created_at: p.createdAt.toISOString(),
    edited_at: p.editedAt?.toISOString() ?? null,
    revision_count: extra.revisions,
    can_edit: !deleted && (isAdmin || (own && !extra.locked)),
    can_flag: !deleted && !own && actor.kind === "member" && !extra.flagged,
  };
}

/**
 * Opening a topic marks it visited and its notifications read. A visit after the topic's last
 * post changes nothing, so reading a quiet topic writes nothing.
 */
async function recordVisit(db: DbOrTx, memberId: string, topic: Topic, now: Date) {
  // A plain UPDATE that matches nothing writes nothing (an upsert would lock the row, and its
  // commit would wait for the disk on every page view).
  const moved = await db
    .update(forumTopicVisits)
    .set({ visitedAt: now })
    .where(and(eq(forumTopicVisits.memberId, memberId), eq(forumTopicVisits.topicId, topic.id), lt(forumTopicVisits.visitedAt, topic.lastPostAt)))
    .returning({ at: forumTopicVisits.visitedAt });
  await Promise.all([
    moved.length ? Promise.resolve() : db.insert(forumTopicVisits).values({ memberId, topicId: topic.id, visitedAt: now }).onConflictDoNothing(),
    db.update(notifications).set({ readAt: now }).where(and(eq(notifications.memberId, memberId), eq(notifications.topicId, topic.id), isNull(notifications.readAt))),
  ]);
}

/** A topic and one page of its posts (20). Opening it marks it visited and its notifications read. */
export async function getTopic(services: Services, actor: CommunityActor | null, topicId: string, page: number) {
  const who = requireActor(actor);
  const reader = readerFor(who);
  const { db } = services;
  const { topic, category } = await readableTopic(db, reader, topicId);
  const memberId = memberIdOf(who);
  const now = services.now();
  // One round for the page, the member's watch and their visit; post numbers have no gaps, so
  // the topic's last number is the count.
  const [rows, watches] = await Promise.all([
    db
      .select({
        post: forumPosts,
        // Qualified by hand: in a one-table select drizzle writes a column in the select list unqualified.
        revisions: sql<number>`(select count(*)::int from ${forumPostRevisions} r where r.post_id = "forum_posts"."id")`,
        replyNumber: sql<number | null>`(select p2.number from ${forumPosts} p2 where p2.id = "forum_posts"."reply_to_post_id")`,
        flagged: memberId ? sql<boolean>`exists (select 1 from ${forumFlags} f where f.post_id = "forum_posts"."id" and f.member_id = ${memberId})` : sql<boolean>`false`,
      })
      .from(forumPosts)
      .where(eq(forumPosts.topicId, topic.id))
      .orderBy(asc(forumPosts.number))
      .limit(FORUM_PAGE_SIZE)
      .offset((page - 1) * FORUM_PAGE_SIZE),
    memberId
      ? db
          .select({ level: forumWatches.level })
          .from(forumWatches)
          .where(and(eq(forumWatches.memberId, memberId), eq(forumWatches.targetType, "topic"), eq(forumWatches.targetId, topic.id)))
      : Promise.resolve([]),
    memberId ? recordVisit(db, memberId, topic, now) : Promise.resolve(),
  ]);
  const posts = rows.map((r) => r.post);
  const [watch] = watches;
  const authors = await authorsOf(db, [topic.authorMemberId, ...posts.map((p) => p.authorMemberId)], [topic.authorAdminId, ...posts.map((p) => p.authorAdminId)]);
  const total = topic.lastPostNumber;
  const revisionCounts = new Map(rows.map((r) => [r.post.id, Number(r.revisions)]));
  const replyNumbers = new Map(rows.filter((r) => r.post.replyToPostId).map((r) => [r.post.replyToPostId!, Number(r.replyNumber ?? 0)]));
  const flagged = new Set(rows.filter((r) => r.flagged).map((r) => r.post.id));
  return {
    id: topic.id,
    title: topic.title,
    category: { id: category.id, slug: category.slug, name: category.name },
    author: authors(topic.authorMemberId, topic.authorAdminId),
    pinned: topic.pinned,
    locked: topic.locked,
    hidden: topic.hiddenAt !== null,
    created_at: topic.createdAt.toISOString(),
    watch_level: watch?.level ?? "normal",
    can_reply: !topic.locked && (reader.kind === "admin" || mayPost(category.postAccess, reader)),
    posts: posts.map((p) =>
      describePost(p, who, authors(p.authorMemberId, p.authorAdminId), {
        revisions: revisionCounts.get(p.id) ?? 0,
        replyTo: p.replyToPostId ? { id: p.replyToPostId, number: replyNumbers.get(p.replyToPostId) ?? 0 } : null,
        flagged: flagged.has(p.id),
        locked: topic.locked,
      }),
    ),
    page,
    page_size: FORUM_PAGE_SIZE,
    total,
  };
}

/** A reply (optionally to one post). Locked topics take replies from admins only. */
export async function createPost(services: Services, actor: CommunityActor | null, topicId: string, input: TNewPost) {
  const who = requireActor(actor);
  const reader = readerFor(who);
  const { topic, category } = await readableTopic(services.db, reader, topicId);
  if (topic.locked && who.kind !== "admin") throw forbidden("This topic is locked: it takes no more replies.");
  await assertMayWrite(services.db, services, who, category);
  await checkPostingLimits(services, who, input.body, category);
  return services.db.transaction(async (tx) => {
    // One writer per topic at a time: post numbers stay in order without gaps.
    const [locked] = await tx.select().from(forumTopics).where(eq(forumTopics.id, topic.id)).for("update");
    let replyTo: Post | null = null;
    if (input.reply_to) {
      [replyTo = null] = await tx.select().from(forumPosts).where(and(eq(forumPosts.id, input.reply_to), eq(forumPosts.topicId, topic.id)));
      if (!replyTo) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "reply_to"], msg: "That post is not in this topic.", type: "not_found" }]);
    }
    const post = await insertPost(tx, services, who, locked!, category, input.body, replyTo, null);
    return { id: post.id, number: post.number, topic_id: topic.id, html: post.html };
  });
}

async function writablePost(db: DbOrTx, actor: CommunityActor, postId: string) {
  if (!isUuid(postId)) throw notFound("That post does not exist.");
  const reader = readerFor(actor);
  const [post] = await db.select().from(forumPosts).where(eq(forumPosts.id, postId));
  if (!post || post.deletedAt) throw notFound("That post does not exist.");
  const { topic, category } = await readableTopic(db, reader, post.topicId);
  const own = actor.kind === "member" && post.authorMemberId === actor.member.id;
  if (!own && actor.kind !== "admin") throw forbidden("You can only change your own posts.");
  if (own && topic.locked) throw forbidden("This topic is locked.");
  return { post, topic, category };
}

/** The author (or an admin) edits a post; after the first 5 minutes the earlier version is kept. */
export async function editPost(services: Services, actor: CommunityActor | null, postId: string, input: TEditPost) {
  const who = requireActor(actor);
  const { post, topic, category } = await writablePost(services.db, who, postId);
  if (who.kind === "member") {
    await assertMayWrite(services.db, services, who, category);
    const isNew = isNewMember(who.member.createdAt, services.now());
    const linkProblem = linkLimitProblem(countLinks(input.body), isNew);
    if (linkProblem) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "body"], msg: linkProblem, type: "too_many_links" }]);
  }
  checkMentionCount(input.body);
  await checkMentionsKnown(services.db, input.body, category, parseMentions(post.body));
  const now = services.now();
  const title = post.number === 1 ? (input.title ?? topic.title) : null;
  return services.db.transaction(async (tx) => {
    if (keepsRevision(post.createdAt, now)) {
      await tx.insert(forumPostRevisions).values({
        postId: post.id,
        body: post.body,
        html: post.html,
        title: post.number === 1 ? topic.title : null,
        writtenAt: post.editedAt ?? post.createdAt,
        createdAt: now,
      });
    }
    const [updated] = await tx
      .update(forumPosts)
      .set({ body: input.body, html: renderMarkdown(input.body), search: searchVector(title, input.body), editedAt: now })
      .where(eq(forumPosts.id, post.id))
      .returning();
    if (title !== null && title !== topic.title) await tx.update(forumTopics).set({ title }).where(eq(forumTopics.id, topic.id));
    return { id: updated!.id, body: updated!.body, html: updated!.html, edited_at: now.toISOString(), title };
  });
}

/** The author (or an admin) deletes a post: a tombstone keeps the thread's numbering readable. */
export async function deletePost(services: Services, actor: CommunityActor | null, postId: string) {
  const who = requireActor(actor);
  const { post } = await writablePost(services.db, who, postId);
  await services.db.transaction(async (tx) => {
    await tx.update(forumPosts).set({ deletedAt: services.now() }).where(eq(forumPosts.id, post.id));
    await tx.update(forumTopics).set({ postCount: sql`greatest(${forumTopics.postCount} - 1, 0)` }).where(eq(forumTopics.id, post.topicId));
  });
  return { success: true, id: post.id };
}

/** Earlier versions of a post, newest first (edits later than 5 minutes after posting). */
export async function postRevisions(services: Services, actor: CommunityActor | null, postId: string) {
  const who = requireActor(actor);
  if (!isUuid(postId)) throw notFound("That post does not exist.");
  const [post] = await services.db.select().from(forumPosts).where(eq(forumPosts.id, postId));
  if (!post || post.deletedAt || (post.hiddenAt && who.kind !== "admin")) throw notFound("That post does not exist.");
  await readableTopic(services.db, readerFor(who), post.topicId);
  const rows = await services.db.select().from(forumPostRevisions).where(eq(forumPostRevisions.postId, postId)).orderBy(desc(forumPostRevisions.createdAt));
  return rows.map((r) => ({ id: r.id, body: r.body, html: r.html, title: r.title, written_at: r.writtenAt.toISOString(), replaced_at: r.createdAt.toISOString() }));
}

/** A member flags a post once; flags from 3 different members hide it until an admin reviews it. */
export async function flagPost(services: Services, actor: CommunityActor | null, postId: string, reason: string) {
  const who = requireActor(actor);
  if (who.kind !== "member") throw forbidden("Administrators moderate posts directly instead of flagging them.");
  if (!isUuid(postId)) throw notFound("That post does not exist.");
  const [post] = await services.db.select().from(forumPosts).where(eq(forumPosts.id, postId));
  if (!post || post.deletedAt) throw notFound("That post does not exist.");
  const { category } = await readableTopic(services.db, readerFor(who), post.topicId);
  if (post.authorMemberId === who.member.id) throw new AppError("BAD_REQUEST", "You cannot flag your own post.");
  const [silence] = await services.db.select().from(forumSilences).where(eq(forumSilences.memberId, who.member.id));
  if (silence && silence.until.getTime() > services.now().getTime()) throw forbidden("An administrator has paused your posting and flagging.");
  void category;
  await hitRateLimit(services.db, FLAGS_PER_HOUR, who.member.id, services.now());
  return services.db.transaction(async (tx) => {
    const [flag] = await tx.insert(forumFlags).values({ postId: post.id, memberId: who.member.id, reason, createdAt: services.now() }).onConflictDoNothing().returning();
    if (!flag) throw new AppError("CONFLICT", "You have already flagged this post.");
    const [open] = await tx.select({ n: count() }).from(forumFlags).where(and(eq(forumFlags.postId, post.id), isNull(forumFlags.reviewedAt)));
    const hide = hiddenByFlags(Number(open?.n ?? 0)) && !post.hiddenAt;
    if (hide) await tx.update(forumPosts).set({ hiddenAt: services.now(), hiddenReason: "flags" }).where(and(eq(forumPosts.id, post.id), isNull(forumPosts.hiddenAt)));
    return { success: true, hidden: hide || post.hiddenAt !== null, message: "Thank you. An administrator will review the post." };
  });
}

/** Watching, normal or muted for a topic or a category. */
export async function setWatch(services: Services, actor: CommunityActor | null, target: "topic" | "category", id: string, level: "watching" | "normal" | "muted") {
  const who = requireActor(actor);
  if (who.kind !== "member") throw forbidden("Watching is for members.");
  const reader = readerFor(who);
  let targetId: string;
  if (target === "topic") targetId = (await readableTopic(services.db, reader, id)).topic.id;
  else {
    const category = await findCategory(services.db, id);
    if (!category) throw notFound("That category does not exist.");
    if (!canReadCategory(category, reader)) throw forbidden("This category is for Standard and Premium members.");
    targetId = category.id;
  }
  await services.db
    .insert(forumWatches)
    .values({ memberId: who.member.id, targetType: target, targetId, level, updatedAt: services.now() })
    .onConflictDoUpdate({ target: [forumWatches.memberId, forumWatches.targetType, forumWatches.targetId], set: { level, updatedAt: services.now() } });
  return { target, id: targetId, level };
}

/** Full-text search over titles and bodies, ranked, with category and author (@handle) filters. */
export async function searchForum(services: Services, actor: CommunityActor | null, query: TSearchQuery) {
  const who = requireActor(actor);
  const reader = readerFor(who);
  const { db } = services;
  const tsquery = sql`websearch_to_tsquery('english', ${query.q})`;
  // The matches come from the narrow search table (deleted posts have no row there).
  const conditions: SQL[] = [sql`${forumPostSearch.search} @@ ${tsquery}`, visibleTopics(reader)];
  if (reader.kind !== "admin") conditions.push(eq(forumPostSearch.hidden, false));
  if (query.category) {
    const category = await findCategory(db, query.category);
    if (!category) throw notFound("That category does not exist.");
    conditions.push(eq(forumTopics.categoryId, category.id));
  }
  if (query.author) {
    const handle = query.author.replace(/^@/, "").toLowerCase();
    conditions.push(sql`${forumPostSearch.authorMemberId} = (select member_id from ${communityProfiles} where handle = ${handle})`);
  }
  const where = and(...conditions);
  // Every match is ranked (ts_rank must see them all to order them), in a materialized step that
  // carries only the id, the date and the rank: the count and the ordering then work on those
  // narrow rows, and the page's 20 posts, titles and snippets are read afterwards.
  const matches = db.$with("matches").as(
    db
      .select({
        postId: sql<string>`${forumPostSearch.postId}`.as("post_id"),
        createdAt: sql<Date>`${forumPostSearch.createdAt}`.as("created_at"),
        rank: sql<number>`ts_rank(${forumPostSearch.search}, ${tsquery})`.as("rank"),
      })
      .from(forumPostSearch)
      .innerJoin(forumTopics, eq(forumTopics.id, forumPostSearch.topicId))
      .where(where),
  );
  const ranked = db
    .with(matches)
    .select({ postId: matches.postId, rank: matches.rank, total: sql<number>`count(*) over ()`.as("total") })
    .from(matches)
    .orderBy(desc(matches.rank), desc(matches.createdAt))
    .limit(FORUM_PAGE_SIZE)
    .offset((query.page - 1) * FORUM_PAGE_SIZE)
    .as("ranked");
  const rows = await db
    .select({
      post: forumPosts,
      topicTitle: forumTopics.title,
      categoryName: forumCategories.name,
      rank: ranked.rank,
      total: ranked.total,
      snippet: sql<string>`ts_headline('english', ${forumPosts.body}, ${tsquery}, 'MaxWords=30, MinWords=10, StartSel=<<, StopSel=>>')`,
    })
    .from(ranked)
    .innerJoin(forumPosts, eq(forumPosts.id, ranked.postId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .orderBy(desc(ranked.rank), desc(forumPosts.createdAt));
  // A page past the last has no rows to carry the count.
  const total = rows.length
    ? Number(rows[0]!.total)
    : query.page === 1
      ? 0
      : Number((await db.select({ n: count() }).from(forumPostSearch).innerJoin(forumTopics, eq(forumTopics.id, forumPostSearch.topicId)).where(where))[0]?.n ?? 0);
  const authors = await authorsOf(db, rows.map((r) => r.post.authorMemberId), rows.map((r) => r.post.authorAdminId));
  return {
    results: rows.map((r) => ({
      post_id: r.post.id,
      post_number: r.post.number,
      topic_id: r.post.topicId,
      topic_title: r.topicTitle,
      category: r.categoryName,
      author: authors(r.post.authorMemberId, r.post.authorAdminId),
      // The snippet is plain text: << and >> mark the matches, the client highlights them.
      snippet: r.snippet,
      rank: Number(r.rank),
      created_at: r.post.createdAt.toISOString(),
    })),
    page: query.page,
    page_size: FORUM_PAGE_SIZE,
    total,
  };
}

export { findCategory, readableTopic };
export type { Category, Post, Topic };
