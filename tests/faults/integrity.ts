import { expect } from "bun:test";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import type { Acknowledged } from "./load.ts";

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);
async function all<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf((await db.execute(query)) as unknown as Rows<T>);
}

/**
 * Everything acknowledged is there, complete, and nothing is half-written: each application has
 * its received email; each signed application has exactly one contract, its member, its status
 * and its signed-agreement email; no member or contract exists without the other.
 */
export async function expectIntact(db: Db, ack: Acknowledged) {
  const apps = await all<{ id: string; email: string; status: string; member_id: string | null; signed_at: string | null }>(
    db,
    sql`select id, email, status, member_id, signed_at from applications`,
  );
  const byId = new Map(apps.map((a) => [a.id, a]));
  for (const [id, email] of ack.applications) {
    expect(byId.get(id)?.email, `acknowledged application ${id}`).toBe(email);
  }

  const contracts = await all<{ id: string; application_id: string; member_id: string }>(db, sql`select id, application_id, member_id from contracts`);
  const contractByApp = new Map<string, string[]>();
  for (const c of contracts) contractByApp.set(c.application_id, [...(contractByApp.get(c.application_id) ?? []), c.id]);
  for (const [appId, contractId] of ack.contracts) {
    expect(contractByApp.get(appId), `acknowledged signature of ${appId}`).toEqual([contractId]);
  }
  for (const [appId, ids] of contractByApp) expect(ids.length, `contracts of ${appId}`).toBe(1);

  // Half-written signatures: status, member and contract go together. The demo's sample owner
  // (PORTAL.md 1) is the one member without an application, so it is left out.
  const members = await all<{ id: string }>(db, sql`select id from members where not is_sample`);
  const memberIds = new Set(members.map((m) => m.id));
  for (const a of apps) {
    const signed = contractByApp.has(a.id);
    expect(a.status === "pending", `application ${a.id} status ${a.status} with contract ${signed}`).toBe(!signed);
    if (signed) {
      expect(a.member_id && memberIds.has(a.member_id)).toBeTruthy();
      expect(a.signed_at).not.toBeNull();
    }
  }
  const contractMembers = new Set(contracts.map((c) => c.member_id));
  for (const id of memberIds) expect(contractMembers.has(id), `member ${id} has a contract`).toBe(true);

  // The emails committed with their changes: one received email per application, one signed per contract.
  const mail = await all<{ template: string; to_address: string; member_id: string | null }>(
    db,
    sql`select template, to_address, member_id from email_outbox`,
  );
  const received = new Map<string, number>();
  const signedMail = new Map<string, number>();
  for (const m of mail) {
    if (m.template === "application_received") received.set(m.to_address.toLowerCase(), (received.get(m.to_address.toLowerCase()) ?? 0) + 1);
    if (m.template === "agreement_signed" && m.member_id) signedMail.set(m.member_id, (signedMail.get(m.member_id) ?? 0) + 1);
  }
  for (const a of apps) expect(received.get(a.email.toLowerCase()), `received email for ${a.email}`).toBe(1);
  for (const c of contracts) expect(signedMail.get(c.member_id), `signed email for member ${c.member_id}`).toBe(1);
  return { applications: apps.length, contracts: contracts.length };
}
