import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

// Bodies are Markdown, rendered on the server and sanitised against an allowlist (COMMUNITY.md 1).
// markdown-it runs with raw HTML off, so a body's own tags come out as text; sanitize-html then
// keeps only the elements and attributes below, whatever the renderer or a plugin produced.
// Links may only be http(s) or mailto, and every link gets rel="nofollow ugc".

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

export const ALLOWED_TAGS = [
  "p", "br", "hr", "strong", "em", "del", "s", "code", "pre", "blockquote",
  "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "a", "table", "thead", "tbody", "tr", "th", "td",
] as const;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // A code block's class is allowed by allowedClasses below (its language), not here.
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"], th: ["style"], td: ["style"] },
  allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow ugc" } }),
    // No images from other sites in posts (tracking pixels, size): an image becomes a link to it.
    img: (_tagName, attribs) => ({ tagName: "a", attribs: { href: attribs.src ?? "", rel: "nofollow ugc" }, text: attribs.alt || attribs.src || "image" }),
  },
};

/** Markdown to the HTML that is stored and shown: rendered, then sanitised. */
export function renderMarkdown(source: string): string {
  return sanitizePostHtml(markdown.render(source));
}

/** The allowlist applied to whatever HTML the renderer (or a plugin of it) produced. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Links a body would show (autolinks and Markdown links), for the new-member limit. */
export function countLinks(source: string): number {
  let links = 0;
  for (const block of markdown.parse(source, {})) {
    for (const token of block.children ?? []) if (token.type === "link_open" || token.type === "image") links += 1;
  }
  return links;
}

/** The text of a Markdown body without its markup, for excerpts and email. */
export function plainText(source: string, maxLength = 300): string {
  const text = sanitizeHtml(markdown.render(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/** A quote of another post as Markdown, for the reply box ("> text" lines, with who wrote it). */
export function quoteMarkdown(authorName: string, source: string): string {
  const lines = source.trim().split(/\r?\n/).map((line) => `> ${line}`);
  return `> **${authorName.replace(/[*_`\\[\]]/g, "")}** wrote:\n>\n${lines.join("\n")}\n\n`;
}
