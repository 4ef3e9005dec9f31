import { parseMentions } from "./mentions.ts";

// Saying when an @handle matches no one (decision 0086), as a pure rule.

/** A Markdown body without its block quotes: a quoted post's mentions were the quoted author's. */
const withoutQuotes = (source: string) =>
  source
    .split(/\r?\n/)
    .filter((line) => !/^ {0,3}>/.test(line))
    .join("\n");

/** The handles written outside quotes that are not among `known`, in the order written. */
export function unknownMentions(source: string, known: string[]): string[] {
  const knownSet = new Set(known.map((h) => h.toLowerCase()));
  return parseMentions(withoutQuotes(source)).filter((handle) => !knownSet.has(handle));
}

/** What to tell the writer when their post mentions handles nobody answers to; null when none. */
export function unknownMentionProblem(source: string, known: string[]): string | null {
  const unknown = unknownMentions(source, known).map((h) => `@${h}`);
  if (unknown.length === 0) return null;
  const names = unknown.length === 1 ? unknown[0] : `${unknown.slice(0, -1).join(", ")} and ${unknown.at(-1)}`;
  const verb = unknown.length === 1 ? "matches" : "match";
  return `${names} ${verb} no member who can read this category. Type @ and the start of a name to pick a member.`;
}
