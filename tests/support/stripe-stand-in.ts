// A local stand-in for Stripe's API (only what is outside this machine gets a stand-in). It keeps
// the objects our code creates, answers like Stripe, and records every request so tests can assert
// the parameters we send (mode, price, customer reuse, metadata, idempotency keys).

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
  stop(): void;
}

let counter = 0;
const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`;

export function startStripeStandIn(): StripeStandIn {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();

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
      let m: RegExpMatchArray | null;

      if (route === "POST /v1/customers") {
        const customer = { id: id("cus"), object: "customer", email: params.email, name: params.name, metadata: metadataOf(params, "metadata") };
        customers.set(customer.id, customer);
        return Response.json(customer);
      }
      if (route === "GET /v1/prices") {
        const key = params["lookup_keys[0]"];
        return Response.json({ object: "list", data: [...prices.values()].filter((p) => p.lookup_key === key), has_more: false, url: "/v1/prices" });
      }
      if (route === "POST /v1/prices") {
        const price = {
          id: id("price"),
          object: "price",
          lookup_key: params.lookup_key,
          unit_amount: Number(params.unit_amount),
          currency: params.currency,
          recurring: { interval: params["recurring[interval]"] },
        };
        prices.set(price.id, price);
        return Response.json(price);
      }
      if (route === "POST /v1/checkout/sessions") {
        const price = prices.get(params["line_items[0][price]"]!);
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
        return sessions.has(m[1]!) ? Response.json(sessions.get(m[1]!)) : notFound("checkout session");
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
      if (route === "POST /v1/billing_portal/sessions") {
        return Response.json({ id: id("bps"), object: "billing_portal.session", customer: params.customer, url: `https://billing.stripe.test/p/session/${counter}`, return_url: params.return_url });
      }
      return Response.json({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${route})` } }, { status: 404 });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    customers,
    prices,
    sessions,
    subscriptions,
    calls: (method, pathPrefix) => requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
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
          data: [{ id: id("si"), object: "subscription_item", price, quantity: 1, current_period_end: options.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86400 }],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
      return sub;
    },
    stop: () => server.stop(true),
  };
}
