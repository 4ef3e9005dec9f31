import { describe, expect, test } from "bun:test";
import { hashPassword, passwordCost, verifyPassword } from "../../src/server/domain/admins.ts";

// Passwords are hashed with argon2id (OWASP's first choice, Password Storage Cheat Sheet). Outside
// the test runner at Bun's defaults: 64 MiB and 2 passes, above OWASP's floor of 19 MiB and 2
// passes. Under the test runner at the smallest cost (decision 0093).

describe("password hashing", () => {
  test("a real server hashes at 64 MiB and two passes, whatever else NODE_ENV says", async () => {
    for (const env of ["production", "development", undefined]) {
      const hash = await Bun.password.hash("correct-horse-battery", passwordCost(env));
      expect(hash).toStartWith("$argon2id$v=19$m=65536,t=2,p=1$");
    }
  });

  test("only the test runner hashes cheaply, and its hashes still tell a right password from a wrong one", async () => {
    expect(process.env.NODE_ENV).toBe("test");
    const hash = await hashPassword("correct-horse-battery");
    expect(hash).toStartWith("$argon2id$v=19$m=8,t=1,p=1$");
    expect(await verifyPassword("correct-horse-battery", hash)).toBe(true);
    expect(await verifyPassword("correct-horse-batterY", hash)).toBe(false);
    // A hash made at the full cost (a production database restored into a test) still verifies.
    const full = await Bun.password.hash("correct-horse-battery", passwordCost("production"));
    expect(await verifyPassword("correct-horse-battery", full)).toBe(true);
  });
});
