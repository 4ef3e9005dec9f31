import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AGREEMENT_VERSION } from "../../src/shared/agreement.ts";
import { alaCarteTerms, premiumTerms, SUPPORT_FIRST_REPLY } from "../../src/shared/membership.ts";
import { sessionIdOf, trpcCall } from "../support/billing.ts";
import { apply, applyAndSign, paidOwner } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

// What the product promises and what it delivers (issue 31): the words members read and sign come
// from the one price table, and each promise is either delivered or says exactly what is.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the agreement and the member's benefits say what each level delivers, at the price table's prices", () => {
  test("the agreement shown before signing prices every service sold by the item, and calls none of them included where it costs money", async () => {
    const client = t.client();
    const { applicationId } = await apply(client, { membership_level: "Premium" });
    const shown = (await client.get(`/api/membership/application/${applicationId}`)).body;
    expect(shown.agreement_text).toContain(`Version ${AGREEMENT_VERSION}`);
    const levels = shown.agreement_text.split("\n\n").find((p: string) => p.startsWith("Article 3."))!;
    for (const term of alaCarteTerms) expect(levels).toContain(term.words);
    expect(levels).toContain("Eviction coordination: $400 per case on Standard, $100 per case with Premium");
    expect(levels).toContain(`within ${SUPPORT_FIRST_REPLY.Premium.words} instead of ${SUPPORT_FIRST_REPLY.Standard.words}`);
    // Bookkeeping is what staff do, and only with the member's permission.
    expect(levels).toContain("record rent payments and charges in the Member's books only while the Member grants them access");
    expect(levels).not.toContain("administrative and bookkeeping support");
  });

  test("a Premium member's benefits list each Premium service with its price, from the table", async () => {
    const client = t.client();
    await paidOwner(client, "Premium");
    const features: string[] = (await client.get("/api/auth/me")).body.available_features;
    for (const line of Object.values(premiumTerms)) expect(features).toContain(line);
    expect(features).toContain("Eviction-process coordination at $100 per case ($400 per case on Standard)");
    expect(features.find((f) => f.startsWith("IRS-ready"))).toBe("IRS-ready Schedule E report for every tax year (included; $200 per tax year on Standard)");
    expect(features.find((f) => f.startsWith("Priority support"))).toBe(
      `Priority support: a first reply to your support tickets within ${SUPPORT_FIRST_REPLY.Premium.words} (Standard: ${SUPPORT_FIRST_REPLY.Standard.words})`,
    );
    // Nothing promises a way of being served that does not exist.
    expect(features.join("\n")).not.toMatch(/phone|keeps your books/i);
    expect(features).not.toContain("Eviction-process coordination");
});
});

describe("the test checkout's card", () => {
  test("an expiry date that has passed, or a CVC that is not 3 or 4 digits, is refused with its field named, and nothing is paid", async () => {
    const client = t.client();
    const signed = await applyAndSign(client, "Standard");
    const initiated = await client.post(`/api/membership/initiate-payment/${signed.applicationId}`, { billing_frequency: "monthly" });
    const session_id = sessionIdOf(initiated.body.checkout_url);
    const card = { session_id, card_number: "4242 4242 4242 4242" };
    const expired = await trpcCall(client, "mutation", "public.testProvider.pay", { ...card, expiry: "01/20", cvc: "123" });
    expect(expired.status).toBe(422);
    expect(JSON.stringify(expired.body)).toContain("This card has expired");
    const badCvc = await trpcCall(client, "mutation", "public.testProvider.pay", { ...card, expiry: "12/39", cvc: "12" });
    expect(badCvc.status).toBe(400);
    expect(JSON.stringify(badCvc.body)).toContain("Enter the 3 or 4 digits of the CVC.");
    expect((await client.get("/api/auth/me")).body.status).toBe("awaiting_payment");
    const paid = await trpcCall(client, "mutation", "public.testProvider.pay", { ...card, expiry: "12/39", cvc: "737" });
    expect(paid.status).toBe(200);
    expect((await client.get("/api/auth/me")).body.status).toBe("active");
  });
});

describe("buying what Premium includes", () => {
  test("a Standard owner is told, before buying the Schedule E report or bookkeeping, that Premium includes it and what upgrading costs; a Premium owner is told nothing", async () => {
    const standard = t.client();
    await paidOwner(standard, "Standard");
    const prices = (await standard.get("/api/portal/purchases")).body.prices as { item: string; before_buying: string | null }[];
    const report = prices.find((p) => p.item === "tax_report")!;
    expect(report.before_buying).toBe(
      "Premium includes the Schedule E report for every tax year. Upgrading from Standard ($50/month) to Premium ($100/month) costs $50 more a month; this purchase ($200 per tax year) is not refunded or credited if you upgrade later.",
    );
    expect(prices.find((p) => p.item === "bookkeeping")!.before_buying).toContain("Premium includes bookkeeping support every month.");
    // Eviction coordination costs a Premium owner money too: nothing to warn about.
    expect(prices.find((p) => p.item === "eviction_case")!.before_buying).toBeNull();
    const premium = t.client();
    await paidOwner(premium, "Premium");
    const premiumPrices = (await premium.get("/api/portal/purchases")).body.prices as { before_buying: string | null }[];
    expect(premiumPrices.every((p) => p.before_buying === null)).toBe(true);
  });
});
