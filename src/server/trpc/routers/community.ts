import { z } from "zod";
import {
  ZEditPostSchema,
  ZEmailPreferencesSchema,
  ZFlagSchema,
  ZMentionQuerySchema,
  ZModerationSchema,
  ZNewPostSchema,
  ZNewTopicSchema,
  ZSearchQuerySchema,
  ZTopicListQuerySchema,
  ZWatchSchema,
} from "../../../shared/community.ts";
import type { AdminActor } from "../../domain/audit.ts";
import { getEmailPreferences, saveEmailPreferences } from "../../domain/community/email-preferences.ts";
import {
  createPost,
  createTopic,
  deletePost,
  editPost,
  flagPost,
  getTopic,
  listCategories,
  listTopics,
  lookupMentions,
  postRevisions,
  searchForum,
  setWatch,
} from "../../domain/community/forum.ts";
import { listFlaggedPosts, moderateTopic } from "../../domain/community/moderation.ts";
import { listNotifications, markNotificationsRead } from "../../domain/community/notifications.ts";
import type { CommunityActor } from "../../domain/community/people.ts";
import { adminProcedure, memberProcedure, router } from "../trpc.ts";

// The forum, notifications and email preferences over tRPC: the same domain functions as REST.

const id = z.object({ id: z.string().max(100) });
const page = z.number().int().min(1).max(10_000).default(1);
const asMember = (ctx: { member: { member: Extract<CommunityActor, { kind: "member" }>["member"] } }): CommunityActor => ({ kind: "member", member: ctx.member.member });
const asAdmin = (ctx: { admin: { admin: Extract<CommunityActor, { kind: "admin" }>["admin"] } }): CommunityActor => ({ kind: "admin", admin: ctx.admin.admin });

export const memberForumRouter = router({
  categories: memberProcedure.query(({ ctx }) => listCategories(ctx.services, asMember(ctx))),
  topics: memberProcedure.input(ZTopicListQuerySchema).query(({ ctx, input }) => listTopics(ctx.services, asMember(ctx), input)),
  topic: memberProcedure.input(id.extend({ page })).query(({ ctx, input }) => getTopic(ctx.services, asMember(ctx), input.id, input.page)),
  createTopic: memberProcedure.input(ZNewTopicSchema).mutation(({ ctx, input }) => createTopic(ctx.services, asMember(ctx), input)),
  reply: memberProcedure.input(ZNewPostSchema.extend({ topic_id: z.string().max(100) })).mutation(({ ctx, input }) => createPost(ctx.services, asMember(ctx), input.topic_id, input)),
  editPost: memberProcedure.input(ZEditPostSchema.extend({ id: z.string().max(100) })).mutation(({ ctx, input }) => editPost(ctx.services, asMember(ctx), input.id, input)),
  deletePost: memberProcedure.input(id).mutation(({ ctx, input }) => deletePost(ctx.services, asMember(ctx), input.id)),
  revisions: memberProcedure.input(id).query(({ ctx, input }) => postRevisions(ctx.services, asMember(ctx), input.id)),
  flag: memberProcedure.input(ZFlagSchema.extend({ id: z.string().max(100) })).mutation(({ ctx, input }) => flagPost(ctx.services, asMember(ctx), input.id, input.reason)),
  watch: memberProcedure
    .input(ZWatchSchema.extend({ target: z.enum(["topic", "category"]), id: z.string().max(100) }))
    .mutation(({ ctx, input }) => setWatch(ctx.services, asMember(ctx), input.target, input.id, input.level)),
  search: memberProcedure.input(ZSearchQuerySchema).query(({ ctx, input }) => searchForum(ctx.services, asMember(ctx), input)),
  mentions: memberProcedure.input(ZMentionQuerySchema).query(({ ctx, input }) => lookupMentions(ctx.services, asMember(ctx), input)),
});

export const memberNotificationsRouter = router({
  list: memberProcedure
    .input(z.object({ page, unread: z.boolean().optional() }).optional())
    .query(({ ctx, input }) => listNotifications(ctx.services, ctx.member.member, { page: input?.page ?? 1, unreadOnly: input?.unread })),
  markRead: memberProcedure
    .input(z.object({ ids: z.array(z.string().uuid()).max(100).optional() }).optional())
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.services, ctx.member.member, input?.ids)),
});

export const memberEmailPreferencesRouter = router({
  get: memberProcedure.query(({ ctx }) => getEmailPreferences(ctx.services.db, ctx.member.member.id)),
  save: memberProcedure.input(ZEmailPreferencesSchema).mutation(({ ctx, input }) => saveEmailPreferences(ctx.services, ctx.member.member, input)),
});

const actorOf = (ctx: { admin: NonNullable<AdminActor["session"]>; meta: { ip: string | null } }): AdminActor => ({ admin: ctx.admin.admin, ip: ctx.meta.ip, session: ctx.admin });

export const adminForumRouter = router({
  categories: adminProcedure.query(({ ctx }) => listCategories(ctx.services, asAdmin(ctx))),
  topics: adminProcedure.input(ZTopicListQuerySchema).query(({ ctx, input }) => listTopics(ctx.services, asAdmin(ctx), input)),
  topic: adminProcedure.input(id.extend({ page })).query(({ ctx, input }) => getTopic(ctx.services, asAdmin(ctx), input.id, input.page)),
  createTopic: adminProcedure.input(ZNewTopicSchema).mutation(({ ctx, input }) => createTopic(ctx.services, asAdmin(ctx), input)),
  flags: adminProcedure.query(({ ctx }) => listFlaggedPosts(ctx.services)),
  moderate: adminProcedure
    .input(ZModerationSchema.extend({ topic_id: z.string().max(100) }))
    .mutation(({ ctx, input }) => moderateTopic(ctx.services, actorOf(ctx), input.topic_id, input)),
});
