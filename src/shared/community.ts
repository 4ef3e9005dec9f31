import { z } from "zod";
import { SPECIALTY_SKILLS } from "./membership.ts";

// The community's request schemas (COMMUNITY.md 5), shared by the server and the web forms.

export const FORUM_PAGE_SIZE = 20;
export const MAX_TITLE = 150;
export const MAX_BODY = 20_000;

const uuid = (what: string) => z.string().uuid(`${what} is not a valid id`);
const page = z.coerce.number().int("Page must be a whole number").min(1, "Page starts at 1").max(10_000).default(1);
const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const ZTopicListQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
  q: trimmed(200, "The search").optional(),
  page,
});
export type TTopicListQuery = z.output<typeof ZTopicListQuerySchema>;

export const ZNewTopicSchema = z.object({
  category_id: uuid("The category"),
  title: trimmed(MAX_TITLE, "The title").min(5, "The title needs at least 5 characters"),
  body: trimmed(MAX_BODY, "The post").min(2, "Write something to post"),
});
export type TNewTopic = z.output<typeof ZNewTopicSchema>;

export const ZTopicPageQuerySchema = z.object({ page });

export const ZNewPostSchema = z.object({
  body: trimmed(MAX_BODY, "The post").min(2, "Write something to post"),
  reply_to: uuid("The post replied to").nullish(),
});
export type TNewPost = z.output<typeof ZNewPostSchema>;

export const ZEditPostSchema = z.object({
  body: trimmed(MAX_BODY, "The post").min(2, "Write something to post"),
  title: trimmed(MAX_TITLE, "The title").min(5, "The title needs at least 5 characters").optional(),
});
export type TEditPost = z.output<typeof ZEditPostSchema>;

export const ZFlagSchema = z.object({ reason: trimmed(500, "The reason").min(3, "Say briefly what is wrong with the post") });

export const WATCH_LEVEL_OPTIONS = ["watching", "normal", "muted"] as const;
export const ZWatchSchema = z.object({ level: z.enum(WATCH_LEVEL_OPTIONS, "Choose watching, normal or muted") });

export const ZSearchQuerySchema = z.object({
  q: trimmed(200, "The search").min(2, "Search for at least 2 characters"),
  category: z.string().trim().max(100).optional(),
  author: z.string().trim().max(40).optional(),
  page,
});
export type TSearchQuery = z.output<typeof ZSearchQuerySchema>;

/** Looking up members to @mention while a post is typed: the start of a handle or a name. */
export const MENTION_LOOKUP_LIMIT = 8;
export const ZMentionQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .transform((q) => q.replace(/^@/, ""))
    .pipe(z.string().min(1, "Type at least one letter after @").max(30, "A handle has at most 30 characters")),
  /** Where the post goes: a topic replied to, or the category of a new topic. */
  topic_id: uuid("The topic").optional(),
  category_id: z.string().trim().max(100).optional(),
});
export type TMentionQuery = z.output<typeof ZMentionQuerySchema>;

export const MODERATION_ACTIONS = [
  "pin", "pin_globally", "unpin", "lock", "unlock", "hide", "unhide", "move", "delete", "restore", "silence", "unsilence", "review_flags",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const ZModerationSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, "Choose a moderation action"),
  reason: trimmed(500, "The reason").min(3, "Give a reason for the record"),
  /** move: the category to move to. */
  category_id: uuid("The category").optional(),
  /** hide/unhide/delete/restore/review_flags of one post rather than the whole topic; silence: that post's author. */
  post_id: uuid("The post").optional(),
  /** silence: how many days (default 7). */
  days: z.number().int().min(1).max(365).optional(),
});
export type TModeration = z.output<typeof ZModerationSchema>;

export const ZNotificationsQuerySchema = z.object({ page, unread: z.enum(["true", "false"]).optional() });

export const ZEmailPreferencesSchema = z.object({
  legal_updates: z.boolean(),
  webinars: z.boolean(),
  forum_digest: z.boolean(),
  forum_notifications: z.boolean(),
});
export type TEmailPreferences = z.output<typeof ZEmailPreferencesSchema>;

// ---- Legal updates --------------------------------------------------------------------------
export const UPDATE_VISIBILITY_OPTIONS = ["public", "members", "paid"] as const;
export const UPDATE_STATUS_OPTIONS = ["draft", "scheduled", "published"] as const;
export const SUGGESTED_UPDATE_TAGS = ["Chicago RLTO", "Cook County", "Evictions", "Taxes", "Security deposits", "Fair housing"] as const;

const isoTime = z.iso.datetime({ offset: true, message: "Give a time in ISO 8601 form, e.g. 2026-12-01T15:00:00Z" });

const updateFields = {
  title: trimmed(200, "The title").min(3, "The title needs at least 3 characters"),
  slug: z
    .string()
    .trim()
    .max(80, "The slug must be at most 80 characters")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single dashes")
    .optional(),
  excerpt: trimmed(600, "The excerpt").default(""),
  body: trimmed(100_000, "The body").min(1, "Write the update"),
  visibility: z.enum(UPDATE_VISIBILITY_OPTIONS, "Choose public, members or paid"),
  tags: z.array(trimmed(40, "A tag").min(1)).max(10, "At most 10 tags").default([]),
  status: z.enum(UPDATE_STATUS_OPTIONS, "Choose draft, scheduled or published"),
  publish_at: isoTime.nullish(),
  send_email: z.boolean().default(false),
};

export const ZUpdateSchema = z.object(updateFields).refine((u) => u.status !== "scheduled" || !!u.publish_at, {
  message: "A scheduled update needs publish_at",
  path: ["publish_at"],
});
export type TUpdate = z.output<typeof ZUpdateSchema>;

export const ZUpdatePatchSchema = z.object({
  title: updateFields.title.optional(),
  slug: updateFields.slug,
  excerpt: trimmed(600, "The excerpt").optional(),
  body: updateFields.body.optional(),
  visibility: updateFields.visibility.optional(),
  tags: z.array(trimmed(40, "A tag").min(1)).max(10).optional(),
  status: updateFields.status.optional(),
  publish_at: isoTime.nullish(),
  send_email: z.boolean().optional(),
});
export type TUpdatePatch = z.output<typeof ZUpdatePatchSchema>;

export const ZUpdateListQuerySchema = z.object({ tag: z.string().trim().max(40).optional(), page });

// ---- Webinars -------------------------------------------------------------------------------
export const WEBINAR_AUDIENCE_OPTIONS = ["members", "paid"] as const;
const optionalUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "Give an http(s) address" })]);

const webinarFields = {
  title: trimmed(200, "The title").min(3, "The title needs at least 3 characters"),
  description: trimmed(10_000, "The description").default(""),
  starts_at: isoTime,
  ends_at: isoTime,
  capacity: z.number().int("Capacity is a whole number").min(1, "At least 1 seat").max(10_000),
  audience: z.enum(WEBINAR_AUDIENCE_OPTIONS, "Choose members or paid").default("members"),
  join_url: optionalUrl.default(""),
  recording_url: optionalUrl.nullish(),
  /** Email the new webinar to members who subscribe to the Webinars newsletter (once). */
  announce: z.boolean().default(false),
};
const endsAfterStart = (w: { starts_at?: string; ends_at?: string }) => !w.starts_at || !w.ends_at || Date.parse(w.ends_at) > Date.parse(w.starts_at);

export const ZWebinarSchema = z.object(webinarFields).refine(endsAfterStart, { message: "The end must be after the start", path: ["ends_at"] });
export type TWebinar = z.output<typeof ZWebinarSchema>;

export const ZWebinarPatchSchema = z
  .object({
    title: webinarFields.title.optional(),
    description: trimmed(10_000, "The description").optional(),
    starts_at: isoTime.optional(),
    ends_at: isoTime.optional(),
    capacity: webinarFields.capacity.optional(),
    audience: z.enum(WEBINAR_AUDIENCE_OPTIONS).optional(),
    join_url: optionalUrl.optional(),
    recording_url: optionalUrl.nullish(),
    cancelled: z.boolean().optional(),
  })
  .refine(endsAfterStart, { message: "The end must be after the start", path: ["ends_at"] });
export type TWebinarPatch = z.output<typeof ZWebinarPatchSchema>;

export const ZAttendanceSchema = z.object({ member_ids: z.array(z.string().uuid("A member id")).max(10_000) });

// ---- Contractors ----------------------------------------------------------------------------
export const CONTRACTOR_STATUS_OPTIONS = ["applied", "verifying", "approved", "rejected", "suspended"] as const;
export const CREDENTIAL_KIND_OPTIONS = ["license", "insurance", "bond", "registration"] as const;

/** Illinois counties where most members own rentals; the directory accepts any Illinois county name. */
export const ILLINOIS_COUNTIES = [
  "Cook", "DuPage", "Lake", "Will", "Kane", "McHenry", "Winnebago", "Madison", "St. Clair", "Champaign",
  "Sangamon", "Peoria", "McLean", "Rock Island", "Kendall", "Tazewell", "Kankakee", "DeKalb", "Macon", "LaSalle",
] as const;

const dateOnly = z.iso.date("Give a date as YYYY-MM-DD");

export const ZCredentialSchema = z.object({
  kind: z.enum(CREDENTIAL_KIND_OPTIONS, "Choose license, insurance, bond or registration"),
  issuer: trimmed(200, "The issuer").min(2, "Name who issued it"),
  number: trimmed(100, "The number").min(1, "Give the number"),
  expires_on: dateOnly.nullish(),
});

export const ZContractorProfileSchema = z.object({
  business_name: trimmed(200, "The business name").min(2, "Give the business name"),
  description: trimmed(2000, "The description").default(""),
  trades: z.array(z.enum(SPECIALTY_SKILLS, "Choose trades from the list")).min(1, "Choose at least one trade").max(12),
  counties: z.array(trimmed(40, "A county").min(2)).max(102, "At most 102 counties").default([]),
  zips: z.array(z.string().trim().regex(/^6\d{4}$/, "Illinois ZIP codes have 5 digits and start with 6")).max(200).default([]),
  phone: z.string().trim().max(30).refine((p) => p === "" || p.replace(/\D/g, "").length >= 10, "A 10-digit phone number").default(""),
  email: z.union([z.literal(""), z.email("Give an email address")]).default(""),
  credentials: z.array(ZCredentialSchema).max(20).default([]),
});
export type TContractorProfile = z.output<typeof ZContractorProfileSchema>;

export const ZContractorSearchSchema = z.object({
  trade: z.enum(SPECIALTY_SKILLS, "Choose one of the twelve trades").optional(),
  county: z.string().trim().max(40).optional(),
  zip: z.string().trim().regex(/^\d{5}$/, "A 5-digit ZIP code").optional(),
  q: trimmed(100, "The search").optional(),
  page,
});
export type TContractorSearch = z.output<typeof ZContractorSearchSchema>;

export const ZReviewSchema = z.object({
  rating: z.number().int().min(1, "Rate from 1 to 5").max(5, "Rate from 1 to 5"),
  body: trimmed(4000, "The review").min(10, "Write at least a sentence"),
});
export const ZReviewReplySchema = z.object({ reply: trimmed(2000, "The reply").min(2, "Write a reply") });

export const ZVerificationSchema = z.object({
  status: z.enum(CONTRACTOR_STATUS_OPTIONS, "Choose a verification status"),
  note: trimmed(2000, "The note").default(""),
});

export const ZReviewModerationSchema = z.object({ hidden: z.boolean(), reason: trimmed(500, "The reason").min(3, "Give a reason for the record") });
export const ZDirectoryStatusQuerySchema = z.object({ status: z.enum(CONTRACTOR_STATUS_OPTIONS).optional() });

export const ZContractorIntroductionSchema = z.object({
  message: trimmed(2000, "The message").min(10, "Write a few words about the job"),
  /** The job is over $1,000: the answer reminds both sides of the Home Repair and Remodeling Act. */
  estimated_over_1000: z.boolean().default(false),
});

/** COMMUNITY.md 4's licence notes for admins checking a contractor. */
export const ILLINOIS_LICENSE_NOTES: { trade: string; note: string }[] = [
  { trade: "Roofing", note: "State licence from IDFPR under the Illinois Roofing Industry Licensing Act (225 ILCS 335)." },
  { trade: "Plumbing", note: "State licence from IDPH under the Illinois Plumbing License Law (225 ILCS 320)." },
  { trade: "Electrical", note: "Licensed by municipalities (e.g. the City of Chicago's electrical contractor licence), not by the state." },
  { trade: "General Contractor", note: "Licensed or registered by municipalities (e.g. Chicago's general contractor licence), not by the state." },
];

/** The Home Repair and Remodeling Act note shown on every job request (815 ILCS 513). */
export const HOME_REPAIR_ACT_NOTE =
  "Illinois' Home Repair and Remodeling Act (815 ILCS 513): a job over $1,000 needs a written contract, and the contractor must give you the consumer rights pamphlet \"Home Repair: Know Your Consumer Rights\" before the contract is signed.";
