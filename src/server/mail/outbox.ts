import type { DbOrTx } from "../db/client.ts";
import { emailOutbox, type OutboxAttachment } from "../db/schema.ts";

export interface OutgoingEmail {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachment[];
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe on bulk mail. */
  headers?: Record<string, string>;
  memberId?: string | null;
  /**
   * Secrets the message hands to its recipient alone (a link's token, an email code). They are
   * stored apart from the text and filled in only when the message is sent (DECISIONS.md 29).
   */
  credentials?: readonly string[];
}

// A credential sent to a person is theirs alone: the association's staff, who read the outbox,
// must never see a usable one. The stored message holds a mark in each credential's place; the
// mail worker fills the marks in as it sends, then forgets the credentials.

/** The mark that stands for the `index`th credential in a stored message. */
export const credentialMark = (index: number) => `{{credential:${index}}}`;
const MARKS = /\{\{credential:(\d+)\}\}/g;

/** The message's parts with each credential replaced by its mark. */
export function sealCredentials<T extends { subject: string; html: string; text: string }>(parts: T, credentials: readonly string[]): T {
  let { subject, html, text } = parts;
  credentials.forEach((value, i) => {
    if (!value) return;
    subject = subject.replaceAll(value, credentialMark(i));
    html = html.replaceAll(value, credentialMark(i));
    text = text.replaceAll(value, credentialMark(i));
  });
  return { ...parts, subject, html, text };
}

/** A stored part with its credentials filled in: what the recipient gets. */
export function openCredentials(stored: string, credentials: readonly string[] | null | undefined): string {
  return stored.replace(MARKS, (mark, i) => credentials?.[Number(i)] ?? mark);
}

/** What staff see of a stored part when the outbox is not the recipient's mailbox. */
export const REDACTED_CREDENTIAL = "[hidden: sent to the recipient only]";
export function redactCredentials(stored: string): string {
  return stored.replace(MARKS, REDACTED_CREDENTIAL);
}

/** Whether a stored part carries a credential. */
export const carriesCredential = (stored: string) => stored.search(MARKS) !== -1;

/**
 * Queues an email. Call it with the transaction of the change that causes it, so the change and its
 * message commit together or not at all (DECISIONS.md 14).
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<string> {
  const credentials = email.credentials?.filter(Boolean) ?? [];
  const sealed = credentials.length ? sealCredentials(email, credentials) : email;
  const [row] = await db
    .insert(emailOutbox)
    .values({
      template: email.template,
      toAddress: email.to,
      subject: sealed.subject,
      html: sealed.html,
      text: sealed.text,
      attachments: email.attachments ?? [],
      headers: email.headers ?? {},
      credentials: credentials.length ? [...credentials] : null,
      memberId: email.memberId ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
