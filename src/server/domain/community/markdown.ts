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

/**
 * A Markdown body as plain text that keeps its shape, for the text part of emails: headings
 * underlined, paragraphs apart, list items on lines of their own ("- " or "1. ", nested ones
 * indented), quotes after "> ", code indented, table rows with " | ", a link's address after its
 * words. markdown-it parses; this lays out its tokens.
 */
export function markdownText(source: string): string {
  const chunks: { text: string; inList: boolean }[] = [];
  const lists: { ordered: boolean; next: number; width: number; marker: string | null }[] = [];
  let quoteDepth = 0;
  let row: string[] = [];
  let rows: string[] = [];
  const emit = (lines: string[]) => {
    const text = lines
      .map((line, i) => {
        let prefix = "";
        for (const list of lists) {
          if (i === 0 && list.marker) prefix += list.marker;
          else prefix += " ".repeat(list.width);
        }
        return `${"> ".repeat(quoteDepth)}${prefix}${line}`.trimEnd();
      })
      .join("\n");
    for (const list of lists) list.marker = null;
    chunks.push({ text, inList: lists.length > 0 });
  };
  const tokens = markdown.parse(source, {});
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    switch (token.type) {
      case "heading_open": {
        const title = inlineText(tokens[i + 1]!);
        emit([title, (token.tag === "h1" || token.tag === "h2" ? "=" : "-").repeat(title.length)]);
        i += 2;
        break;
      }
      case "paragraph_open":
        emit(inlineText(tokens[i + 1]!).split("\n"));
        i += 2;
        break;
      case "bullet_list_open":
      case "ordered_list_open":
        lists.push({ ordered: token.type === "ordered_list_open", next: Number(token.attrGet("start") ?? 1), width: 2, marker: null });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open": {
        const list = lists.at(-1)!;
        list.marker = list.ordered ? `${list.next++}. ` : "- ";
        list.width = list.marker.length;
        break;
      }
      case "blockquote_open":
        quoteDepth += 1;
        break;
      case "blockquote_close":
        quoteDepth -= 1;
        break;
      case "fence":
      case "code_block":
        emit(token.content.replace(/\n$/, "").split("\n").map((line) => `    ${line}`));
        break;
      case "hr":
        emit(["----"]);
        break;
      case "tr_open":
        row = [];
        break;
      case "inline":
        row.push(inlineText(token)); // a table cell's: the others are read with their block
        break;
      case "tr_close":
        rows.push(row.join(" | "));
        break;
      case "table_close":
        emit(rows);
        rows = [];
        break;
    }
  }
  return chunks.map((c, n) => (n === 0 ? c.text : `${c.inList && chunks[n - 1]!.inList ? "\n" : "\n\n"}${c.text}`)).join("");
}

/** The words of an inline run, a link's address after its words when they differ. */
type Token = ReturnType<typeof markdown.parse>[number];

function inlineText(token: Token): string {
  let text = "";
  const open: { href: string; start: number }[] = [];
  for (const child of token.children ?? []) {
    if (child.type === "text" || child.type === "code_inline") text += child.content;
    else if (child.type === "softbreak") text += " ";
    else if (child.type === "hardbreak") text += "\n";
    else if (child.type === "image") text += `${child.content || "image"} (${String(child.attrGet("src") ?? "")})`;
    else if (child.type === "link_open") open.push({ href: String(child.attrGet("href") ?? ""), start: text.length });
    else if (child.type === "link_close") {
      const link = open.pop();
      const words = link ? text.slice(link.start) : "";
      if (link && link.href && ![words, `mailto:${words}`, `http://${words}`, `https://${words}`].includes(link.href)) text += ` (${link.href})`;
    }
  }
  return text;
}

/** A quote of another post as Markdown, for the reply box ("> text" lines, with who wrote it). */
export function quoteMarkdown(authorName: string, source: string): string {
  const lines = source.trim().split(/\r?\n/).map((line) => `> ${line}`);
  return `> **${authorName.replace(/[*_`\\[\]]/g, "")}** wrote:\n>\n${lines.join("\n")}\n\n`;
}
