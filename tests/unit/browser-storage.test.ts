import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

// The browser tests recycle Chromium's contexts from test to test and clear only their cookies and
// permissions (tests/support/browser.ts, decision 0094). That is a clean slate because the web app
// keeps nothing else in the browser: who someone is lives in the session cookie, decided by the
// server (DECISIONS.md 1). Should the app start keeping something there, this fails, and the
// recycling must clear it too.

const web = resolve(import.meta.dir, "../../web/src");
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

test("the web app keeps nothing in the browser's storage but the server's cookie", () => {
  const files = sources(web);
  expect(files.length).toBeGreaterThan(50);
  const kept = files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\b(localStorage|sessionStorage|indexedDB|caches\.open|serviceWorker|document\.cookie)\b/g)].map(
      (match) => `${file.slice(web.length + 1)}: ${match[1]}`,
    ),
  );
  expect(kept).toEqual([]);
});
