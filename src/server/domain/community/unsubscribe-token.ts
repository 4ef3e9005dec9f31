import { createHmac, timingSafeEqual } from "node:crypto";

// Signed one-click unsubscribe links (COMMUNITY.md 2, RFC 8058): the token names the member and
// the newsletter and carries an HMAC-SHA256 with the server's key, so it works without signing in
// and cannot be made for someone else.

export const NEWSLETTERS = ["legal_updates", "webinars", "forum_digest", "forum_notifications"] as const;
export type Newsletter = (typeof NEWSLETTERS)[number];

const b64url = (buffer: Buffer) => buffer.toString("base64url");

function mac(key: string, payload: string): Buffer {
  return createHmac("sha256", key).update(payload, "utf8").digest();
}

/** "<member id>.<newsletter>.<signature>" */
export function signUnsubscribeToken(key: string, memberId: string, newsletter: Newsletter): string {
  const payload = `${memberId}.${newsletter}`;
  return `${payload}.${b64url(mac(key, payload))}`;
}

/** The member and newsletter of a genuine token, or null. */
export function verifyUnsubscribeToken(key: string, token: string): { memberId: string; newsletter: Newsletter } | null {
  const match = /^([0-9a-f-]{36})\.([a-z_]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, memberId, newsletter, signature] = match as unknown as [string, string, string, string];
  if (!(NEWSLETTERS as readonly string[]).includes(newsletter)) return null;
  const expected = mac(key, `${memberId}.${newsletter}`);
  const given = Buffer.from(signature, "base64url");
  // The last of 43 characters carries two bits that decoding drops: only the one spelling we
  // write is the token, so "…A" and "…B" are not both genuine.
  if (b64url(given) !== signature) return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { memberId, newsletter: newsletter as Newsletter };
}
