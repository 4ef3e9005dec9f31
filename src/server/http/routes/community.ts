import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  ZEditPostSchema,
  ZEmailPreferencesSchema,
  ZFlagSchema,
  ZMentionQuerySchema,
  ZModerationSchema,
  ZNewPostSchema,
  ZNewTopicSchema,
  ZNotificationsQuerySchema,
  ZSearchQuerySchema,
  ZTopicListQuerySchema,
  ZTopicPageQuerySchema,
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
import { communityActor } from "../../domain/community/people.ts";
import { requireAdmin, requireMember, type AppEnv } from "../auth.ts";
import { unauthorized } from "../../errors.ts";
import { readJson, readQuery } from "../validate.ts";

// COMMUNITY.md 5: the forum under /api/community, notifications and email preferences. Members
// (Basic included) and admins read and write; anonymous callers get 401.

export const ZNotificationIdsSchema = z.object({ ids: z.array(z.string().uuid()).max(100).optional() });
const actor = (c: Context<AppEnv>) => communityActor(c.var.auth);
const adminActor = (c: Context<AppEnv>): AdminActor => ({ admin: requireAdmin(c).admin, ip: c.var.meta.ip, session: c.var.auth.admin! });

export const communityRoutes = new Hono<AppEnv>()
  // Who is asking comes before what they ask: no session is 401 whatever the input.
  .use("*", async (c, next) => {
    if (!actor(c)) throw unauthorized("Please sign in to use the community.");
    await next();
  })
  .get("/categories", async (c) => c.json(await listCategories(c.var.services, actor(c))))
  .put("/categories/:id/watch", async (c) => {
    const { level } = await readJson(c, ZWatchSchema);
    return c.json(await setWatch(c.var.services, actor(c), "category", c.req.param("id"), level));
  })
  .get("/topics", async (c) => c.json(await listTopics(c.var.services, actor(c), readQuery(c, ZTopicListQuerySchema))))
  .post("/topics", async (c) => {
    const input = await readJson(c, ZNewTopicSchema);
    return c.json(await createTopic(c.var.services, actor(c), input), 201);
  })
  .get("/topics/:id", async (c) => {
    const { page } = readQuery(c, ZTopicPageQuerySchema);
    return c.json(await getTopic(c.var.services, actor(c), c.req.param("id"), page));
  })
  .post("/topics/:id/posts", async (c) => {
    const input = await readJson(c, ZNewPostSchema);
    return c.json(await createPost(c.var.services, actor(c), c.req.param("id"), input), 201);
  })
  .put("/topics/:id/watch", async (c) => {
    const { level } = await readJson(c, ZWatchSchema);
    return c.json(await setWatch(c.var.services, actor(c), "topic", c.req.param("id"), level));
  })
  .patch("/posts/:id", async (c) => {
    const input = await readJson(c, ZEditPostSchema);
    return c.json(await editPost(c.var.services, actor(c), c.req.param("id"), input));
  })
  .delete("/posts/:id", async (c) => c.json(await deletePost(c.var.services, actor(c), c.req.param("id"))))
  .get("/posts/:id/revisions", async (c) => c.json(await postRevisions(c.var.services, actor(c), c.req.param("id"))))
  .post("/posts/:id/flags", async (c) => {
    const { reason } = await readJson(c, ZFlagSchema);
    return c.json(await flagPost(c.var.services, actor(c), c.req.param("id"), reason), 201);
  })
  .get("/search", async (c) => c.json(await searchForum(c.var.services, actor(c), readQuery(c, ZSearchQuerySchema))))
  .get("/mentions", async (c) => c.json(await lookupMentions(c.var.services, actor(c), readQuery(c, ZMentionQuerySchema))));

export const notificationRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireMember(c);
    await next();
  })
  .get("/", async (c) => {
    const { member } = requireMember(c);
    const query = readQuery(c, ZNotificationsQuerySchema);
    return c.json(await listNotifications(c.var.services, member, { page: query.page, unreadOnly: query.unread === "true" }));
  })
  .post("/read", async (c) => {
    const { member } = requireMember(c);
    const { ids } = await readJson(c, ZNotificationIdsSchema, { emptyIsObject: true });
    return c.json(await markNotificationsRead(c.var.services, member, ids));
  });

export const emailPreferenceRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireMember(c);
    await next();
  })
  .get("/", async (c) => c.json(await getEmailPreferences(c.var.services.db, requireMember(c).member.id)))
  .put("/", async (c) => {
    const { member } = requireMember(c);
    const input = await readJson(c, ZEmailPreferencesSchema);
    return c.json(await saveEmailPreferences(c.var.services, member, input));
  });

export const adminCommunityRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .get("/flags", async (c) => {
    requireAdmin(c);
    return c.json(await listFlaggedPosts(c.var.services));
  })
  .post("/topics/:id/moderation", async (c) => {
    const who = adminActor(c);
    const input = await readJson(c, ZModerationSchema);
    return c.json(await moderateTopic(c.var.services, who, c.req.param("id"), input));
  });
