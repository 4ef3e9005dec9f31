import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq, inArray, sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { contracts, emailOutbox, members } from "../../src/server/db/schema.ts";
import { resolveAttachments } from "../../src/server/mail/attachments.ts";
import { queueSignedAgreementEmail } from "../../src/server/mail/contract-emails.ts";
import { enqueueEmail } from "../../src/server/mail/outbox.ts";
import {
  deliverDueEmails,
  retryDelayMs,
  smtpTransport,
  startMailWorker,
  type DeliveryPolicy,
} from "../../src/server/mail/worker.ts";
import { createServices } from "../../src/server/services.ts";
import { apply, applyAndSign } from "../support/fixtures.ts";
import { createTestApp, startTestServer, type TestApp } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";
import { freePort, startSmtpServer } from "../support/smtp.ts";

// Real servers, databases and documents: room beyond the 5 s default, whichever files run together.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fast: Partial<DeliveryPolicy> = { baseDelayMs: 40, maxDelayMs: 160, leaseMs: 60_000 };

/** Clears the outbox so each test counts only its own messages. */
async function emptyOutbox() {
  await t.services.db.delete(emailOutbox);
}

async function queue(n: number, prefix: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await enqueueEmail(t.services.db, {
        template: "test",
        to: `${prefix}${i}@members.example.org`,
        subject: `${prefix} message ${i}`,
        html: `<p>${prefix} body ${i}</p>`,
        text: `${prefix} body ${i}`,
      }),
    );
  }
  return ids;
}

const outbox = (ids: string[]) => t.services.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));

describe("the messages of applying and signing", () => {
  test("arrive over SMTP with recipients, subject, both parts and the signed PDF attached", async () => {
    await emptyOutbox();
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url);
    try {
      const client = t.client();
      const signed = await applyAndSign(client, "Standard");
      const result = await deliverDueEmails(t.services, transport);
      expect(result).toEqual({ sent: 2, retrying: 0, failed: 0 });
      const [received, signedMail] = await smtp.waitFor(2);

      expect(received!.envelopeTo).toEqual([signed.email]);
      expect(received!.parsed.subject).toBe("We received your membership application");
      expect(received!.parsed.text).toContain("Thank you, Maria");
      expect(received!.parsed.html).toContain("Thank you, Maria");
      expect(received!.parsed.from?.text).toContain("no-reply@illinoislandlords.org");
      // Support contacts come from config.
      expect(received!.parsed.text).toContain("support@association.test");

      expect(signedMail!.envelopeTo).toEqual([signed.email]);
      expect(signedMail!.parsed.subject).toBe("Your signed membership agreement and welcome");
      expect(signedMail!.parsed.text).toContain("Welcome to the association, Maria");
      expect(signedMail!.parsed.text).toContain("renews automatically every month");
      expect(signedMail!.parsed.html).toContain("Welcome to the association, Maria");
      expect(signedMail!.parsed.html).toContain("<a href=");
      expect(signedMail!.parsed.attachments).toHaveLength(1);
      const attachment = signedMail!.parsed.attachments[0]!;
      expect(attachment.contentType).toBe("application/pdf");
      expect(attachment.filename).toMatch(/^membership-agreement-Maria-Gonzalez-\d{4}-\d{2}-\d{2}\.pdf$/);

      // The attachment is the very document the member downloads, and it is the signed one.
      const download = await t.app.request(`/api/contracts/${signed.contractId}/pdf`, {
        headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      expect(download.status).toBe(200);
      const downloaded = new Uint8Array(await download.arrayBuffer());
      expect(Buffer.from(attachment.content).equals(Buffer.from(downloaded))).toBe(true);
      expect(await pdfText(new Uint8Array(attachment.content))).toContain("Signature Audit Record");

      const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.id, signed.contractId));
      expect(contract!.emailSent).toBe(true);
      expect(contract!.pdfSha256).toBe(download.headers.get("x-content-sha256"));

      const rows = await t.services.db.select().from(emailOutbox);
      expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
      expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  test("an admin's resend queues the contract_resent copy with the same PDF", async () => {
    await emptyOutbox();
    const client = t.client();
    const signed = await applyAndSign(client);
    const [contract] = await t.services.db.select().from(contracts).where(eq(contracts.id, signed.contractId));
    const [member] = await t.services.db.select().from(members).where(eq(members.id, contract!.memberId));
    const { outboxId } = await t.services.db.transaction((tx) =>
      queueSignedAgreementEmail(tx, t.services, { contract: contract!, member: member!, resent: true }),
    );
    const [row] = await outbox([outboxId]);
    expect(row!.template).toBe("contract_resent");
    expect(row!.toAddress).toBe(signed.email);
    expect(row!.subject).toBe("A copy of your signed membership agreement");
    expect(row!.text).toContain("another copy");
    // The PDF is made from the contract when the message goes out: the same bytes as the download.
    const [file] = await resolveAttachments(t.services.db, row!.attachments);
    const bytes = Buffer.from(file!.content, "base64");
    const download = await t.app.request(`/api/contracts/${signed.contractId}/pdf`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(new Bun.CryptoHasher("sha256").update(bytes).digest("hex")).toBe(download.headers.get("x-content-sha256")!);
  });

  test("nothing is sent and messages stay readable in the outbox without SMTP_URL", async () => {
    expect(t.services.config.SMTP_URL).toBeUndefined();
    expect(startMailWorker(t.services)).toBeNull();
    await emptyOutbox();
    await apply(t.client());
    const rows = await t.services.db.select().from(emailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("pending");
    expect(rows[0]!.html).toContain("Thank you");
  });
});

describe("when the mail server is down", () => {
  test("messages wait with backoff and are all delivered once, when it is back", async () => {
    await emptyOutbox();
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 2_000 });
    const policy = { ...fast, maxAttempts: 20 } as DeliveryPolicy;
    const worker = startMailWorker(t.services, { transport, policy, pollMs: 15, log: () => {} })!;
    try {
      const ids = await queue(6, "down");
      // Several failed passes while nothing listens.
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const rows = await outbox(ids);
        if (rows.some((r) => r.attempts >= 3)) break;
        await Bun.sleep(20);
      }
      let rows = await outbox(ids);
      expect(rows.every((r) => r.status === "pending")).toBe(true);
      expect(Math.max(...rows.map((r) => r.attempts))).toBeGreaterThanOrEqual(3);
      expect(rows.some((r) => r.lastError !== null)).toBe(true);

      const smtp = await startSmtpServer({ port });
      try {
        await smtp.waitFor(6);
        await Bun.sleep(300); // room for any duplicate to show up
        expect(smtp.received).toHaveLength(6);
        expect(new Set(smtp.received.map((m) => m.outboxId))).toEqual(new Set(ids));
        expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual(ids.map((_, i) => `down message ${i}`).sort());
        rows = await outbox(ids);
        expect(rows.every((r) => r.status === "sent" && r.sentAt !== null)).toBe(true);
      } finally {
        await worker.stop();
        await smtp.close();
      }
    } finally {
      await worker.stop();
    }
  });

  test("an unreachable server costs the messages behind the first one no try", async () => {
    await emptyOutbox();
    const transport = smtpTransport(`smtp://127.0.0.1:${await freePort()}`, { timeoutMs: 2_000 });
    try {
      const ids = await queue(3, "later");
      const result = await deliverDueEmails(t.services, transport, { ...fast } as DeliveryPolicy);
      expect(result).toEqual({ sent: 0, retrying: 3, failed: 0 });
      const rows = await outbox(ids);
      expect(rows.map((r) => r.attempts).sort()).toEqual([0, 0, 1]);
      expect(rows.every((r) => r.status === "pending" && r.nextAttemptAt.getTime() > r.createdAt.getTime())).toBe(true);
      expect(rows.find((r) => r.attempts === 1)!.lastError).toContain("ECONNREFUSED");
    } finally {
      transport.close();
    }
  });

  test("the wait doubles after each failed try, up to a ceiling", () => {
    const policy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(12, policy)).toBe(3_600_000);
  });

  test("a message the server keeps refusing is marked failed after the last allowed try", async () => {
    await emptyOutbox();
    const smtp = await startSmtpServer({ reject: () => ({ code: 451, message: "Try again later" }) });
    const transport = smtpTransport(smtp.url);
    const policy = { ...fast, maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0 } as DeliveryPolicy;
    try {
      const [id] = await queue(1, "busy");
      const passes = [];
      for (let i = 0; i < 4; i++) passes.push(await deliverDueEmails(t.services, transport, policy));
      expect(passes.map((p) => p.retrying + p.failed)).toEqual([1, 1, 1, 0]);
      expect(passes[2]!.failed).toBe(1);
      const [row] = await outbox([id!]);
      expect(row!.status).toBe("failed");
      expect(row!.attempts).toBe(3);
      expect(row!.lastError).toContain("Try again later");
      expect(smtp.received).toHaveLength(0);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  test("a mailbox the server rejects for good fails at once; the others go out", async () => {
    await emptyOutbox();
    const smtp = await startSmtpServer({
      reject: (to) => (to.startsWith("nobody") ? { code: 550, message: "No such user here" } : null),
    });
    const transport = smtpTransport(smtp.url);
    try {
      const [bad] = await enqueueEmail(t.services.db, { template: "test", to: "nobody@members.example.org", subject: "x", html: "<p>x</p>", text: "x" }).then((id) => [id]);
      const good = await queue(2, "fine");
      const result = await deliverDueEmails(t.services, transport, { ...fast } as DeliveryPolicy);
      expect(result).toEqual({ sent: 2, retrying: 0, failed: 1 });
      const [row] = await outbox([bad!]);
      expect(row!.status).toBe("failed");
      expect(row!.attempts).toBe(1);
      expect((await outbox(good)).every((r) => r.status === "sent")).toBe(true);
      expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual(["fine0@members.example.org", "fine1@members.example.org"]);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe("several workers on one database", () => {
  // On PostgreSQL the workers run on separate connection pools, as two server processes do, and
  // really contend for the same rows (without FOR UPDATE SKIP LOCKED this test fails there). The
  // embedded database is one process's single connection, whose transactions never overlap:
  // there the workers share it, and the test shows they still send each message once.
  const how = process.env.DATABASE_URL ? "on separate connections, as two server processes" : "sharing the embedded database's one connection";
  test(`never send the same message twice (${how})`, async () => {
    await emptyOutbox();
    const smtp = await startSmtpServer({ delayMs: 5 });
    // A second process: its own connection pool to the same database (PGlite: the same handle).
    const config = t.services.config;
    const second = config.DATABASE_URL
      ? await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4 })
      : null;
    const services2 = second ? createServices(config, second) : t.services;
    const transports = [smtpTransport(smtp.url), smtpTransport(smtp.url), smtpTransport(smtp.url)];
    const policy = { ...fast, batchSize: 4 } as DeliveryPolicy;
    try {
      const ids = await queue(40, "race");
      const drain = async (services: typeof t.services, transport: (typeof transports)[number]) => {
        let sent = 0;
        for (let idle = 0; idle < 3; ) {
          const result = await deliverDueEmails(services, transport, policy);
          sent += result.sent;
          idle = result.sent === 0 ? idle + 1 : 0;
        }
        return sent;
      };
      const counts = await Promise.all([
        drain(t.services, transports[0]!),
        drain(services2, transports[1]!),
        drain(services2, transports[2]!),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
      if (second) expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
      expect(smtp.received).toHaveLength(40);
      expect(new Set(smtp.received.map((m) => m.outboxId)).size).toBe(40);
      const rows = await outbox(ids);
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      for (const transport of transports) transport.close();
      await smtp.close();
      await second?.close();
    }
  });
});

describe("the server process", () => {
  test("runs the mail worker when SMTP_URL is set", async () => {
    const smtp = await startSmtpServer();
    const server = await startTestServer({ SMTP_URL: smtp.url });
    try {
      const signed = await applyAndSign(server.client());
      const mails = await smtp.waitFor(2, 15_000);
      expect(mails.map((m) => m.parsed.subject).sort()).toEqual([
        "We received your membership application",
        "Your signed membership agreement and welcome",
      ]);
      expect(mails.every((m) => m.envelopeTo[0] === signed.email)).toBe(true);
      // The worker records each delivery right after the server accepts it.
      const pending = async () =>
        (
          await server.services.db
            .select({ n: sql<number>`count(*)::int` })
            .from(emailOutbox)
            .where(eq(emailOutbox.status, "pending"))
        )[0]!.n;
      for (let i = 0; i < 100 && (await pending()) > 0; i++) await Bun.sleep(20);
      expect(await pending()).toBe(0);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
