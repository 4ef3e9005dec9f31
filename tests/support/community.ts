import { eq } from "drizzle-orm";
import { communityProfiles, forumCategories, members } from "../../src/server/db/schema.ts";
import type { MembershipLevel } from "../../src/shared/membership.ts";
import { applyAndSign, signInAsAdmin } from "./fixtures.ts";
import type { ApiClient, TestApp } from "./harness.ts";

// Members of every kind for the community tests, made through the API like everyone else.

export interface CommunityMember {
  client: ApiClient;
  id: string;
  email: string;
  handle: string;
}

type AppLike = Pick<TestApp, "services" | "client">;

/** A signed-in member; a paid level is made active as if the first payment went through. */
export async function communityMember(t: AppLike, level: MembershipLevel = "Basic", overrides: Record<string, unknown> = {}): Promise<CommunityMember> {
  const client = t.client();
  const signed = await applyAndSign(client, level, overrides);
  const [row] = await t.services.db.select().from(members).where(eq(members.email, signed.email));
  if (level !== "Basic") await t.services.db.update(members).set({ status: "active" }).where(eq(members.id, row!.id));
  const { ensureHandle } = await import("../../src/server/domain/community/people.ts");
  const handle = await ensureHandle(t.services.db, row!);
  return { client, id: row!.id, email: signed.email, handle };
}

/** Makes a member older than the new-member period (24 h) so the new-member limits do not apply. */
export async function seasoned(t: AppLike, member: CommunityMember) {
  await t.services.db.update(members).set({ createdAt: new Date(t.services.now().getTime() - 3 * 24 * 3600_000) }).where(eq(members.id, member.id));
  return member;
}

export async function adminClient(t: AppLike) {
  const client = t.client();
  await signInAsAdmin(t.services, client);
  return client;
}

export async function categoryId(t: AppLike, slug: string): Promise<string> {
  const [row] = await t.services.db.select().from(forumCategories).where(eq(forumCategories.slug, slug));
  return row!.id;
}

export async function handleOf(t: AppLike, memberId: string) {
  const [row] = await t.services.db.select().from(communityProfiles).where(eq(communityProfiles.memberId, memberId));
  return row?.handle ?? null;
}
