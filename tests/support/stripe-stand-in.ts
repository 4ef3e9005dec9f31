// A local stand-in for Stripe's API (only what is outside this machine gets a stand-in). It keeps
// the objects our code creates, answers like Stripe, and records every request so tests can assert
// the parameters we send (mode, price, customer reuse, metadata, idempotency keys). Autopay's
// objects too: setup-mode checkouts, the PaymentMethods they save to a platform customer, and
// off-session PaymentIntents, which refuse a method that is not that customer's.
//
// It checks what Stripe checks, so a request Stripe would refuse fails here too: the secret key,
// the API version we pin, idempotency keys (a key replayed with the same body gets the first
// answer again, with another body Stripe's idempotency_error), unknown prices, customers and
// accounts answered with Stripe's error shapes, archived prices and lookup keys. One rule is
// ours, not Stripe's: a create (customer, price, account, checkout session, plan change) must
// carry our own Idempotency-Key, not only the SDK's automatic retry key, so that the same
// business step done twice makes one object. Failures can be injected (500s, rate limits,
// answers slower than the client waits) to prove the code survives them.

import Stripe from "stripe";
import { STRIPE_API_VERSION } from "../../src/server/payments/stripe-provider.ts";

const signer = new Stripe("sk_test_signer_only");
let events = 0;

/**
 * An event as Stripe delivers it to a webhook: the JSON payload and its `Stripe-Signature` header,
 * signed by the Stripe SDK's own test helper with the endpoint's secret.
 */
export async function signedStripeEvent(type: string, object: Record<string, unknown>, options: { id?: string; secret: string; account?: string }) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Date.now()}_${++events}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: STRIPE_API_VERSION,
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  });
  const header = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret, timestamp: Math.floor(Date.now() / 1000) });
  return { payload, headers: { "stripe-signature": header, "content-type": "application/json" } };
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string>;
}

type Obj = Record<string, any>;

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Requests to one path pattern ("POST /v1/checkout/sessions"). */
  calls(method: string, pathPrefix: string): RecordedRequest[];
  /** What Stripe does when a checkout is paid: a subscription on the session's price. */
  completeCheckout(sessionId: string, options?: { periodEnd?: number }): Obj;
  /** Connect: Express accounts, and the PaymentIntents and charges of payment-mode checkouts. */
  accounts: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  charges: Map<string, Obj>;
  /** The owner finished Stripe's onboarding: the account can take charges. */
  enableAccount(accountId: string): Obj;
  /** A payment-mode checkout is paid by card (succeeded) or by bank account (processing for days). */
  payCheckout(sessionId: string, method: "card" | "us_bank_account"): Obj;
  /** A processing bank payment clears or is returned by the bank. */
  settleBankPayment(sessionId: string, outcome: "clears" | "fails"): Obj;
  /** A refund on a payment-mode checkout's charge. */
  refund(sessionId: string, amount: number): Obj;
  /** Autopay: payment methods and SetupIntents saved by setup-mode checkouts (all on the platform account). */
  paymentMethods: Map<string, Obj>;
  setupIntents: Map<string, Obj>;
  /**
   * A setup-mode checkout completed: a card that pays, a card whose charges are declined (like
   * 4000 0000 0000 0341), or a US bank account whose debits clear or are returned.
   */
  completeSetup(sessionId: string, method: "card" | "card_declines" | "bank_clears" | "bank_fails"): Obj;
  /** A processing bank debit clears or is returned by the bank. */
  settleIntent(paymentIntentId: string): Obj;
  /** Archives a price, as the dashboard does: it keeps its lookup key but takes no new checkouts. */
  archivePrice(priceId: string): Obj;
  /**
   * The next `times` requests matching `method` and the path prefix fail: a 500 (before anything
   * is done), a 429 rate limit, or "slow" (done and kept for its idempotency key, but answered
   * after `delayMs`, later than the client waits); `when` narrows it to requests with such parameters.
   */
  fail(method: string, pathPrefix: string, kind: 500 | 429 | "slow", options?: { times?: number; delayMs?: number; when?: (params: Record<string, string>) => boolean }): void;
  stop(): void;
}

export interface StandInOptions {
  /** The secret key requests must carry (Bearer). */
  secretKey?: string;
}

let counter = 0;
const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`;

/** Stripe's error body. */
const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}) =>
  Response.json({ error: { type, message, ...extra } }, { status });

/** The creates that must carry our own idempotency key: "POST /v1/customers" and the like. */
function isCreate(route: string, params: Record<string, string>): boolean {
  if (["POST /v1/customers", "POST /v1/prices", "POST /v1/accounts", "POST /v1/checkout/sessions", "POST /v1/payment_intents"].includes(route)) return true;
  // A plan change (a subscription's items) charges money; flags such as cancel_at_period_end do not.
  return /^POST \/v1\/subscriptions\/[^/]+$/.test(route) && Object.keys(params).some((k) => k.startsWith("items["));
}

export function startStripeStandIn(options: StandInOptions = {}): StripeStandIn {
  const secretKey = options.secretKey ?? "sk_test_stand_in";
  /** Idempotency keys and the first request and answer made with each (as Stripe keeps them for 24 h). */
  const idempotent = new Map<string, { route: string; body: string; status: number; json: unknown }>();
  const faults: { method: string; prefix: string; kind: 500 | 429 | "slow"; times: number; delayMs: number; when?: (params: Record<string, string>) => boolean }[] = [];
  const inFlight = new Set<string>();
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const accounts = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();

  const expandsOf = (params: Record<string, string>) => Object.entries(params).filter(([k]) => k.startsWith("expand[")).map(([, v]) => v);
  /** A retrieved checkout with what `expand[]` asked for, as Stripe expands it. */
  const expanded = (session: Obj, params: Record<string, string>) => {
    const expand = expandsOf(params);
    if (expand.includes("setup_intent") && session.setup_intent) {
      const intent = { ...setupIntents.get(session.setup_intent)! };
      if (expand.includes("setup_intent.payment_method") && intent.payment_method) intent.payment_method = paymentMethods.get(intent.payment_method);
      return { ...session, setup_intent: intent };
    }
    if (!expand.includes("payment_intent") || !session.payment_intent) return session;
    const intent = { ...paymentIntents.get(session.payment_intent)! };
    if (expand.includes("payment_intent.latest_charge") && intent.latest_charge) intent.latest_charge = charges.get(intent.latest_charge);
    return { ...session, payment_intent: intent };
  };
  /** A PaymentIntent with its latest charge when `expand[]` asks for it. */
  const intentWith = (intent: Obj, params: Record<string, string>) =>
    expandsOf(params).includes("latest_charge") && intent.latest_charge ? { ...intent, latest_charge: charges.get(intent.latest_charge) } : intent;

  const notFound = (what: string) =>
    Response.json({ error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } }, { status: 404 });

  const metadataOf = (params: Record<string, string>, prefix: string) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) {
      const m = k.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`));
      if (m) out[m[1]!] = v;
    }
    return out;
  };

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const body = request.method === "GET" || request.method === "DELETE" ? url.search.slice(1) : await request.text();
      const params = Object.fromEntries(new URLSearchParams(body));
      const headers = Object.fromEntries(request.headers);
      requests.push({ method: request.method, path: url.pathname, params, headers });
      const route = `${request.method} ${url.pathname}`;

      // What Stripe checks before anything else: the key, then the API version (we pin one).
      if (headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(401, "invalid_request_error", `Invalid API Key provided: ${(headers.authorization ?? "").replace(/^Bearer /, "").slice(0, 8)}***`);
      }
      if (headers["stripe-version"] !== STRIPE_API_VERSION) {
        return stripeError(400, "invalid_request_error", `Invalid Stripe API version: ${headers["stripe-version"] ?? "(none)"}; this account is pinned to ${STRIPE_API_VERSION}.`);
      }
      const key = request.method === "POST" ? headers["idempotency-key"] : undefined;
      if (isCreate(route, params) && (!key || key.startsWith("stripe-node-retry-"))) {
        return stripeError(400, "invalid_request_error", `Stand-in rule: ${route} must carry the caller's own Idempotency-Key, not only the SDK's retry key.`);
      }
      if (key && inFlight.has(key)) {
        // Stripe answers a request whose key is still being worked on with a 409; the SDK retries it.
        return stripeError(409, "idempotency_error", `There is currently another in-progress request using this Idempotent Key (${key}).`, { code: "idempotency_key_in_use" });
      }
      if (key) {
        const first = idempotent.get(key);
        if (first) {
          if (first.route !== route || first.body !== body) {
            return stripeError(
              400,
              "idempotency_error",
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          }
          return Response.json(first.json, { status: first.status, headers: { "idempotent-replayed": "true" } });
        }
      }
      const fault = faults.find((f) => f.times > 0 && f.method === request.method && url.pathname.startsWith(f.prefix) && (f.when?.(params) ?? true));
      if (fault) fault.times -= 1;
      if (fault?.kind === 500) return stripeError(500, "api_error", "An unknown error occurred (injected).");
      if (fault?.kind === 429) {
        return stripeError(429, "rate_limit_error", "Too many requests hit the API too quickly (injected).", { code: "rate_limit" });
      }

      if (key) inFlight.add(key);
      let answer: Response;
      try {
        answer = await handle(request, url, route, params);
        if (key && answer.status < 500) idempotent.set(key, { route, body, status: answer.status, json: await answer.clone().json() });
      } finally {
        if (key) inFlight.delete(key);
      }
      // Done and kept; only the answer is late.
      if (fault?.kind === "slow") await Bun.sleep(fault.delayMs);
      return answer;
    },
  });

  async function handle(request: Request, url: URL, route: string, params: Record<string, string>): Promise<Response> {
      let m: RegExpMatchArray | null;

      if (route === "POST /v1/customers") {
        const customer = { id: id("cus"), object: "customer", email: params.email, name: params.name, metadata: metadataOf(params, "metadata") };
        customers.set(customer.id, customer);
        return Response.json(customer);
      }
      if (route === "GET /v1/prices") {
        const key = params["lookup_keys[0]"];
        // Like Stripe, archived prices are listed too unless `active` is asked for.
        const data = [...prices.values()].filter((p) => p.lookup_key === key && (params.active !== "true" || p.active));
        return Response.json({ object: "list", data, has_more: false, url: "/v1/prices" });
      }
      if (route === "POST /v1/prices") {
        const holder = [...prices.values()].find((p) => p.lookup_key && p.lookup_key === params.lookup_key);
        if (holder && params.transfer_lookup_key !== "true") {
          return stripeError(400, "invalid_request_error", `A price (\`${holder.id}\`) already uses that lookup key.`, { param: "lookup_key" });
        }
        if (holder) holder.lookup_key = null;
        const price = {
          id: id("price"),
          object: "price",
          active: true,
          lookup_key: params.lookup_key,
          unit_amount: Number(params.unit_amount),
          currency: params.currency,
          recurring: { interval: params["recurring[interval]"] },
        };
        prices.set(price.id, price);
        return Response.json(price);
      }
      if (route === "POST /v1/accounts") {
        const account = {
          id: id("acct"),
          object: "account",
          type: params.type,
          country: params.country,
          email: params.email,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          metadata: metadataOf(params, "metadata"),
        };
        accounts.set(account.id, account);
        return Response.json(account);
      }
      if ((m = route.match(/^GET \/v1\/accounts\/([^/]+)$/))) {
        return accounts.has(m[1]!) ? Response.json(accounts.get(m[1]!)) : notFound("account");
      }
      if (route === "POST /v1/account_links") {
        if (!accounts.has(params.account!)) return notFound("account");
        return Response.json({ object: "account_link", url: `https://connect.stripe.test/setup/e/${params.account}/${counter}`, expires_at: Math.floor(Date.now() / 1000) + 300 });
      }
      if (route === "POST /v1/checkout/sessions" && params.mode === "payment") {
        const destination = params["payment_intent_data[transfer_data][destination]"];
        if (destination && !accounts.get(destination)?.charges_enabled) {
          return Response.json({ error: { type: "invalid_request_error", message: `The destination account ${destination} cannot take charges yet.` } }, { status: 400 });
        }
        const session = {
          id: id("cs_test"),
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          client_reference_id: params.client_reference_id,
          customer_email: params.customer_email,
          metadata: metadataOf(params, "metadata"),
          amount_total: Number(params["line_items[0][price_data][unit_amount]"]),
          currency: params["line_items[0][price_data][currency]"],
          payment_intent: null,
          url: `https://checkout.stripe.test/c/pay/${counter}`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
        };
        sessions.set(session.id, session);
        return Response.json(session);
      }
      if (route === "POST /v1/checkout/sessions" && params.mode === "setup") {
        // Setup mode saves a method to a customer of this (the platform) account.
        if (!params.customer || !customers.has(params.customer)) {
          return stripeError(400, "invalid_request_error", `No such customer: '${params.customer}'`, { code: "resource_missing", param: "customer" });
        }
        if (!params.currency && !params["allowed_payment_method_types[0]"]) {
          return stripeError(400, "invalid_request_error", "currency is required in setup mode when allowed_payment_method_types is not set.", { param: "currency" });
        }
        const session = {
          id: id("cs_test"),
          object: "checkout.session",
          mode: "setup",
          status: "open",
          customer: params.customer,
          client_reference_id: params.client_reference_id,
          metadata: metadataOf(params, "metadata"),
          setup_intent_metadata: metadataOf(params, "setup_intent_data[metadata]"),
          setup_intent: null,
          url: `https://checkout.stripe.test/c/setup/${counter}`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
        };
        sessions.set(session.id, session);
        return Response.json(session);
      }
      if (route === "POST /v1/payment_intents") {
        const customer = params.customer;
        const method = paymentMethods.get(params.payment_method ?? "");
        if (!customer || !customers.has(customer)) return stripeError(400, "invalid_request_error", `No such customer: '${customer}'`, { code: "resource_missing", param: "customer" });
        // A destination charge takes a method of the platform, attached to the platform's customer.
        if (!method) return stripeError(400, "invalid_request_error", `No such PaymentMethod: '${params.payment_method}'`, { code: "resource_missing", param: "payment_method" });
        if (method.customer !== customer) {
          return stripeError(400, "invalid_request_error", `The provided PaymentMethod ${method.id} is not attached to customer ${customer}.`, { param: "payment_method" });
        }
        const destination = params["transfer_data[destination]"];
        if (destination && !accounts.get(destination)?.charges_enabled) {
          return stripeError(400, "invalid_request_error", `The destination account ${destination} cannot take charges yet.`, { param: "transfer_data[destination]" });
        }
        const declines = method.outcome === "declines";
        const card = method.type === "card";
        const charge = declines ? null : { id: id("ch"), object: "charge", amount: Number(params.amount), amount_refunded: 0, payment_method_details: { type: method.type }, metadata: metadataOf(params, "metadata") };
        const intent: Obj = {
          id: id("pi"),
          object: "payment_intent",
          amount: Number(params.amount),
          currency: params.currency,
          customer,
          payment_method: method.id,
          status: declines ? "requires_payment_method" : card ? "succeeded" : "processing",
          payment_method_types: [method.type],
          latest_charge: charge?.id ?? null,
          last_payment_error: declines ? { type: "card_error", code: "card_declined", message: "Your card was declined." } : null,
          transfer_data: destination ? { destination } : null,
          metadata: metadataOf(params, "metadata"),
        };
        paymentIntents.set(intent.id, intent);
        if (charge) charges.set(charge.id, { ...charge, payment_intent: intent.id });
        if (declines) {
          // Off session, a decline is a 402 card_error carrying the PaymentIntent.
          return Response.json({ error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", payment_intent: intent } }, { status: 402 });
        }
        return Response.json(intentWith(intent, params));
      }
      if ((m = route.match(/^GET \/v1\/payment_intents\/([^/]+)$/))) {
        return paymentIntents.has(m[1]!) ? Response.json(intentWith(paymentIntents.get(m[1]!)!, params)) : notFound("payment_intent");
      }
      if ((m = route.match(/^POST \/v1\/payment_methods\/([^/]+)\/detach$/))) {
        const method = paymentMethods.get(m[1]!);
        if (!method) return notFound("payment_method");
        method.customer = null;
        return Response.json(method);
      }
      if (route === "POST /v1/checkout/sessions") {
        const price = prices.get(params["line_items[0][price]"]!);
        if (!price) return stripeError(400, "invalid_request_error", `No such price: '${params["line_items[0][price]"]}'`, { code: "resource_missing", param: "line_items[0][price]" });
        if (!price.active) return stripeError(400, "invalid_request_error", `The price specified is inactive. This field only accepts active prices.`, { param: "line_items[0][price]" });
        if (params.customer && !customers.has(params.customer)) {
          return stripeError(400, "invalid_request_error", `No such customer: '${params.customer}'`, { code: "resource_missing", param: "customer" });
        }
        const session = {
          id: id("cs_test"),
          object: "checkout.session",
          mode: params.mode,
          status: "open",
          payment_status: "unpaid",
          customer: params.customer,
          client_reference_id: params.client_reference_id,
          metadata: metadataOf(params, "metadata"),
          subscription_metadata: metadataOf(params, "subscription_data[metadata]"),
          price: price?.id ?? null,
          amount_total: price?.unit_amount ?? null,
          currency: "usd",
          subscription: null,
          url: `https://checkout.stripe.test/c/pay/${counter}`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
        };
        sessions.set(session.id, session);
        return Response.json(session);
      }
      if ((m = route.match(/^GET \/v1\/checkout\/sessions\/([^/]+)$/))) {
        return sessions.has(m[1]!) ? Response.json(expanded(sessions.get(m[1]!)!, params)) : notFound("checkout session");
      }
      if ((m = route.match(/^GET \/v1\/subscriptions\/([^/]+)$/))) {
        return subscriptions.has(m[1]!) ? Response.json(subscriptions.get(m[1]!)) : notFound("subscription");
      }
      if ((m = route.match(/^POST \/v1\/subscriptions\/([^/]+)$/))) {
        const sub = subscriptions.get(m[1]!);
        if (!sub) return notFound("subscription");
        if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === "true";
        const newPrice = params["items[0][price]"];
        if (newPrice) {
          const price = prices.get(newPrice)!;
          sub.items.data[0] = { ...sub.items.data[0], price };
        }
        const meta = metadataOf(params, "metadata");
        if (Object.keys(meta).length) sub.metadata = meta;
        return Response.json(sub);
      }
      if ((m = route.match(/^DELETE \/v1\/subscriptions\/([^/]+)$/))) {
        const sub = subscriptions.get(m[1]!);
        if (!sub) return notFound("subscription");
        sub.status = "canceled";
        return Response.json(sub);
      }
      if (route === "POST /v1/invoices/create_preview") {
        // Stripe's preview of a subscription change with always_invoice: the proration lines for
        // the rest of the period (a credit for the old price's unused time, a charge for the new one).
        const sub = subscriptions.get(params.subscription!);
        if (!sub) return notFound("subscription");
        if (params.customer && params.customer !== sub.customer) {
          return Response.json({ error: { type: "invalid_request_error", message: "The subscription belongs to another customer." } }, { status: 400 });
        }
        const item = sub.items.data[0];
        const newPrice = prices.get(params["subscription_details[items][0][price]"]!);
        if (!newPrice || params["subscription_details[items][0][id]"] !== item.id) {
          return Response.json({ error: { type: "invalid_request_error", message: "Unknown price or subscription item." } }, { status: 400 });
        }
        const at = Number(params["subscription_details[proration_date]"] ?? Math.floor(Date.now() / 1000));
        const periodStart = item.current_period_start ?? item.current_period_end - 30 * 86400;
        const left = Math.max(0, item.current_period_end - at) / Math.max(1, item.current_period_end - periodStart);
        const proration = (amount: number, description: string) => ({
          object: "line_item",
          amount,
          currency: "usd",
          description,
          parent: { type: "subscription_item_details", subscription_item_details: { subscription_item: item.id, proration: true } },
        });
        const lines = [
          proration(-Math.round(item.price.unit_amount * left), "Unused time on the old plan"),
          proration(Math.round(newPrice.unit_amount * left), "Remaining time on the new plan"),
        ];
        const total = lines.reduce((sum, line) => sum + line.amount, 0);
        return Response.json({
          id: "upcoming_in",
          object: "invoice",
          customer: sub.customer,
          subscription: sub.id,
          currency: "usd",
          total,
          amount_due: Math.max(0, total),
          lines: { object: "list", data: lines, has_more: false },
        });
      }
      if (route === "POST /v1/billing_portal/sessions") {
        return Response.json({ id: id("bps"), object: "billing_portal.session", customer: params.customer, url: `https://billing.stripe.test/p/session/${counter}`, return_url: params.return_url });
      }
      return Response.json({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${route})` } }, { status: 404 });
  }

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    customers,
    prices,
    sessions,
    subscriptions,
    accounts,
    paymentIntents,
    charges,
    paymentMethods,
    setupIntents,
    completeSetup(sessionId, kind) {
      const session = sessions.get(sessionId)!;
      const card = kind === "card" || kind === "card_declines";
      const method = {
        id: id("pm"),
        object: "payment_method",
        type: card ? "card" : "us_bank_account",
        customer: session.customer,
        ...(card
          ? { card: { brand: "visa", last4: kind === "card" ? "4242" : "0341" } }
          : { us_bank_account: { bank_name: "STRIPE TEST BANK", last4: kind === "bank_clears" ? "6789" : "1116" } }),
        // What the stand-in's charges of it do (not a Stripe field).
        outcome: kind === "card_declines" ? "declines" : kind === "bank_fails" ? "fails" : "pays",
      };
      paymentMethods.set(method.id, method);
      const intent = { id: id("seti"), object: "setup_intent", status: "succeeded", customer: session.customer, payment_method: method.id, metadata: session.setup_intent_metadata };
      setupIntents.set(intent.id, intent);
      return Object.assign(session, { status: "complete", setup_intent: intent.id });
    },
    settleIntent(paymentIntentId) {
      const intent = paymentIntents.get(paymentIntentId)!;
      const fails = paymentMethods.get(intent.payment_method)?.outcome === "fails";
      return Object.assign(intent, fails ? { status: "requires_payment_method", last_payment_error: { type: "invalid_request_error", code: "payment_method_microdeposit_failed", message: "The bank returned the debit (insufficient funds)." } } : { status: "succeeded" });
    },
    enableAccount(accountId) {
      return Object.assign(accounts.get(accountId)!, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    },
    payCheckout(sessionId, method) {
      const session = sessions.get(sessionId)!;
      const charge = { id: id("ch"), object: "charge", amount: session.amount_total, amount_refunded: 0, payment_method_details: { type: method }, metadata: session.metadata };
      const intent = {
        id: id("pi"),
        object: "payment_intent",
        amount: session.amount_total,
        status: method === "card" ? "succeeded" : "processing",
        payment_method_types: [method],
        latest_charge: charge.id,
        metadata: session.metadata,
      };
      charges.set(charge.id, { ...charge, payment_intent: intent.id });
      paymentIntents.set(intent.id, intent);
      return Object.assign(session, { status: "complete", payment_status: method === "card" ? "paid" : "unpaid", payment_intent: intent.id });
    },
    settleBankPayment(sessionId, outcome) {
      const session = sessions.get(sessionId)!;
      paymentIntents.get(session.payment_intent)!.status = outcome === "clears" ? "succeeded" : "requires_payment_method";
      return Object.assign(session, { payment_status: outcome === "clears" ? "paid" : "unpaid" });
    },
    refund(sessionId, amount) {
      const intent = paymentIntents.get(sessions.get(sessionId)!.payment_intent)!;
      const charge = charges.get(intent.latest_charge)!;
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
      return charge;
    },
    calls: (method, pathPrefix) => requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
    archivePrice(priceId) {
      return Object.assign(prices.get(priceId)!, { active: false });
    },
    fail(method, pathPrefix, kind, options = {}) {
      faults.push({ method, prefix: pathPrefix, kind, times: options.times ?? 1, delayMs: options.delayMs ?? 1500, when: options.when });
    },
    completeCheckout(sessionId, options = {}) {
      const session = sessions.get(sessionId)!;
      const price = prices.get(session.price)!;
      const sub = {
        id: id("sub"),
        object: "subscription",
        customer: session.customer,
        status: "active",
        cancel_at_period_end: false,
        metadata: session.subscription_metadata,
        items: {
          object: "list",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              price,
              quantity: 1,
              current_period_start: Math.floor(Date.now() / 1000),
              current_period_end: options.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86400,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
      return sub;
    },
    stop: () => server.stop(true),
  };
}
