// npm run db:restore -- FILE: restores a backup made by db:backup into an EMPTY database
// (DATABASE_URL's, else a new DATA_DIR). The server's next start runs any newer migrations.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, restoreDatabase } from "../db/backup.ts";

const { positionals } = parseArgs({ allowPositionals: true });
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error("Usage: npm run db:restore -- FILE   (into the empty database of DATABASE_URL, or an empty DATA_DIR)");
  process.exit(2);
}
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const target = { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR };
try {
  await restoreDatabase(target, file);
  console.log(`Restored ${file} into ${target.databaseUrl ? "the PostgreSQL database" : `the embedded database in ${target.dataDir}`}.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
