// @mentions (COMMUNITY.md 1): "@handle" outside code, at most 10 different members a post.

export const MAX_MENTIONS = 10;

/** A handle: 2-30 letters, digits, dots, dashes or underscores, starting with a letter or digit. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9._-]{1,29}$/;

/**
 * The handles a Markdown body mentions, lower-case, each once, in the order written. Code
 * blocks, inline code and email addresses ("maria@example.org") mention nobody.
 */
export function parseMentions(source: string): string[] {
  const withoutCode = source.replace(/```[\s\S]*?(```|$)/g, " ").replace(/~~~[\s\S]*?(~~~|$)/g, " ").replace(/`[^`\n]*`/g, " ");
  const found: string[] = [];
  for (const match of withoutCode.matchAll(/(^|[^a-zA-Z0-9._@-])@([a-zA-Z0-9][a-zA-Z0-9._-]{1,29})/g)) {
    const handle = match[2]!.toLowerCase().replace(/[._-]+$/, "");
    if (HANDLE_PATTERN.test(handle) && !found.includes(handle)) found.push(handle);
  }
  return found;
}

/** A handle for a member: first name and last initial, letters and digits only ("mariag"). */
export function baseHandle(firstName: string, lastName: string): string {
  const ascii = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
  const base = `${ascii(firstName)}${ascii(lastName).slice(0, 1)}`.slice(0, 24);
  return base.length >= 2 ? base : `member${base}`;
}

/** The n-th candidate for a member's handle: the base, then base2, base3, ... */
export function handleCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}${attempt}`;
}
