import { ASSOCIATION_NAME } from "../../../shared/agreement.ts";
import type { Config } from "../../config.ts";
import type { legalUpdates } from "../../db/schema.ts";
import { plainText } from "./markdown.ts";

// The RSS 2.0 feed of public legal updates (COMMUNITY.md 2), at /updates/rss.xml.

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

export function updatesFeed(config: Config, posts: (typeof legalUpdates.$inferSelect)[]): string {
  const site = config.PUBLIC_URL;
  const items = posts
    .map(
      (p) => `    <item>
      <title>${xml(p.title)}</title>
      <link>${xml(`${site}/updates/${p.slug}`)}</link>
      <guid isPermaLink="false">${xml(p.id)}</guid>
      <pubDate>${(p.publishedAt ?? p.createdAt).toUTCString()}</pubDate>
${p.tags.map((t) => `      <category>${xml(t)}</category>`).join("\n")}
      <description>${xml(p.excerpt || plainText(p.body, 400))}</description>
    </item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${ASSOCIATION_NAME}: Legal updates`)}</title>
    <link>${xml(`${site}/updates`)}</link>
    <atom:link href="${xml(`${site}/updates/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Illinois landlord law: Chicago RLTO, Cook County, evictions, taxes.</description>
    <language>en-us</language>
${items}
  </channel>
</rss>
`;
}
