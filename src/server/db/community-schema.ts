import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// The community (COMMUNITY.md, DECISIONS.md 22): forum, legal updates, email preferences,
// webinars and the contractor directory. Times are UTC; ids that reach a browser are UUIDs.
// Tables of other areas are referenced by their SQL names in the migration (foreign keys below
// use the imported tables), so this file only adds tables.

import { portalFiles } from "./portal-schema.ts";
import { adminUsers, members } from "./membership-schema.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true });

/** PostgreSQL's full-text document type; drizzle has no column type of its own for it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A member's name in the community: the @handle others mention them by. Made on first use. */
export const communityProfiles = pgTable("community_profiles", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => members.id),
  handle: text("handle").notNull().unique(),
  createdAt: createdAt(),
});

export const CATEGORY_ACCESS = ["members", "paid"] as const;
export const CATEGORY_POST_ACCESS = ["members", "paid", "admins"] as const;

export const forumCategories = pgTable("forum_categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** Who may read: every member, or active Standard and Premium members. */
  readAccess: text("read_access", { enum: CATEGORY_ACCESS }).notNull().default("members"),
  /** Who may start topics and reply. */
  postAccess: text("post_access", { enum: CATEGORY_POST_ACCESS }).notNull().default("members"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const PIN_SCOPES = ["none", "category", "global"] as const;

export const forumTopics = pgTable(
  "forum_topics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => forumCategories.id),
    title: text("title").notNull(),
    authorMemberId: uuid("author_member_id").references(() => members.id),
    authorAdminId: uuid("author_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    pinned: text("pinned", { enum: PIN_SCOPES }).notNull().default("none"),
    locked: boolean("locked").notNull().default(false),
    /** Hidden by a moderator: only admins see it. */
    hiddenAt: tz("hidden_at"),
    deletedAt: tz("deleted_at"),
    /** Visible posts (replies and the first post), kept by the code that adds and removes them. */
    postCount: integer("post_count").notNull().default(0),
    lastPostNumber: integer("last_post_number").notNull().default(0),
    lastPostAt: tz("last_post_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The topic lists in their order (pinned first, then latest activity), everywhere and in one
    // category, so a page is read from the index in order and the scan stops after it.
    index("forum_topics_list_idx")
      // "desc" as the queries write it (nulls first): drizzle's .desc() adds NULLS LAST, which would not match.
      .on(sql`(case ${t.pinned} when 'global' then 0 else 1 end)`, sql`${t.lastPostAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.deletedAt} is null`),
    index("forum_topics_category_list_idx")
      .on(t.categoryId, sql`(case ${t.pinned} when 'global' then 0 when 'category' then 1 else 2 end)`, sql`${t.lastPostAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const HIDDEN_REASONS = ["flags", "moderator"] as const;

export const forumPosts = pgTable(
  "forum_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => forumTopics.id),
    /** 1 for the topic's first post, then in order. */
    number: integer("number").notNull(),
    authorMemberId: uuid("author_member_id").references(() => members.id),
    authorAdminId: uuid("author_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    replyToPostId: uuid("reply_to_post_id"),
    /** Markdown as written. */
    body: text("body").notNull(),
    /** The rendering, sanitised against the allowlist. */
    html: text("html").notNull(),
    /**
     * The one full-text column: the topic's title (weight A, first posts only) and the body
     * (weight B), written with the post and its edits.
     */
    search: tsvector("search").notNull(),
    hiddenAt: tz("hidden_at"),
    hiddenReason: text("hidden_reason", { enum: HIDDEN_REASONS }),
    deletedAt: tz("deleted_at"),
    editedAt: tz("edited_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("forum_posts_topic_number_key").on(t.topicId, t.number),
    index("forum_posts_author_idx").on(t.authorMemberId, t.createdAt),
  ],
);

/**
 * What search reads: one narrow row per post that is not deleted (its full-text column and what
 * the filters need), kept by a trigger on `forum_posts` (migration 0008). Search visits the rows of
 * every match to rank them, and these rows are a third of a post's size, so it reads a third of
 * the pages (decision 0056; the figures are in docs/benchmarks.md).
 */
export const forumPostSearch = pgTable(
  "forum_post_search",
  {
    postId: uuid("post_id")
      .primaryKey()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id").notNull(),
    authorMemberId: uuid("author_member_id"),
    hidden: boolean("hidden").notNull(),
    createdAt: tz("created_at").notNull(),
    search: tsvector("search").notNull(),
  },
  (t) => [index("forum_post_search_idx").using("gin", t.search), index("forum_post_search_topic_idx").on(t.topicId)],
);

/** Earlier versions of a post, kept for edits made more than 5 minutes after posting. */
export const forumPostRevisions = pgTable(
  "forum_post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => forumPosts.id),
    body: text("body").notNull(),
    html: text("html").notNull(),
    title: text("title"),
    /** When this version was written (the post's creation or an earlier edit). */
    writtenAt: tz("written_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("forum_post_revisions_post_idx").on(t.postId, t.createdAt)],
);

export const forumFlags = pgTable(
  "forum_flags",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => forumPosts.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    reason: text("reason").notNull(),
    /** Set when an admin reviewed the flag. */
    reviewedAt: tz("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.memberId] })],
);

export const WATCH_TARGETS = ["topic", "category"] as const;
export const WATCH_LEVELS = ["watching", "normal", "muted"] as const;

export const forumWatches = pgTable(
  "forum_watches",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    targetType: text("target_type", { enum: WATCH_TARGETS }).notNull(),
    targetId: uuid("target_id").notNull(),
    level: text("level", { enum: WATCH_LEVELS }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.targetType, t.targetId] }), index("forum_watches_target_idx").on(t.targetType, t.targetId)],
);

/** When a member last opened a topic: unread counts and the email rules start from it. */
export const forumTopicVisits = pgTable(
  "forum_topic_visits",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => forumTopics.id),
    visitedAt: tz("visited_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.topicId] })],
);

/** Admin silences: the member may read but not post or flag until `until`. */
export const forumSilences = pgTable("forum_silences", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => members.id),
  until: tz("until").notNull(),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});

export const NOTIFICATION_KINDS = ["mention", "reply", "quote", "watching"] as const;
export const NOTIFICATION_EMAIL_STATES = ["none", "pending", "sent", "skipped"] as const;

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    topicId: uuid("topic_id").references(() => forumTopics.id),
    postId: uuid("post_id").references(() => forumPosts.id),
    actorName: text("actor_name").notNull(),
    title: text("title").notNull(),
    readAt: tz("read_at"),
    /** "pending" waits until email_due_at (10 minutes) and goes out only if still unread then. */
    emailState: text("email_state", { enum: NOTIFICATION_EMAIL_STATES }).notNull().default("none"),
    emailDueAt: tz("email_due_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One notification per member and post, whatever the reasons to notify.
    uniqueIndex("notifications_member_post_key").on(t.memberId, t.postId),
    index("notifications_member_idx").on(t.memberId, t.createdAt.desc()),
    index("notifications_email_due_idx").on(t.emailDueAt).where(sql`${t.emailState} = 'pending'`),
  ],
);

/** Which newsletters a member receives. A member without a row has the defaults. */
export const emailPreferences = pgTable("email_preferences", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => members.id),
  legalUpdates: boolean("legal_updates").notNull().default(true),
  webinars: boolean("webinars").notNull().default(true),
  forumDigest: boolean("forum_digest").notNull().default(false),
  forumNotifications: boolean("forum_notifications").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Keys that make scheduled and bulk work happen once (DECISIONS.md 25): a job inserts its key in
 * the transaction of its effect; a second process or a second run finds it there and does nothing.
 */
export const communityJobKeys = pgTable("community_job_keys", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

/** Secrets the server makes for itself on first start (the unsubscribe links' signing key). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export const UPDATE_VISIBILITIES = ["public", "members", "paid"] as const;
export const UPDATE_STATUSES = ["draft", "scheduled", "published"] as const;

export const legalUpdates = pgTable(
  "legal_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    body: text("body").notNull(),
    html: text("html").notNull(),
    visibility: text("visibility", { enum: UPDATE_VISIBILITIES }).notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: UPDATE_STATUSES }).notNull(),
    publishAt: tz("publish_at"),
    publishedAt: tz("published_at"),
    /** Send the post to subscribers when it is published (once: see community_job_keys). */
    sendEmail: boolean("send_email").notNull().default(false),
    emailedAt: tz("emailed_at"),
    authorAdminId: uuid("author_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("legal_updates_published_idx").on(t.publishedAt.desc()).where(sql`${t.status} = 'published'`),
    index("legal_updates_due_idx").on(t.publishAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

export const WEBINAR_AUDIENCES = ["members", "paid"] as const;

export const webinars = pgTable(
  "webinars",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: tz("starts_at").notNull(),
    endsAt: tz("ends_at").notNull(),
    capacity: integer("capacity").notNull(),
    audience: text("audience", { enum: WEBINAR_AUDIENCES }).notNull().default("members"),
    joinUrl: text("join_url").notNull().default(""),
    recordingUrl: text("recording_url"),
    /** RFC 5545 SEQUENCE: grows with every change attendees must hear about. */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: tz("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webinars_starts_idx").on(t.startsAt)],
);

export const REGISTRATION_STATUSES = ["registered", "waitlisted", "cancelled", "attended"] as const;

export const webinarRegistrations = pgTable(
  "webinar_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webinarId: uuid("webinar_id")
      .notNull()
      .references(() => webinars.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull(),
    /** Order on the waitlist: the time the member (re)joined it. */
    waitlistedAt: tz("waitlisted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("webinar_registrations_member_key").on(t.webinarId, t.memberId),
    index("webinar_registrations_status_idx").on(t.webinarId, t.status),
  ],
);

export const CONTRACTOR_STATUSES = ["applied", "verifying", "approved", "rejected", "suspended"] as const;
export const CREDENTIAL_KINDS = ["license", "insurance", "bond", "registration"] as const;

export const contractors = pgTable(
  "contractors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .unique()
      .references(() => members.id),
    businessName: text("business_name").notNull(),
    description: text("description").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    trades: text("trades").array().notNull().default(sql`'{}'::text[]`),
    counties: text("counties").array().notNull().default(sql`'{}'::text[]`),
    zips: text("zips").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: CONTRACTOR_STATUSES }).notNull().default("applied"),
    /** The admin's last verification note. */
    verificationNote: text("verification_note").notNull().default(""),
    verifiedAt: tz("verified_at"),
    /** Set when a credential expired: the badge is off until it is renewed and checked again. */
    badgeLapsedAt: tz("badge_lapsed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("contractors_status_idx").on(t.status)],
);

export const contractorCredentials = pgTable(
  "contractor_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CREDENTIAL_KINDS }).notNull(),
    issuer: text("issuer").notNull(),
    number: text("number").notNull(),
    expiresOn: date("expires_on", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("contractor_credentials_contractor_idx").on(t.contractorId)],
);

/** Documents a contractor uploads for verification (licence and insurance certificates); seen by them and staff only. */
export const contractorDocuments = pgTable(
  "contractor_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => portalFiles.id),
    title: text("title").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contractor_documents_contractor_idx").on(t.contractorId)],
);

export const contractorReviews = pgTable(
  "contractor_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    reply: text("reply"),
    repliedAt: tz("replied_at"),
    hiddenAt: tz("hidden_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("contractor_reviews_member_key").on(t.contractorId, t.memberId)],
);
