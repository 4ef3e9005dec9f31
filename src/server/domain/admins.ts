import { count, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { adminUsers } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import { generateToken } from "./sessions.ts";

/**
 * argon2id's cost: Bun's defaults (64 MiB, 2 passes), about a tenth of a second of a core per
 * hash. Under the test runner (`NODE_ENV=test`, which bun test sets and production never runs
 * with) the smallest cost: the suite signs up and signs in thousands of times, and what it proves
 * of passwords (right, wrong, changed, the decoy hash) does not depend on the cost (decision 0093).
 */
export function passwordCost(nodeEnv: string | undefined): Bun.Password.Argon2Algorithm {
  return nodeEnv === "test" ? { algorithm: "argon2id", memoryCost: 8, timeCost: 1 } : { algorithm: "argon2id" };
}
const cost = passwordCost(process.env.NODE_ENV);
export const hashPassword = (password: string) => Bun.password.hash(password, cost);
export const verifyPassword = (password: string, hash: string) => Bun.password.verify(password, hash);

export interface NewAdmin {
  email: string;
  password: string;
  fullName?: string;
  username?: string;
}

export async function createAdmin(db: DbOrTx, input: NewAdmin) {
  const email = input.email.trim().toLowerCase();
  const username = (input.username ?? email.split("@")[0] ?? "admin").toLowerCase();
  const [row] = await db
    .insert(adminUsers)
    .values({
      email,
      username,
      fullName: input.fullName ?? "Association Administrator",
      passwordHash: await hashPassword(input.password),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("CONFLICT", `An administrator with the email ${email} or username ${username} exists.`);
  return row;
}

/**
 * The first admin (DECISIONS.md 7): from ADMIN_EMAIL/ADMIN_PASSWORD when no admin exists. With
 * neither set, outside production, one is made with a random password printed once, so a new
 * user can open /admin on a fresh machine.
 */
export async function ensureFirstAdmin(services: Services, log: (line: string) => void = console.log) {
  const { db, config } = services;
  // Serialise start-up across processes sharing one PostgreSQL.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [{ value }] = (await tx.select({ value: count() }).from(adminUsers)) as [{ value: number }];
    if (value > 0) return null;
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const admin = await createAdmin(tx, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
      log(`Created the first administrator ${admin.email} from ADMIN_EMAIL.`);
      return admin;
    }
    if (config.isProduction) {
      log("No administrator exists. Set ADMIN_EMAIL and ADMIN_PASSWORD, or run `bun run admin:create`.");
      return null;
    }
    const password = generateToken().slice(0, 16);
    const admin = await createAdmin(tx, { email: "admin@localhost", username: "admin", password });
    log(`Created the first administrator: username "admin", password "${password}" (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own).`);
    return admin;
  });
}
