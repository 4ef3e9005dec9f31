// bun run admin:create -- --email you@example.org --name "Full Name"   (password asked, or ADMIN_PASSWORD)
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { createAdmin } from "../domain/admins.ts";

const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" }, username: { type: "string" } },
});
const config = loadConfig();
const email = values.email ?? config.ADMIN_EMAIL;
const password = config.ADMIN_PASSWORD ?? prompt("Password (at least 8 characters):") ?? "";
if (!email || password.length < 8) {
  console.error("Usage: bun run admin:create -- --email EMAIL [--name NAME] (ADMIN_PASSWORD or a typed password, 8+ characters)");
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const admin = await createAdmin(database.db, { email, password, fullName: values.name, username: values.username });
  console.log(`Created administrator ${admin.email} (username ${admin.username}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
