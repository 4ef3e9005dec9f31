// npm run db:backup [-- --out FILE]: a backup of the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR) in its own format; docs/operations.md says how to schedule and restore it.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, backupDatabase, defaultBackupPath } from "../db/backup.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const target = { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR };
const file = values.out ?? defaultBackupPath(target);
try {
  const bytes = await backupDatabase(target, file);
  console.log(`Backed up ${target.databaseUrl ? "the PostgreSQL database" : `the embedded database in ${target.dataDir}`} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
