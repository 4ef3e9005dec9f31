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
}

/**
 * Queues an email. Call it with the transaction of the change that causes the email, so the
 * change and its message commit together or not at all (DECISIONS.md 14).
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      template: email.template,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: email.attachments ?? [],
      headers: email.headers ?? {},
      memberId: email.memberId ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
