import { and, count, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import { FORUM_PAGE_SIZE, type TUpdate, type TUpdatePatch } from "../../../shared/community.ts";
import type { DbOrTx } from "../../db/client.ts";
import { legalUpdates } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { renderEmail } from "../../mail/templates.ts";
import type { Services } from "../../services.ts";
import { isUuid } from "../admin/queries.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { accessPrompt, mayRead, type Reader } from "./access.ts";
import { claimJobKey, queueNewsletter, subscribers } from "./bulk-mail.ts";
import { markdownText, plainText, renderMarkdown } from "./markdown.ts";
import { slugCandidate, slugify } from "./slug.ts";

// Legal updates (COMMUNITY.md 2): posts by admins, public, for members or for paid members;
// drafts, scheduled publishing and a "send as email" that goes out once per post.

type Update = typeof legalUpdates.$inferSelect;

const excerptOf = (u: Pick<Update, "excerpt" | "body">) => u.excerpt || plainText(u.body, 280);

/** What a reader sees of a post: everything, or (members-only posts) the excerpt and a prompt. */
export function describeUpdate(u: Update, reader: Reader) {
  const readable = mayRead(u.visibility, reader);
  return {
    id: u.id,
    slug: u.slug,
    title: u.title,
    excerpt: excerptOf(u),
    tags: u.tags,
    visibility: u.visibility,
    published_at: u.publishedAt?.toISOString() ?? null,
    readable,
    access_prompt: accessPrompt(u.visibility, reader),
    body: readable ? u.body : null,
    html: readable ? u.html : null,
  };
}

export function describeUpdateForAdmin(u: Update) {
  return {
    ...describeUpdate(u, { kind: "admin" }),
    status: u.status,
    publish_at: u.publishAt?.toISOString() ?? null,
    send_email: u.sendEmail,
    emailed_at: u.emailedAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}

const published = sql`${legalUpdates.status} = 'published'`;

export async function listUpdates(services: Services, reader: Reader, query: { tag?: string; page: number }) {
  const where = and(published, query.tag ? sql`${query.tag} = any(${legalUpdates.tags})` : undefined);
  const [rows, [total]] = await Promise.all([
    services.db
      .select()
      .from(legalUpdates)
      .where(where)
      .orderBy(desc(legalUpdates.publishedAt), desc(legalUpdates.id))
      .limit(FORUM_PAGE_SIZE)
      .offset((query.page - 1) * FORUM_PAGE_SIZE),
    services.db.select({ n: count() }).from(legalUpdates).where(where),
  ]);
  return { updates: rows.map((u) => describeUpdate(u, reader)), page: query.page, page_size: FORUM_PAGE_SIZE, total: Number(total?.n ?? 0) };
}

/** One published post by slug (admins also see drafts and scheduled ones). */
export async function getUpdate(services: Services, reader: Reader, slug: string) {
  const [row] = await services.db.select().from(legalUpdates).where(eq(legalUpdates.slug, slug.toLowerCase().slice(0, 100))).limit(1);
  if (!row || (row.status !== "published" && reader.kind !== "admin")) throw notFound("That update does not exist.");
  return reader.kind === "admin" ? describeUpdateForAdmin(row) : describeUpdate(row, reader);
}

/** Published public posts, newest first: the RSS feed and the server-rendered pages. */
export async function publicUpdates(db: DbOrTx, limit = 50) {
  return db.select().from(legalUpdates).where(and(published, eq(legalUpdates.visibility, "public"))).orderBy(desc(legalUpdates.publishedAt)).limit(limit);
}

export async function adminListUpdates(services: Services) {
  const rows = await services.db.select().from(legalUpdates).orderBy(desc(legalUpdates.updatedAt)).limit(200);
  return rows.map(describeUpdateForAdmin);
}

/** A free slug: the given one must be free (409); one made from the title gets -2, -3 ... */
async function freeSlug(db: DbOrTx, wanted: string | undefined, title: string, exceptId?: string): Promise<string> {
  const taken = async (slug: string) => {
    const [row] = await db.select({ id: legalUpdates.id }).from(legalUpdates).where(eq(legalUpdates.slug, slug));
    return row !== undefined && row.id !== exceptId;
  };
  if (wanted) {
    if (await taken(wanted)) throw new AppError("CONFLICT", `Another update already uses the slug "${wanted}".`);
    return wanted;
  }
  const base = slugify(title);
  for (let attempt = 1; ; attempt++) {
    const candidate = slugCandidate(base, attempt);
    if (!(await taken(candidate))) return candidate;
  }
}

function publishFields(status: TUpdate["status"], publishAt: Date | null, now: Date, current?: Update) {
  if (status === "published") return { status, publishedAt: current?.publishedAt ?? now, publishAt: current?.publishAt ?? null };
  if (status === "scheduled") return { status, publishAt, publishedAt: null };
  return { status, publishedAt: null, publishAt };
}

export async function createUpdate(services: Services, actor: AdminActor, input: TUpdate) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const slug = await freeSlug(tx, input.slug, input.title);
    const [row] = await tx
      .insert(legalUpdates)
      .values({
        slug,
        title: input.title,
        excerpt: input.excerpt,
        body: input.body,
        html: renderMarkdown(input.body),
        visibility: input.visibility,
        tags: input.tags,
        ...publishFields(input.status, input.publish_at ? new Date(input.publish_at) : null, now),
        sendEmail: input.send_email,
        authorAdminId: actor.admin.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAdminAction(tx, actor, { action: "update_created", targetType: "update", targetId: row!.id, details: { status: row!.status, visibility: row!.visibility } }, now);
    const emailed = row!.status === "published" && row!.sendEmail ? await emailUpdate(tx, services, row!) : 0;
    return { ...describeUpdateForAdmin(row!), emailed_to: emailed };
  });
}

export async function changeUpdate(services: Services, actor: AdminActor, id: string, patch: TUpdatePatch) {
  if (!isUuid(id)) throw notFound("That update does not exist.");
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(legalUpdates).where(eq(legalUpdates.id, id)).for("update");
    if (!current) throw notFound("That update does not exist.");
    const title = patch.title ?? current.title;
    const status = patch.status ?? current.status;
    const publishAt = patch.publish_at !== undefined ? (patch.publish_at ? new Date(patch.publish_at) : null) : current.publishAt;
    if (status === "scheduled" && !publishAt) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "publish_at"], msg: "A scheduled update needs publish_at", type: "missing" }]);
    }
    const slug = patch.slug && patch.slug !== current.slug ? await freeSlug(tx, patch.slug, title, current.id) : current.slug;
    const body = patch.body ?? current.body;
    const [row] = await tx
      .update(legalUpdates)
      .set({
        slug,
        title,
        excerpt: patch.excerpt ?? current.excerpt,
        body,
        html: patch.body !== undefined ? renderMarkdown(body) : current.html,
        visibility: patch.visibility ?? current.visibility,
        tags: patch.tags ?? current.tags,
        ...publishFields(status, publishAt, now, current.status === "published" ? current : undefined),
        sendEmail: patch.send_email ?? current.sendEmail,
        updatedAt: now,
      })
      .where(eq(legalUpdates.id, id))
      .returning();
    const becamePublished = current.status !== "published" && row!.status === "published";
    await recordAdminAction(tx, actor, { action: becamePublished ? "update_published" : "update_changed", targetType: "update", targetId: id, details: { status: row!.status, changed: Object.keys(patch) } }, now);
    const emailed = row!.status === "published" && row!.sendEmail ? await emailUpdate(tx, services, row!) : 0;
    return { ...describeUpdateForAdmin(row!), emailed_to: emailed };
  });
}

/**
 * Sends a published post to the members allowed to read it who subscribe to Legal updates, once
 * per post whatever happens later (key update-email:<id>); the count, or 0 when already sent.
 */
export async function emailUpdate(tx: DbOrTx, services: Services, update: Update): Promise<number> {
  if (!(await claimJobKey(tx, `update-email:${update.id}`))) return 0;
  const recipients = await subscribers(tx, "legal_updates", { paidOnly: update.visibility === "paid" });
  const url = `${services.config.PUBLIC_URL}/updates/${update.slug}`;
  const sent = await queueNewsletter(
    tx,
    services,
    "legal_updates",
    recipients.map((r) => r.member),
    (member, footer) =>
      renderEmail(services.config, "legal_update", `Legal update: ${update.title}`, {
        heading: update.title,
        // The body as written: its headings, lists and paragraphs in both parts (the HTML is the post's sanitised HTML).
        paragraphs: [`Hello ${member.firstName},`, ...(update.excerpt ? [update.excerpt] : [])],
        body: { html: update.html, text: markdownText(update.body) },
        closing: [footer.line],
        action: { label: "Read the update", url },
      }),
  );
  await tx.update(legalUpdates).set({ emailedAt: services.now() }).where(eq(legalUpdates.id, update.id));
  return sent;
}

/**
 * Publishes scheduled posts whose time has come. The status change is the claim: a post that
 * another process published meanwhile is no longer "scheduled" and is skipped.
 */
export async function publishDueUpdates(services: Services): Promise<number> {
  const now = services.now();
  let published = 0;
  const due = await services.db
    .select({ id: legalUpdates.id })
    .from(legalUpdates)
    .where(and(eq(legalUpdates.status, "scheduled"), lte(legalUpdates.publishAt, now)) as SQL)
    .limit(50);
  for (const { id } of due) {
    await services.db.transaction(async (tx) => {
      const [row] = await tx
        .update(legalUpdates)
        .set({ status: "published", publishedAt: sql`${legalUpdates.publishAt}`, updatedAt: now })
        .where(and(eq(legalUpdates.id, id), eq(legalUpdates.status, "scheduled")))
        .returning();
      if (!row) return;
      published += 1;
      if (row.sendEmail) await emailUpdate(tx, services, row);
    });
  }
  return published;
}
