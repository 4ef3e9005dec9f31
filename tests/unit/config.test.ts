import { describe, expect, test } from "bun:test";
import { ConfigError, isBuiltInDemo, loadConfig } from "../../src/server/config.ts";

describe("configuration", () => {
  test("defaults need no environment at all", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.SUPPORT_EMAIL).toContain("@");
  });

  test("the demo is this app's own unless DEMO_URL names another host", () => {
    expect(loadConfig({}).DEMO_URL).toBe("/demo/portal");
    expect(isBuiltInDemo(loadConfig({}))).toBe(true);
    const elsewhere = loadConfig({ DEMO_URL: "https://demo.example.org/portal" });
    expect(elsewhere.DEMO_URL).toBe("https://demo.example.org/portal");
    expect(isBuiltInDemo(elsewhere)).toBe(false);
  });

  const bad: [string, string, RegExp][] = [
    ["PORT", "abc", /^Invalid configuration: PORT: /],
    ["PORT", "70000", /PORT: must be between 0 and 65535/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres/],
    ["ADMIN_EMAIL", "not-an-email", /ADMIN_EMAIL: must be an email address/],
    ["ADMIN_PASSWORD", "short", /ADMIN_PASSWORD: must be at least 8 characters/],
    ["STRIPE_SECRET_KEY", "pk_test_123", /STRIPE_SECRET_KEY: must start with/],
    ["SMTP_URL", "http://mail", /SMTP_URL: must be an smtp/],
    ["PUBLIC_URL", "localhost:3000", /PUBLIC_URL: must be an http\(s\) URL/],
    ["DEMO_URL", "ftp://demo", /DEMO_URL: must be an http\(s\) URL/],
  ];
  for (const [name, value, message] of bad) {
    test(`${name}=${value} is refused with one line naming it`, () => {
      let error: unknown;
      try {
        loadConfig({ [name]: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      expect(text).toMatch(message);
      expect(text.split("\n")).toHaveLength(1);
    });
  }

  test("production without Stripe keys does not start, naming both keys in one line", () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: "production" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text.split("\n")).toHaveLength(1);
    expect(text).toContain("STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required in production");
    expect(text).toContain("PAYMENTS_TEST_MODE=true");
    // A key without its webhook secret is not enough either: payments would never be confirmed.
    expect(() => loadConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_abc" })).toThrow(/^Invalid configuration: STRIPE_WEBHOOK_SECRET: required/);
  });

  test("production starts with both Stripe keys, or with test payments asked for by name", () => {
    const live = loadConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    expect(live.PAYMENTS_TEST_MODE).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "true" }).PAYMENTS_TEST_MODE).toBe(true);
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "false" })).toThrow(ConfigError);
    // Development needs neither: the built-in test provider is the embedded default.
    expect(loadConfig({ NODE_ENV: "development" }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  test("an empty value counts as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
