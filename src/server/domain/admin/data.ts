import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DataFilter } from "../../../shared/admin.ts";
import type { DbOrTx } from "../../db/client.ts";
import { applications, contracts, emailOutbox, members, payments, subscriptions } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { anonymiseMembers, anonymousApplication, membersWithRunningSubscriptions } from "./members.ts";
import { isTestDataSql, isUuid, page, personWhere } from "./queries.ts";

// The Enhanced Database Admin: overview counts, test-data cleanup, the backup and the CSV.

/** How many members and applications there are, real and test (SPEC.md 5), within a search. */
export async function dataOverview(db: DbOrTx, query: { q?: string; filter: DataFilter }) {
  const memberBase = and(isNull(members.deletedAt), personWhere(members, { q: query.q, filter: "all" }));
  const appBase = personWhere(applications, { q: query.q, filter: "all" });
  const [[m], [mt], [a], [at]] = await Promise.all([
    db.select({ n: count() }).from(members).where(memberBase),
    db.select({ n: count() }).from(members).where(and(memberBase, isTestDataSql(members))),
    db.select({ n: count() }).from(applications).where(appBase),
    db.select({ n: count() }).from(applications).where(and(appBase, isTestDataSql(applications))),
  ]);
  const totalMembers = Number(m?.n ?? 0);
  const testMembers = Number(mt?.n ?? 0);
  const totalApps = Number(a?.n ?? 0);
  const testApps = Number(at?.n ?? 0);
  return {
    total_members: totalMembers,
    real_members: totalMembers - testMembers,
    test_members: testMembers,
    total_applications: totalApps,
    real_applications: totalApps - testApps,
    test_applications: testApps,
  };
}

/**
 * Removes what SPEC.md 5's rule calls test data, in one transaction with its audit row. Test
 * members are deleted the way any member is (DECISIONS.md 15: anonymised, records kept). A test
 * application that never led to a contract or payment is deleted outright; one that did is
 * anonymised. A test member whose paid subscription is still running is left alone, so nobody
 * is charged for an account that no longer exists.
 */
export async function cleanupTestData(services: Services, actor: AdminActor) {
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const candidates = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(isNull(members.deletedAt), isTestDataSql(members)))
      .for("update");
    const running = await membersWithRunningSubscriptions(tx, candidates.map((c) => c.id));
    const memberIds = candidates.map((c) => c.id).filter((id) => !running.has(id));

    // Test applications, and any application of a test member being deleted.
    const testApps = await tx
      .select({ id: applications.id, memberId: applications.memberId })
      .from(applications)
      .where(
        and(
          or(isTestDataSql(applications), memberIds.length ? inArray(applications.memberId, memberIds) : sql`false`),
          // An application of a member kept (running subscription, or not test data) stays as it is.
          or(isNull(applications.memberId), memberIds.length ? inArray(applications.memberId, memberIds) : sql`false`),
        ),
      );
    const appIds = testApps.map((a) => a.id);
    const withRecords = new Set<string>();
    if (appIds.length) {
      const [signed, paid] = await Promise.all([
        tx.select({ id: contracts.applicationId }).from(contracts).where(inArray(contracts.applicationId, appIds)),
        tx.select({ id: payments.applicationId }).from(payments).where(inArray(payments.applicationId, appIds)),
      ]);
      for (const row of [...signed, ...paid]) if (row.id) withRecords.add(row.id);
    }
    const toDelete = appIds.filter((id) => !withRecords.has(id));
    const toAnonymise = appIds.filter((id) => withRecords.has(id));

    await anonymiseMembers(tx, memberIds, now);
    if (toAnonymise.length) await tx.update(applications).set(anonymousApplication(now)).where(inArray(applications.id, toAnonymise));
    if (toDelete.length) {
      const emails = await tx.select({ email: applications.email }).from(applications).where(inArray(applications.id, toDelete));
      await tx.delete(applications).where(inArray(applications.id, toDelete));
      // The application-received emails of deleted applications carry their personal data too.
      const addresses = emails.map((e) => e.email.toLowerCase());
      if (addresses.length) {
        await tx.delete(emailOutbox).where(and(isNull(emailOutbox.memberId), inArray(sql`lower(${emailOutbox.toAddress})`, addresses)));
      }
    }

    const result = {
      success: true,
      deleted_members: memberIds.length,
      deleted_applications: appIds.length,
      skipped_members_with_subscriptions: running.size,
    };
    await recordAdminAction(tx, actor, { action: "test_data_cleaned", targetType: "data", details: result }, now);
    return {
      ...result,
      detail: `Removed ${result.deleted_members} test members and ${result.deleted_applications} test applications.`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Exports. Both stream: rows are read a batch at a time by keyset on the id (exact, unlike
// timestamps, which PostgreSQL keeps to the microsecond and JavaScript to the millisecond), so
// a large association is never held in memory whole.
// ---------------------------------------------------------------------------------------------

const BATCH = 500;

async function* readAll(db: DbOrTx, table: PgTable & { id: PgColumn }, where?: SQL): AsyncGenerator<Record<string, unknown>> {
  let after: string | null = null;
  for (;;) {
    const rows = (await db
      .select()
      .from(table as PgTable)
      .where(and(where, after ? gt(table.id, after) : undefined))
      .orderBy(asc(table.id))
      .limit(BATCH)) as Record<string, unknown>[];
    for (const row of rows) yield row;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id as string;
  }
}

/** Password hashes stay in the database: a backup file travels. */
function memberForBackup({ passwordHash, ...member }: Record<string, unknown>) {
  return { ...member, hasPassword: passwordHash !== null };
}

/** The dated file name of a backup: association-backup-2026-05-01.json (Chicago date). */
export function backupFileName(now: Date, extension = "json", stem = "association-backup"): string {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `${stem}-${date}.${extension}`;
}

/** Records the export in the audit log; called before the first byte is sent. */
export async function recordExport(services: Services, actor: AdminActor, action: "backup_exported" | "members_csv_exported", details: Record<string, unknown> = {}) {
  await recordAdminAction(services.db, actor, { action, targetType: "data", details }, services.now());
}

/**
 * The whole association as one JSON document, produced piece by piece: every member (deleted
 * ones anonymised), application, contract, subscription and payment. Secrets are left out.
 */
export async function* exportBackup(services: Services): AsyncGenerator<string> {
  const { db } = services;
  yield `{"format":"association-backup","version":1,"exported_at":${JSON.stringify(services.now().toISOString())}`;
  const same = (row: Record<string, unknown>) => row;
  const sections: [string, AsyncGenerator<Record<string, unknown>>, (row: Record<string, unknown>) => unknown][] = [
    ["members", readAll(db, members), memberForBackup],
    ["applications", readAll(db, applications), same],
    ["contracts", readAll(db, contracts), same],
    ["subscriptions", readAll(db, subscriptions), same],
    ["payments", readAll(db, payments), same],
  ];
  for (const [name, rows, shape] of sections) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    let chunk = "";
    for await (const row of rows) {
      chunk += (first ? "\n" : ",\n") + JSON.stringify(shape(row));
      first = false;
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = "";
      }
    }
    yield `${chunk}]`;
  }
  yield "}\n";
}

const CSV_COLUMNS = [
  "id",
  "first_name",
  "last_name",
  "email",
  "phone",
  "membership_level",
  "status",
  "is_active",
  "property_management_status",
  "license_status",
  "specialty_skills",
  "other_specialty",
  "created_at",
] as const;

/** One CSV field (RFC 4180), with formula characters defused for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The member list (not deleted members) as CSV for a spreadsheet, searched and filtered like the list. */
export async function* exportMembersCsv(services: Services, query: { q?: string; email?: string; name?: string; filter: DataFilter }): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  const where = and(isNull(members.deletedAt), personWhere(members, query));
  let chunk = "";
  for await (const raw of readAll(services.db, members, where)) {
    const m = raw as unknown as typeof members.$inferSelect;
    const values: Record<(typeof CSV_COLUMNS)[number], string> = {
      id: m.id,
      first_name: m.firstName,
      last_name: m.lastName,
      email: m.email,
      phone: m.phone,
      membership_level: m.membershipLevel,
      status: m.status,
      is_active: String(m.isActive),
      property_management_status: m.propertyManagementStatus,
      license_status: m.licenseStatus ?? "",
      specialty_skills: m.specialtySkills.join("; "),
      other_specialty: m.otherSpecialty,
      created_at: m.createdAt.toISOString(),
    };
    chunk += `${CSV_COLUMNS.map((c) => csvField(values[c])).join(",")}\r\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** An async generator as a byte stream that reads on demand (backpressure). */
export function toByteStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The outbox, read-only: with no SMTP configured this is how an admin reads what was sent.
// ---------------------------------------------------------------------------------------------

export async function listOutbox(db: DbOrTx, query: { limit: number; offset: number; q?: string }) {
  const where = query.q
    ? sql`(position(${query.q.toLowerCase()} in lower(${emailOutbox.toAddress})) > 0 or position(${query.q.toLowerCase()} in lower(${emailOutbox.subject})) > 0)`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        template: emailOutbox.template,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        sentAt: emailOutbox.sentAt,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return page(
    rows.map((r) => ({
      id: r.id,
      template: r.template,
      to: r.to,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      last_error: r.lastError,
      sent_at: r.sentAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    Number(total?.n ?? 0),
    query.offset,
    query.limit,
  );
}

export async function getOutboxMessage(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    template: row.template,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    attachments: row.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, bytes: Math.floor((a.content.length * 3) / 4) })),
  };
}
