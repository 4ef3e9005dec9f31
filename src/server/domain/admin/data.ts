import { and, asc, count, desc, eq, getTableColumns, getTableName, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { listedMember } from "../members.ts";
import type { PgTable } from "drizzle-orm/pg-core";
import { ADMIN_TEXT, countOf, type DataFilter } from "../../../shared/admin.ts";
import { queryRows, type DbOrTx } from "../../db/client.ts";
import { csvField } from "../../documents/csv.ts";
import { applications, contracts, emailOutbox, members, payments, subscriptions } from "../../db/schema.ts";
import type { Services } from "../../services.ts";
import { changingFigures } from "./figures.ts";
import { recordAdminAction, type AdminActor } from "../audit.ts";
import { carriesCredential, openCredentials, redactCredentials } from "../../mail/outbox.ts";
import { anonymiseMembers, anonymousApplication, membersWithRunningSubscriptions } from "./members.ts";
import { isTestDataSql, isUuid, page, personWhere } from "./queries.ts";

// The Enhanced Database Admin: overview counts, test-data cleanup, the backup and the CSV.

/** How many members and applications there are, real and test (SPEC.md 5), within a search. */
export async function dataOverview(db: DbOrTx, query: { q?: string; filter: DataFilter }) {
  const memberBase = and(listedMember(), personWhere(members, { q: query.q, filter: "all" }));
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
  return changingFigures(services, () => services.db.transaction(async (tx) => {
    const now = services.now();
    const candidates = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(listedMember(), isTestDataSql(members)))
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
      detail: `Removed ${countOf(result.deleted_members, "test member")} and ${countOf(result.deleted_applications, "test application")}.`,
    };
  }));
}

// ---------------------------------------------------------------------------------------------
// Exports. Both stream, reading only as fast as the admin's download takes the bytes, by keyset
// on the id (exact, unlike timestamps, which PostgreSQL keeps to the microsecond and JavaScript
// to the millisecond), so a large association is never held in memory whole.
//
// The backup's rows are rendered to JSON by the database (row_to_json, with the schema's property
// names as keys and timestamps as JSON.stringify writes them), a batch of rows as one string, so
// the server builds no row objects and no string per column. Memory (measured at 100,000 signed
// contracts, ~600 MB of JSON; decision 0030): with row objects the server grew by
// ~300 MB, although what it held at any moment was small: the runtime collected the short-lived
// text late. With the JSON made by the database and a full collection after every 16 MB sent,
// it grows by 50-85 MB. (`COPY ... TO STDOUT` would pass bytes through without strings, but the
// `postgres` driver's COPY stream under Bun sometimes never ends.)
// ---------------------------------------------------------------------------------------------


const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * `select <every column as its schema property name> from <table>` as SQL text. Timestamps become
 * ISO 8601 UTC with milliseconds, as JSON.stringify writes a Date.
 */
function backupSelect(table: PgTable, options: { omit?: string[]; extra?: [string, string][] } = {}): string {
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => !options.omit?.includes(key))
    .map(([key, column]) => {
      const name = quoteIdent(column.name);
      const value = column.columnType === "PgTimestamp" ? `to_char(${name} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : name;
      return `${value} as ${quoteIdent(key)}`;
    });
  for (const [key, value] of options.extra ?? []) columns.push(`${value} as ${quoteIdent(key)}`);
  return `select ${columns.join(", ")} from ${quoteIdent(getTableName(table))}`;
}

/** Rows per query: a contract carries its whole agreement (~5 KB), so 100 rows are ~600 KB of JSON. */
const BACKUP_BATCH = 100;
/** Characters sent between two full collections. */
const COLLECT_EVERY = 16 * 1024 * 1024;

/** The rows of a backup select as the items of a JSON array (without the brackets), by id. */
async function* backupRows(services: Services, select: string): AsyncGenerator<string> {
  let after: string | null = null;
  let separator = "\n";
  let sinceCollection = 0;
  for (;;) {
    type Page = { last: string | null; rows: number; json: string | null };
    const [page]: Page[] = await queryRows<Page>(
      services.db,
      sql`
        select (array_agg(r."id" order by r."id" desc))[1]::text as last, count(*)::int as rows,
               string_agg(row_to_json(r)::text, ${",\n"} order by r."id") as json
        from (${sql.raw(select)} ${after ? sql`where "id" > ${after}` : sql``} order by "id" limit ${BACKUP_BATCH}) r`,
    );
    if (page?.json) {
      yield separator + page.json;
      separator = ",\n";
      sinceCollection += page.json.length;
      if (sinceCollection >= COLLECT_EVERY) {
        sinceCollection = 0;
        Bun.gc(true);
      }
    }
    if (!page || page.rows < BACKUP_BATCH) return;
    after = page.last;
  }
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
 * The association's people and money as one JSON document, produced piece by piece: every member
 * (deleted ones anonymised), application, contract, subscription and payment. SPEC.md names it a
 * backup; it is an export (its `note` says so): nothing restores it, and `npm run db:backup` is the
 * backup. Secrets are left out: password hashes never leave the database (the file travels), only
 * whether one is set.
 */
export async function* exportBackup(services: Services): AsyncGenerator<string> {
  yield `{"format":"association-backup","version":1,"note":${JSON.stringify(ADMIN_TEXT.exportNote)},"exported_at":${JSON.stringify(services.now().toISOString())}`;
  const sections: [string, string][] = [
    ["members", backupSelect(members, { omit: ["passwordHash"], extra: [["hasPassword", `${quoteIdent(members.passwordHash.name)} is not null`]] })],
    ["applications", backupSelect(applications)],
    ["contracts", backupSelect(contracts)],
    ["subscriptions", backupSelect(subscriptions)],
    ["payments", backupSelect(payments)],
  ];
  for (const [name, select] of sections) {
    yield `,${JSON.stringify(name)}:[`;
    yield* backupRows(services, select);
    yield "]";
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


/** What the CSV needs of a member, and nothing more. */
const CSV_SELECTION = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  phone: members.phone,
  membershipLevel: members.membershipLevel,
  status: members.status,
  isActive: members.isActive,
  propertyManagementStatus: members.propertyManagementStatus,
  licenseStatus: members.licenseStatus,
  specialtySkills: members.specialtySkills,
  otherSpecialty: members.otherSpecialty,
  createdAt: members.createdAt,
};

/** The member list (not deleted members) as CSV for a spreadsheet, searched and filtered like the list. */
export async function* exportMembersCsv(services: Services, query: { q?: string; email?: string; name?: string; filter: DataFilter }): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  const where = and(listedMember(), personWhere(members, query));
  const batch = 500;
  let after: string | null = null;
  for (;;) {
    const rows = await services.db
      .select(CSV_SELECTION)
      .from(members)
      .where(and(where, after ? gt(members.id, after) : undefined))
      .orderBy(asc(members.id))
      .limit(batch);
    const lines = rows.map((m) => {
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
      return `${CSV_COLUMNS.map((c) => csvField(values[c])).join(",")}\r\n`;
    });
    if (lines.length) yield lines.join("");
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
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
// The outbox, read-only. With SMTP it is the record of what was sent, and the credentials in it
// (sign-in, password and application links, email codes, invitations) are hidden: they belong to
// the recipient alone (DECISIONS.md 29). Without SMTP, in development, nothing is delivered and
// the outbox is the only mailbox there is: it shows them, under the TEST MODE banner.
// ---------------------------------------------------------------------------------------------

export type OutboxView = "redacted" | "mailbox";

/** How staff see the outbox on this server. */
export const outboxView = (config: Pick<Services["config"], "SMTP_URL" | "isProduction">): OutboxView =>
  config.SMTP_URL || config.isProduction ? "redacted" : "mailbox";

const shown = (stored: string, credentials: string[] | null, view: OutboxView) =>
  view === "mailbox" ? openCredentials(stored, credentials) : redactCredentials(stored);

export async function listOutbox(db: DbOrTx, query: { limit: number; offset: number; q?: string }, view: OutboxView = "redacted") {
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
        credentials: emailOutbox.credentials,
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
      subject: shown(r.subject, r.credentials, view),
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

/**
 * One message as staff may see it. Every read of a message's body is an audit entry, written in
 * the transaction that reads it.
 */
export async function readOutboxMessage(services: Services, actor: AdminActor, id: string) {
  if (!isUuid(id)) return null;
  const view = outboxView(services.config);
  return services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
    if (!row) return null;
    const carries = carriesCredential(row.subject) || carriesCredential(row.html) || carriesCredential(row.text);
    await recordAdminAction(
      tx,
      actor,
      { action: "outbox_message_read", targetType: "email", targetId: row.id, details: { template: row.template, credentials: carries ? (view === "mailbox" ? "shown" : "hidden") : "none" } },
      services.now(),
    );
    return {
      id: row.id,
      template: row.template,
      to: row.toAddress,
      subject: shown(row.subject, row.credentials, view),
      text: shown(row.text, row.credentials, view),
      html: shown(row.html, row.credentials, view),
      /** `hidden`: the message hands its recipient a credential, left out here; `shown`: the development outbox shows it. */
      credentials: carries ? (view === "mailbox" ? ("shown" as const) : ("hidden" as const)) : ("none" as const),
      /** No mail server: this outbox is the only mailbox (development, TEST MODE). */
      test_mode_mailbox: view === "mailbox",
      status: row.status,
      attempts: row.attempts,
      last_error: row.lastError,
      sent_at: row.sentAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      // A signed agreement's PDF is made from its contract when the message is sent: its size is not known before.
      attachments: row.attachments.map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        bytes: "content" in a ? Math.floor((a.content.length * 3) / 4) : null,
      })),
    };
  });
}
