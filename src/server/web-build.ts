import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");
const dist = join(root, "web/dist/index.html");
const sources = [join(root, "web"), join(root, "src/shared")];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the web app when it was never built or a source is newer than the build. */
export async function ensureWebBuild(log: (line: string) => void = console.log): Promise<void> {
  const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  if (builtAt > 0 && sources.every((dir) => newestMtime(dir) <= builtAt)) return;
  log("Building the web app...");
  // Always a production build: a server started under the test runner (NODE_ENV=test) would
  // otherwise hand Vite its NODE_ENV and get React's development build, half again as heavy.
  const proc = Bun.spawn(["npm", "run", "--silent", "build"], { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if ((await proc.exited) !== 0) throw new Error("The web app build failed.");
}
