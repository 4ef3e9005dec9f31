import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.ts";
import { emailOutbox, type InlineAttachment } from "../db/schema.ts";
import { observeJob, type BackgroundWorker } from "../workers.ts";
import type { Services } from "../services.ts";
import { resolveAttachments } from "./attachments.ts";
import { openCredentials } from "./outbox.ts";

// The mail worker (DECISIONS.md 14). It claims due messages from the outbox, sends them over
// SMTP and records the outcome. Several server processes may run it against one PostgreSQL: a
// message is claimed under FOR UPDATE SKIP LOCKED and leased (its next attempt pushed past the
// send), so one worker sends it. A failed send is retried with exponential backoff and marked
// failed after a bounded number of tries. All times are the database's clock, shared by every
// process.

export interface MailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: InlineAttachment[];
  headers?: Record<string, string>;
}

/** Where messages go. The server uses SMTP through nodemailer. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  } as never);
  return {
    async send(message) {
      const host = message.from.match(/@([^>\s]+)/)?.[1] ?? "localhost";
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        // One Message-ID per outbox row: if a message ever goes out twice (a worker dying
        // between the send and its record), mail clients treat the copies as one.
        messageId: `<${message.id}@${host}>`,
        headers: { ...message.headers, "X-Outbox-Id": message.id },
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, "base64"),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

export interface DeliveryPolicy {
  /** Tries before a message is marked failed. */
  maxAttempts: number;
  /** Wait after the first failure; doubles with every further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed message is reserved for the worker sending it. */
  leaseMs: number;
  /** Messages claimed per pass. */
  batchSize: number;
}

/** About five hours of retries: 30 s, 1 min, 2 min, ... capped at 1 h, 12 tries in all. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 12,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 10 * 60_000,
  batchSize: 20,
};

/** The wait before the next try, after `attempts` failed tries. */
export function retryDelayMs(attempts: number, policy: Pick<DeliveryPolicy, "baseDelayMs" | "maxDelayMs">): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

const dbNowPlus = (ms: number) => sql`now() + (${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

interface SmtpError extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
}

/** The server refused this message for good (unknown mailbox, rejected content). */
function isPermanent(error: SmtpError): boolean {
  return (
    typeof error.responseCode === "number" &&
    error.responseCode >= 500 &&
    (error.code === "EENVELOPE" || error.command === "RCPT TO" || error.command === "DATA")
  );
}

/** The mail server could not be reached: every other message would fail the same way now. */
function isUnreachable(error: SmtpError): boolean {
  return ["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET"].includes(error.code ?? "") || error.command === "CONN";
}

/** Claims due messages: locked rows are another worker's and skipped; claimed rows are leased. */
async function claimDue(db: Db, policy: DeliveryPolicy) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
      .limit(policy.batchSize)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: dbNowPlus(policy.leaseMs) })
      .where(inArray(emailOutbox.id, rows.map((r) => r.id)));
    return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * One pass of the worker: claim what is due, send it, record each outcome. The outcome is written
 * only while this worker's claim still holds (same attempt count, still pending).
 */
export async function deliverDueEmails(
  services: Services,
  transport: MailTransport,
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
): Promise<PassResult> {
  const db = services.db;
  const result: PassResult = { sent: 0, retrying: 0, failed: 0 };
  const claimed = await claimDue(db, policy);
  const ours = (row: { id: string; attempts: number }) =>
    and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), eq(emailOutbox.status, "pending"));

  for (let i = 0; i < claimed.length; i++) {
    const row = claimed[i]!;
    try {
      await transport.send({
        id: row.id,
        from: services.config.MAIL_FROM,
        to: row.toAddress,
        // The credentials go into the message only here, on their way to the recipient.
        subject: openCredentials(row.subject, row.credentials),
        html: openCredentials(row.html, row.credentials),
        text: openCredentials(row.text, row.credentials),
        attachments: await resolveAttachments(db, row.attachments),
        headers: row.headers,
      });
      // Once delivered, the outbox forgets them: the recipient's mailbox is the only copy.
      await db.update(emailOutbox).set({ status: "sent", sentAt: sql`now()`, lastError: null, credentials: null }).where(ours(row));
      result.sent += 1;
    } catch (caught) {
      const error = caught as SmtpError;
      const message = String(error?.message ?? error).slice(0, 1000);
      const giveUp = isPermanent(error) || row.attempts >= policy.maxAttempts;
      const delay = retryDelayMs(row.attempts, policy);
      await db
        .update(emailOutbox)
        .set(giveUp ? { status: "failed", lastError: message, credentials: null } : { lastError: message, nextAttemptAt: dbNowPlus(delay) })
        .where(ours(row));
      if (giveUp) result.failed += 1;
      else result.retrying += 1;
      if (isUnreachable(error)) {
        // Hand the rest back untouched (this try does not count for them) and wait with them.
        const rest = claimed.slice(i + 1);
        for (const other of rest) {
          await db
            .update(emailOutbox)
            .set({ attempts: other.attempts - 1, nextAttemptAt: dbNowPlus(delay) })
            .where(ours(other));
        }
        result.retrying += rest.length;
        break;
      }
    }
  }
  return result;
}

export interface MailWorker extends BackgroundWorker {
  /** Runs one pass now (after any pass already running) and answers what it did. */
  runOnce(): Promise<PassResult>;
}

export interface MailWorkerOptions {
  transport?: MailTransport;
  policy?: Partial<DeliveryPolicy>;
  /** Pause between passes when nothing was due. */
  pollMs?: number;
  log?: (line: string) => void;
}

/** Starts the worker loop. Without SMTP_URL (and no transport given) there is nothing to start. */
export function startMailWorker(services: Services, options: MailWorkerOptions = {}): MailWorker | null {
  const smtpUrl = services.config.SMTP_URL;
  if (!options.transport && !smtpUrl) return null;
  const transport = options.transport ?? smtpTransport(smtpUrl!);
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...options.policy };
  const pollMs = options.pollMs ?? 2_000;
  const log = options.log ?? ((line: string) => console.error(line));

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<PassResult> = Promise.resolve({ sent: 0, retrying: 0, failed: 0 });

  const deliver = () => observeJob(services, "mail", () => deliverDueEmails(services, transport, policy));
  const pass = () => {
    running = running.then(deliver, deliver);
    return running;
  };

  const loop = async () => {
    timer = undefined;
    if (stopped) return;
    let again = false;
    try {
      const result = await pass();
      if (result.failed) log(`mail: ${result.failed} message(s) could not be delivered and are marked failed`);
      // A full batch that went out means more may be waiting.
      again = result.sent === policy.batchSize;
    } catch (error) {
      if (!stopped) log(`mail: delivery pass failed: ${(error as Error).message}`);
    }
    if (!stopped) timer = setTimeout(loop, again ? 0 : pollMs);
  };
  timer = setTimeout(loop, 0);

  return {
    name: "mail",
    runOnce: pass,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => {});
      transport.close();
    },
  };
}
