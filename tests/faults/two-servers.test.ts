import { afterAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { createTestDatabase } from "../support/database.ts";
import { applicationPayload } from "../support/fixtures.ts";
import { spawnServer, type ServerProcess } from "../support/server-process.ts";
import { startSmtpServer } from "../support/smtp.ts";
import { expectIntact } from "./integrity.ts";
import { applyAndSignLoad, newAcknowledged } from "./load.ts";

// Two server processes on one PostgreSQL (in `npm test` with DATABASE_URL set): applications
// made on one and signed on the other, the same application signed on both at once, and both
// mail workers sending from the one outbox. No duplicate contracts, no email sent twice.

const enabled = Boolean(process.env.DATABASE_URL);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe.skipIf(!enabled)(`two server processes on one PostgreSQL${enabled ? "" : " (skipped: a fault test on PostgreSQL, run when DATABASE_URL is set)"}`, () => {
  test("no duplicate contracts or emails under load", async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const env = {
      DATABASE_URL: database.databaseUrl!,
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: "admin@faults.invalid",
      ADMIN_PASSWORD: "fault-admin-password",
    };
    const servers: ServerProcess[] = [];
    cleanups.push(async () => {
      for (const s of servers) await s.kill();
    });
    servers.push(await spawnServer({ env }));
    servers.push(await spawnServer({ env }));
    const urls = servers.map((s) => s.url);

    const ack = newAcknowledged();
    // Three seconds of load: enough for both servers to apply and sign for each other many times;
    // every contract email carries its PDF, so the outbox drain below grows with every second.
    const until = Date.now() + 3_000;
    await applyAndSignLoad(() => urls, ack, { workers: 8, until: () => Date.now() > until });
    expect(ack.contracts.size).toBeGreaterThan(10);
    expect(ack.malformed).toEqual([]);

    // The same application signed on both servers at the same moment: one contract.
    for (let i = 0; i < 5; i++) {
      const applied = await fetch(`${urls[0]}/api/membership/apply`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.8.0.${i}` },
        body: JSON.stringify(applicationPayload({ first_name: "Double", last_name: "Signer", email: `double.${Date.now()}.${i}@load.invalid` })),
      }).then((r) => r.json() as Promise<{ application_id: string; access_token: string }>);
      const answers = await Promise.all(
        urls.map((url) =>
          fetch(`${url}/api/membership/contract-signed/${applied.application_id}`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${applied.access_token}` },
            body: JSON.stringify({ consent: true, signature_name: "Double Signer" }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { contract_id: string } })),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]!.body.contract_id).toBe(answers[1]!.body.contract_id);
      ack.applications.set(applied.application_id, "");
      ack.contracts.set(applied.application_id, answers[0]!.body.contract_id);
    }

    const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "memory://", poolSize: 2 });
    cleanups.push(() => db.close());
    // Both mail workers drain the one outbox.
    type Row = { id: string; status: string };
    const outbox = async () => {
      const result = (await db.db.execute(sql`select id::text as id, status from email_outbox`)) as unknown as Row[] | { rows: Row[] };
      return Array.isArray(result) ? result : result.rows;
    };
    const deadline = Date.now() + 60_000;
    let rows = await outbox();
    while (rows.some((r) => r.status === "pending") && Date.now() < deadline) {
      await Bun.sleep(250);
      rows = await outbox();
    }
    expect(rows.filter((r) => r.status !== "sent")).toEqual([]);
    // Both servers stopped (SIGTERM waits for their workers): nothing more can be sent, so what
    // the SMTP server holds now is everything that will ever arrive.
    for (const s of servers) await s.kill("SIGTERM");
    servers.length = 0;
    const delivered = smtp.received.map((m) => m.outboxId).sort();
    expect(delivered).toEqual(rows.map((r) => r.id).sort());
    expect(new Set(delivered).size).toBe(delivered.length);

    // The emails of the double-signed applications were written with their one contract.
    for (const [id] of ack.applications) if (ack.applications.get(id) === "") ack.applications.delete(id);
    await expectIntact(db.db, ack);
  }, 180_000);
});
