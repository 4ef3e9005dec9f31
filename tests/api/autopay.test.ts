import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { chicagoToday, firstDayOf, nextPeriod, periodOf, plusDays, plusMonths, type IsoDate } from "../../src/shared/calendar.ts";
import { autopayAuthorization } from "../../src/shared/autopay.ts";
import { autopayCharges, autopayEnrollments, emailOutbox, ledgerEntries, testProviderPaymentIntents, testProviderPaymentMethods } from "../../src/server/db/schema.ts";
import { runAutopay } from "../../src/server/domain/portal/autopay.ts";
import { applyRentEvent } from "../../src/server/domain/portal/online-rent.ts";
import { createSession } from "../../src/server/domain/sessions.ts";
import { linkTokenFromEmail, paidOwner } from "../support/fixtures.ts";
import { createTestApp, type ApiClient, type TestApp, middleOfThisMonth } from "../support/harness.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";

// Autopay through its REST paths on the built-in test provider (issue 30, item 3): the tenant
// turns it on through the TEST MODE setup (the same code path as Stripe's setup checkout and
// webhook), the day's job charges the balance then due (never more than the limit), exactly once
// per lease and due date however often it runs, the payment reaches the ledger from the provider's
// event only, a failed charge is retried exactly once three days later with both parties emailed
// each time, and the tenant stops it at any time.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The 15th: this file moves its clock to the next 1st and dates things earlier in the month.
  t.clock.set(middleOfThisMonth());
});
afterAll(() => t.close());

const today = () => chicagoToday(t.services.now());
/** Morning in Chicago on that day; the homes' sessions are made again at that time (a month ahead, they would have expired). */
const homes: Home[] = [];
function at(date: IsoDate) {
  t.clock.set(new Date(`${date}T15:00:00Z`));
  return Promise.all(homes.map(async (h) => {
    h.owner.cookies.set("lpa_member", (await createSession(t.services.db, { kind: "member", memberId: h.ownerId }, t.services.now())).token);
    h.tenant.cookies.set("lpa_tenant", (await createSession(t.services.db, { kind: "tenant", tenantAccountId: h.tenantAccountId }, t.services.now())).token);
  }));
}
const nextFirst = () => firstDayOf(nextPeriod(periodOf(today())));
let seq = 0;

interface Home {
  owner: ApiClient;
  ownerId: string;
  ownerEmail: string;
  tenantAccountId: string;
  tenant: ApiClient;
  tenantEmail: string;
  leaseId: string;
  tenantIds: string[];
  tenantEmails: string[];
}

/** A paid owner taking rent online (TEST MODE), a lease that began two months ago at $1,200 due on the 1st, its first tenant signed in. */
async function home(options: { rentCents?: number; coTenant?: boolean } = {}): Promise<Home> {
  const owner = t.client();
  const signed = await paidOwner(owner, "Standard", { first_name: "Olga", last_name: "Owner" });
  const property = await owner.post("/api/portal/properties", {
    address: { line1: `${2400 + ++seq} W Autopay Ave`, city: "Chicago", zip: "60608" },
    property_type: "multi_family",
    units: [{ label: "1" }, { label: "2" }],
  });
  const tenantEmail = `tess.${Date.now()}.${seq}@tenants.example.net`;
  const tenants = [{ first_name: "Tess", last_name: "Renter", email: tenantEmail }];
  if (options.coTenant) tenants.push({ first_name: "Cody", last_name: "Renter", email: `cody.${Date.now()}.${seq}@tenants.example.net` });
  const lease = await owner.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: firstDayOf(plusMonths(periodOf(today()), -2)),
    rent_cents: options.rentCents ?? 120_000,
    due_day: 1,
    late_fee: null,
    tenants,
  });
  expect(lease.status).toBe(201);
  const tenant = await signedIn(owner, lease.body.id, lease.body.tenants.find((y: { email: string }) => y.email === tenantEmail).id, tenantEmail);
  const onboarding = await owner.post("/api/portal/payouts");
  const account = new URL(onboarding.body.onboarding_url).searchParams.get("account")!;
  expect((await trpcCall(owner, "mutation", "public.testProvider.completeOnboarding", { account })).status).toBe(200);
  const created = {
    owner,
    ownerId: (await owner.get("/api/auth/me")).body.id as string,
    ownerEmail: signed.email,
    tenant,
    tenantAccountId: (await tenant.get("/api/tenant/me")).body.tenant.id as string,
    tenantEmail,
    leaseId: lease.body.id as string,
    // In the order given: the lease answers them sorted.
    tenantIds: tenants.map((x) => lease.body.tenants.find((y: { email: string }) => y.email === x.email).id as string),
    tenantEmails: tenants.map((x) => x.email),
  };
  homes.push(created);
  return created;
}

async function signedIn(owner: ApiClient, leaseId: string, tenantId: string, email: string) {
  expect((await owner.post(`/api/portal/leases/${leaseId}/tenants/${tenantId}/invite`)).status).toBe(200);
  const tenant = t.client();
  expect((await tenant.post("/api/tenant/sign-in-link/confirm", { token: await linkTokenFromEmail(t.services, email, "tenant_invite") })).status).toBe(200);
  return tenant;
}

/** The owner records a check for whatever is owed: the lease is paid up today. */
async function paidUp(h: Home) {
  const { balance_cents } = (await h.owner.get(`/api/portal/leases/${h.leaseId}/ledger`)).body;
  if (balance_cents > 0) expect((await h.owner.post(`/api/portal/leases/${h.leaseId}/payments`, { amount_cents: balance_cents, paid_on: today(), method: "check", send_receipt: false })).status).toBe(201);
}

type Saved = { method: "card"; card_number: string } | { method: "us_bank_account"; outcome: "clears" | "fails" };
const CARD = { method: "card", card_number: "4242 4242 4242 4242" } as const;
const DECLINING_CARD = { method: "card", card_number: "4000 0000 0000 0341" } as const;

/** The tenant turns autopay on and saves a method on the TEST MODE setup page. */
async function turnOn(client: ApiClient, leaseId: string, limitCents: number, saved: Saved = CARD) {
  const started = await client.post(`/api/tenant/leases/${leaseId}/autopay`, { limit_cents: limitCents });
  expect(started.status).toBe(200);
  expect(started.body.setup_url).toContain("/test-autopay-setup?session_id=");
  const done = await trpcCall(client, "mutation", "public.testProvider.saveAutopayMethod", { session_id: sessionIdOf(started.body.setup_url), ...saved });
  expect(done.status).toBe(200);
  expect(done.data.success_url).toEndWith(`/tenant/autopay/${started.body.autopay_id}`);
  return started.body as { autopay_id: string; setup_url: string; authorization: string };
}

const intentsOf = async (leaseId: string) =>
  (await t.services.db.select().from(testProviderPaymentIntents).orderBy(asc(testProviderPaymentIntents.createdAt))).filter((i) => i.metadata.lease_id === leaseId);
const entriesOf = (leaseId: string) => t.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.leaseId, leaseId));
const autopayPayments = async (leaseId: string) => (await entriesOf(leaseId)).filter((e) => e.kind === "payment" && e.description.startsWith("Autopay payment"));
const mailTo = async (to: string, template: string) => t.services.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
/** Each tenant's autopay as the owner's lease answers it, in the order the tenants were given. */
const autopaysOf = async (h: Home) => {
  const { tenants } = (await h.owner.get(`/api/portal/leases/${h.leaseId}`)).body as { tenants: { id: string; autopay: unknown }[] };
  return h.tenantIds.map((id) => tenants.find((x) => x.id === id)!.autopay);
};
const balanceOf = async (h: Home) => (await entriesOf(h.leaseId)).reduce((sum, e) => sum + e.amountCents, 0);

describe("turning autopay on", () => {
  test("the setup saves the method; the lease shows each tenant's autopay; the authorization is stored word for word and its copy emailed", async () => {
    const h = await home({ coTenant: true });
    expect((await autopaysOf(h))).toEqual([null, null]);
    const started = await turnOn(h.tenant, h.leaseId, 150_000);
    // The words the tenant read: the same rule the form shows, with the lease's facts.
    expect(started.authorization).toBe(
      autopayAuthorization({ tenantName: "Tess Renter", landlord: "Olga Owner", place: `${2400 + seq} W Autopay Ave, unit 1, Chicago`, dueDay: 1, limitCents: 150_000 }),
    );
    const [row] = await t.services.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, started.autopay_id));
    expect(row).toMatchObject({ status: "active", authorizationText: started.authorization, limitCents: 150_000, methodType: "card", brand: "visa", last4: "4242" });
    expect(row!.authorizedAt).toBeInstanceOf(Date);
    // The owner sees who pays by autopay, per tenant (PORTAL.md 8a).
    expect((await autopaysOf(h))).toEqual([{ enabled: true, method: { brand: "visa", last4: "4242" }, limit_cents: 150_000 }, null]);
    // The owner's export says the same.
    const exported = (await h.owner.get("/api/portal/export")).body.leases.find((l: { id: string }) => l.id === h.leaseId);
    expect(exported.tenants.find((x: { id: string }) => x.id === h.tenantIds[0]).autopay).toEqual({ enabled: true, method: { brand: "visa", last4: "4242" }, limit_cents: 150_000 });
    const [copy] = await mailTo(h.tenantEmail, "autopay_on");
    expect(copy!.text).toContain(started.authorization);
    expect(await mailTo(h.ownerEmail, "owner_autopay_changed")).toHaveLength(1);
    const me = (await h.tenant.get("/api/tenant/me")).body.leases[0];
    expect(me.autopay).toMatchObject({ enabled: true, method: { brand: "visa", last4: "4242" }, limit_cents: 150_000, authorization: started.authorization, other_tenant_pays: false });
    expect((await h.tenant.get(`/api/tenant/autopay/${started.autopay_id}`)).body).toMatchObject({ status: "active", enabled: true });
  });

  test("a second tenant of the lease is refused while the first pays by autopay; an owner without payouts, a stranger's lease and a bad limit are refused", async () => {
    const h = await home({ coTenant: true });
    await turnOn(h.tenant, h.leaseId, 150_000);
    const cody = await signedIn(h.owner, h.leaseId, h.tenantIds[1]!, h.tenantEmails[1]!);
    const second = await cody.post(`/api/tenant/leases/${h.leaseId}/autopay`, { limit_cents: 150_000 });
    expect(second.status).toBe(409);
    expect(second.body.detail).toContain("Another tenant of this lease already pays it by autopay");
    expect((await cody.get("/api/tenant/me")).body.leases[0].autopay).toMatchObject({ enabled: false, other_tenant_pays: true });

    const bad = await h.tenant.post(`/api/tenant/leases/${h.leaseId}/autopay`, { limit_cents: 50 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([expect.objectContaining({ loc: ["body", "limit_cents"], msg: "Set a limit of at least $1.00" })]);
    const stranger = await home();
    expect((await stranger.tenant.post(`/api/tenant/leases/${h.leaseId}/autopay`, { limit_cents: 150_000 })).status).toBe(404);
    expect((await stranger.tenant.delete(`/api/tenant/leases/${h.leaseId}/autopay`)).status).toBe(404);

    // A landlord who does not take rent online: nothing to set up.
    const offline = t.client();
    await paidOwner(offline);
    const property = await offline.post("/api/portal/properties", { address: { line1: "9 Offline Ct", city: "Berwyn", zip: "60402" }, property_type: "single_family", units: [{ label: "A" }] });
    const email = `off.${Date.now()}@tenants.example.net`;
    const offlineLease = await offline.post("/api/portal/leases", { unit_id: property.body.units[0].id, start_date: today(), rent_cents: 90_000, due_day: 1, tenants: [{ first_name: "Otto", last_name: "T", email }] });
    const otto = await signedIn(offline, offlineLease.body.id, offlineLease.body.tenants[0].id, email);
    const refused = await otto.post(`/api/tenant/leases/${offlineLease.body.id}/autopay`, { limit_cents: 100_000 });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("does not take rent online yet");
  });
});

describe("the due-day charge", () => {
  test("exactly one charge per lease and due date, of the balance then due, however often and however concurrently the job runs; the ledger changes from the provider's event", async () => {
    const h = await home();
    await paidUp(h);
    await turnOn(h.tenant, h.leaseId, 150_000);
    // Before the due day nothing is charged.
    await runAutopay(t.services, today());
    expect(await intentsOf(h.leaseId)).toHaveLength(0);

    const due = nextFirst();
    await at(due);
    // Four runs at once in this process (the two-process test is autopay-processes.test.ts), then the rest of the day and the next days.
    await Promise.all([1, 2, 3, 4].map(() => runAutopay(t.services, due)));
    for (const day of [due, plusDays(due, 1), plusDays(due, 2), plusDays(due, 5)]) {
      await at(day);
      await runAutopay(t.services, day);
    }
    const intents = await intentsOf(h.leaseId);
    expect(intents).toHaveLength(1);
    // The balance then due: the rent posted that morning, $1,200.00.
    expect(intents[0]).toMatchObject({ amountCents: 120_000, status: "succeeded", method: "card" });
    const payments = await autopayPayments(h.leaseId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: -120_000, date: due, method: "card", source: "tenant", description: "Autopay payment by card", reference: intents[0]!.id });
    const [charge] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, h.leaseId));
    expect(charge).toMatchObject({ dueDate: due, attempt: 1, amountCents: 120_000, status: "paid", ledgerEntryId: payments[0]!.id });
    expect(await balanceOf(h)).toBe(0);
    // The receipts of an online payment: the tenant's and the owner's news.
    expect((await mailTo(h.tenantEmail, "rent_receipt")).length).toBeGreaterThan(0);
    expect(await mailTo(h.ownerEmail, "owner_payment_received")).toHaveLength(1);
  });

  test("the provider's event delivered again changes nothing; an event for an unknown payment is not applied", async () => {
    const h = await home();
    await paidUp(h);
    await turnOn(h.tenant, h.leaseId, 150_000);
    const due = nextFirst();
    await at(due);
    await runAutopay(t.services, due);
    const [intent] = await intentsOf(h.leaseId);
    const event = { id: `evt_again_${seq}`, type: "payment_intent.succeeded" as const, paymentRef: intent!.id };
    expect(await applyRentEvent(t.services, event)).toBe("applied");
    expect(await applyRentEvent(t.services, event)).toBe("duplicate");
    expect(await applyRentEvent(t.services, { ...event, id: `evt_later_${seq}` })).toBe("applied");
    expect(await autopayPayments(h.leaseId)).toHaveLength(1);
    expect(await applyRentEvent(t.services, { id: `evt_unknown_${seq}`, type: "payment_intent.succeeded", paymentRef: "pi_test_not_ours" })).toBe("unknown");
  });

  test("never more than the tenant's limit: the rest stays on the balance; nothing due is nothing charged", async () => {
    const owing = await home();
    // Owes three months ($3,600.00) and sets a $1,500.00 limit.
    await turnOn(owing.tenant, owing.leaseId, 150_000);
    const paid = await home();
    await paidUp(paid);
    // A credit of a month: next month's rent is paid already.
    await paid.owner.post(`/api/portal/leases/${paid.leaseId}/payments`, { amount_cents: 120_000, paid_on: today(), method: "check", send_receipt: false });
    await turnOn(paid.tenant, paid.leaseId, 150_000);
    const due = nextFirst();
    await at(due);
    await runAutopay(t.services, due);
    expect((await intentsOf(owing.leaseId)).map((i) => i.amountCents)).toEqual([150_000]);
    expect(await balanceOf(owing)).toBe(4 * 120_000 - 150_000);
    expect(await intentsOf(paid.leaseId)).toHaveLength(0);
    const [skipped] = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, paid.leaseId));
    expect(skipped).toMatchObject({ status: "skipped", amountCents: 0 });
  });

  test("a declined card: both parties emailed, retried exactly once three days later, emailed again, and never a third time", async () => {
    const h = await home();
    await paidUp(h);
    await turnOn(h.tenant, h.leaseId, 150_000, DECLINING_CARD);
    const due = nextFirst();
    for (let day = 0; day <= 10; day++) {
      await at(plusDays(due, day));
      await runAutopay(t.services, today());
      const attempts = (await intentsOf(h.leaseId)).length;
      // The due day, then three days after it failed, and nothing more.
      expect(attempts).toBe(day < 3 ? 1 : 2);
    }
    const charges = await t.services.db.select().from(autopayCharges).where(eq(autopayCharges.leaseId, h.leaseId));
    expect(charges.map((c) => [c.attempt, c.status, c.dueDate, c.failedOn]).sort()).toEqual([
      [1, "failed", due, due],
      [2, "failed", due, plusDays(due, 3)],
    ]);
    expect(await autopayPayments(h.leaseId)).toHaveLength(0);
    const tenantMail = await mailTo(h.tenantEmail, "autopay_failed");
    const ownerMail = await mailTo(h.ownerEmail, "owner_autopay_failed");
    expect(tenantMail).toHaveLength(2);
    expect(ownerMail).toHaveLength(2);
    expect(tenantMail.map((m) => m.text).join("\n")).toContain("It will be tried once more on");
    expect(tenantMail.map((m) => m.text).join("\n")).toContain("It was the second try");
    expect((await h.tenant.get("/api/tenant/me")).body.leases[0].autopay.last_charge).toMatchObject({ attempt: 2, status: "failed", retry_on: null });
  });

  test("a bank debit written while processing and voided when the bank returns it; the retry charges the method saved since", async () => {
    const h = await home();
    await paidUp(h);
    await turnOn(h.tenant, h.leaseId, 150_000, { method: "us_bank_account", outcome: "fails" });
    const due = nextFirst();
    await at(due);
    await runAutopay(t.services, due);
    const entries = await entriesOf(h.leaseId);
    const [payment] = entries.filter((e) => e.kind === "payment" && e.description === "Autopay payment from a bank account");
    expect(payment).toMatchObject({ amountCents: -120_000, method: "bank_transfer" });
    expect(entries.filter((e) => e.kind === "void" && e.voids === payment!.id).map((e) => e.amountCents)).toEqual([120_000]);
    expect(await mailTo(h.tenantEmail, "autopay_failed")).toHaveLength(1);
    expect(await balanceOf(h)).toBe(120_000);

    // Before the retry the tenant saves a card: it replaces the bank account, and the retry uses it.
    await turnOn(h.tenant, h.leaseId, 150_000, CARD);
    expect((await autopaysOf(h))[0]).toEqual({ enabled: true, method: { brand: "visa", last4: "4242" }, limit_cents: 150_000 });
    await at(plusDays(due, 3));
    await runAutopay(t.services, today());
    const intents = await intentsOf(h.leaseId);
    expect(intents.map((i) => `${i.method} ${i.status}`).sort()).toEqual(["card succeeded", "us_bank_account requires_payment_method"]);
    expect(await balanceOf(h)).toBe(0);
  });
});

describe("stopping autopay", () => {
  test("the tenant stops it at any time: nothing more is charged, the saved method is removed, both are told, and the owner sees it off", async () => {
    const h = await home();
    await paidUp(h);
    const started = await turnOn(h.tenant, h.leaseId, 150_000);
    const stopped = await h.tenant.delete(`/api/tenant/leases/${h.leaseId}/autopay`);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ enabled: false, method: { brand: "visa", last4: "4242" } });
    // Stopping again answers the same.
    expect((await h.tenant.delete(`/api/tenant/leases/${h.leaseId}/autopay`)).body.enabled).toBe(false);
    expect((await autopaysOf(h))[0]).toEqual({ enabled: false, method: { brand: "visa", last4: "4242" }, limit_cents: 150_000 });
    const [row] = await t.services.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, started.autopay_id));
    expect(row).toMatchObject({ status: "stopped", stoppedBy: "tenant" });
    const [method] = await t.services.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, row!.paymentMethodId!));
    expect(method!.detachedAt).toBeInstanceOf(Date);
    expect(await mailTo(h.tenantEmail, "autopay_off")).toHaveLength(1);
    expect((await mailTo(h.ownerEmail, "owner_autopay_changed")).map((m) => m.subject.replace(/ for .*/, "")).sort()).toEqual(["Tess Renter turned autopay off", "Tess Renter turned autopay on"]);
    const due = nextFirst();
    await at(due);
    await runAutopay(t.services, due);
    expect(await intentsOf(h.leaseId)).toHaveLength(0);
  });

  test("a setup finished after the tenant stopped does not turn autopay on; removing a tenant's portal access stops theirs", async () => {
    const h = await home();
    const started = await h.tenant.post(`/api/tenant/leases/${h.leaseId}/autopay`, { limit_cents: 150_000 });
    await h.tenant.delete(`/api/tenant/leases/${h.leaseId}/autopay`);
    await trpcCall(h.tenant, "mutation", "public.testProvider.saveAutopayMethod", { session_id: sessionIdOf(started.body.setup_url), ...CARD });
    expect((await autopaysOf(h))[0]).toBeNull();

    await turnOn(h.tenant, h.leaseId, 150_000);
    expect((await h.owner.delete(`/api/portal/leases/${h.leaseId}/tenants/${h.tenantIds[0]}/access`)).status).toBe(200);
    expect((await autopaysOf(h))[0]).toMatchObject({ enabled: false });
    const [off] = await mailTo(h.tenantEmail, "autopay_off");
    expect(off!.text).toContain("removed your access");
  });
});
