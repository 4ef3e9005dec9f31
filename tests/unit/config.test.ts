import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/server/config.ts";

describe("configuration", () => {
  test("defaults need no environment at all", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.SUPPORT_EMAIL).toContain("@");
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

  test("an empty value counts as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
