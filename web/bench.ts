// `bun run bench:web`: builds the web app, serves it with the real server, and measures the
// landing page in headless Chromium on a throttled phone: the JavaScript and CSS it loads
// (gzip bytes), first and largest contentful paint, and Lighthouse's performance and
// accessibility scores; then the tenant's home, signed in (what tenants open on a phone):
// Lighthouse's mobile run, and a load on the throttled phone until the balance shows. Pages are
// measured without the TEST MODE banner, as in production. Prints a table (each run's score
// beside the median), writes the figures as JSON (--json FILE) and keeps Lighthouse's reports
// (--reports DIR).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { loadConfig } from "../src/server/config.ts";
import { paymentProvider, rentProvider } from "../src/server/payments/index.ts";
import { startServer } from "../src/server/server.ts";
import { latestEmail, paidOwner } from "../tests/support/fixtures.ts";
import { ApiClient } from "../tests/support/harness.ts";

const root = resolve(import.meta.dir, "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGETS = { jsKb: 100, performance: 95, accessibility: 100 };
// Lighthouse's own mobile profile: slow 4G (150 ms RTT, 1.6 Mbps down) and a 4x slower CPU.
const NETWORK = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const jsonOut = option("--json");
// --reports DIR keeps each Lighthouse report (JSON), to read what held a run back.
const reportsDir = option("--reports");
const work = mkdtempSync(join(tmpdir(), "bench-web-"));
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
// BENCH_WEB_DIST: measure a build made already (CI's smoke run measures the suite's own build).
const dist = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : join(work, "dist");

async function run(cmd: string[], label: string) {
  const proc = Bun.spawn(cmd, { cwd: root, stdout: "pipe", stderr: "pipe", env: process.env });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${label} failed (exit ${code}):\n${out}\n${err}`);
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!process.env.BENCH_WEB_DIST) {
  console.log("Building the web app...");
  await run(["npx", "vite", "build", "--config", "web/vite.config.ts", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"], "vite build");
}

// The server's request log would bury the table: warnings and errors only, unless LOG_LEVEL says otherwise.
const config = loadConfig({ LOG_LEVEL: "warn", ...process.env, NODE_ENV: "production", PAYMENTS_TEST_MODE: "true", PORT: "0", DATA_DIR: join(work, "data"), DATABASE_URL: "" });
const server = await startServer(config, { webDist: dist, log: () => {} });
(server.services.config as { PUBLIC_URL: string }).PUBLIC_URL = server.url;
const url = `${server.url}/`;

/**
 * A tenant signed in to the tenant portal, the way a tenant gets there: an owner's lease, the
 * owner's invitation email, the link confirmed. Answers the session cookie.
 */
async function tenantSession(): Promise<string> {
  const client = () => new ApiClient((path, init) => fetch(new URL(path, server.url), init), server.url);
  const owner = client();
  await paidOwner(owner, "Standard");
  const property = await owner.post("/api/portal/properties", { address: { line1: "1834 S Loomis St", city: "Chicago", zip: "60608" }, property_type: "single_family" });
  const email = `bench.tenant.${Date.now()}@tenants.example.net`;
  const lease = await owner.post("/api/portal/leases", {
    unit_id: property.body.units[0].id,
    start_date: `${new Date().getFullYear()}-01-01`,
    rent_cents: 150_000,
    due_day: 1,
    late_fee: null,
    tenants: [{ first_name: "Tess", last_name: "Renter", email }],
  });
  await owner.post(`/api/portal/leases/${lease.body.id}/tenants/${lease.body.tenants[0].id}/invite`);
  const invitation = await latestEmail(server.services, email, "tenant_invite");
  const token = invitation.text.match(/\/tenant\/link\?token=([a-z2-7]{32})/)![1];
  const tenant = client();
  const confirmed = await tenant.post("/api/tenant/sign-in-link/confirm", { token });
  if (confirmed.status !== 200) throw new Error(`tenant sign-in: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return [...tenant.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

interface Load {
  jsGzip: number;
  cssGzip: number;
  jsFiles: string[];
  fcp: number;
  lcp: number;
}

/**
 * A phone in headless Chromium with the network and CPU throttled the way Lighthouse's mobile
 * profile assumes (applied, not simulated: what a tenant on slow 4G actually waits for), the
 * cache off. Answers the page and the browser to close.
 */
async function throttledPhone(cookie?: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  if (cookie) await context.setExtraHTTPHeaders({ Cookie: cookie });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { browser, page };
}

/**
 * One cold load of the tenant's home on the throttled phone: when the loading line first
 * painted, and when the lease's balance showed (the figure a tenant opens the page for).
 */
async function measureTenantLoad(cookie: string): Promise<{ fcp: number; balance: number }> {
  const { browser, page } = await throttledPhone(cookie);
  try {
    await page.goto(`${server.url}/tenant`);
    await page.getByText("Next rent due").waitFor({ timeout: 60_000 });
    const balance = await page.evaluate(() => performance.now());
    const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0);
    return { fcp, balance };
  } finally {
    await browser.close();
  }
}

/** One cold load of `/` on a throttled phone, measured from inside the page. */
async function measureLoad(): Promise<Load> {
  const { browser, page } = await throttledPhone();
  try {
    const assets: string[] = [];
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (/\.(js|css)$/.test(path)) assets.push(path);
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const paints = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((done) => {
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            done({ fcp, lcp: entries[entries.length - 1]?.startTime ?? 0 });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    // Gzip size of exactly the files the page loaded (what a compressing server sends).
    const size = (paths: string[]) => paths.reduce((sum, p) => sum + gzipSync(readFileSync(join(dist, p)), { level: 9 }).length, 0);
    const unique = [...new Set(assets)];
    const js = unique.filter((p) => p.endsWith(".js"));
    // Pre-rendered pages carry their stylesheet inline: count it with the files.
    const inlineCss = await page.evaluate(() => [...document.querySelectorAll("head style")].map((s) => s.textContent).join(""));
    const cssGzip = size(unique.filter((p) => p.endsWith(".css"))) + (inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0);
    return { jsGzip: size(js), cssGzip, jsFiles: js, ...paints };
  } finally {
    await browser.close();
  }
}

interface LighthouseScores {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** Lighthouse's mobile audit (its default: simulated slow 4G and 4x CPU) with the system Chromium. */
async function lighthouse(target = url, cookie?: string, attempt = 1): Promise<LighthouseScores> {
  const report = join(reportsDir ?? work, `lighthouse-${cookie ? "tenant" : "landing"}-${Date.now()}.json`);
  // Lighthouse now and then loses the trace of a load on a busy machine (NO_NAVSTART): one more try.
  const running = run(
    [
      "node",
      join(root, "node_modules/lighthouse/cli/index.js"),
      target,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      "--quiet",
      `--chrome-path=${CHROMIUM}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${report}`,
    ],
    "lighthouse",
  );
  try {
    await running;
  } catch (error) {
    if (attempt > 1 || !String(error).includes("NO_NAVSTART")) throw error;
    return lighthouse(target, cookie, attempt + 1);
  }
  const lhr = JSON.parse(readFileSync(report, "utf8"));
  const audit = (id: string) => lhr.audits[id].numericValue as number;
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
  };
}

/** The median of each Lighthouse figure over the runs. */
function summary(audits: LighthouseScores[]) {
  return {
    performance: median(audits.map((a) => a.performance)),
    // Each run's score: on two cores the blocking time varies from run to run.
    performanceRuns: audits.map((a) => a.performance),
    accessibility: median(audits.map((a) => a.accessibility)),
    fcpMs: Math.round(median(audits.map((a) => a.fcp))),
    lcpMs: Math.round(median(audits.map((a) => a.lcp))),
    tbtMs: Math.round(median(audits.map((a) => a.tbt))),
    cls: Math.round(median(audits.map((a) => a.cls)) * 1000) / 1000,
  };
}

try {
  const loads: Load[] = [];
  const tenantLoads: { fcp: number; balance: number }[] = [];
  const audits: LighthouseScores[] = [];
  const tenantAudits: LighthouseScores[] = [];
  const cookie = await tenantSession();
  // The pages as visitors see them in production: the TEST MODE banner, which the server writes
  // into every page while no Stripe key is set (src/server/http/web.ts), would be the tenant
  // home's largest paint, painted with the HTML, and hide when the home's own content shows.
  // The test providers are made first, so they stay what every later request uses.
  paymentProvider(server.services);
  rentProvider(server.services);
  (server.services.config as { STRIPE_SECRET_KEY?: string }).STRIPE_SECRET_KEY = "sk_test_bench_no_banner";
  for (let i = 0; i < RUNS; i++) {
    console.log(`Run ${i + 1} of ${RUNS}...`);
    loads.push(await measureLoad());
    tenantLoads.push(await measureTenantLoad(cookie));
    audits.push(await lighthouse());
    tenantAudits.push(await lighthouse(`${server.url}/tenant`, cookie));
  }
  const figures = {
    url: "/",
    runs: RUNS,
    jsGzipKb: Math.round(median(loads.map((l) => l.jsGzip)) / 102.4) / 10,
    cssGzipKb: Math.round(median(loads.map((l) => l.cssGzip)) / 102.4) / 10,
    jsFiles: loads[0]!.jsFiles,
    fcpMs: Math.round(median(loads.map((l) => l.fcp))),
    lcpMs: Math.round(median(loads.map((l) => l.lcp))),
    lighthouse: summary(audits),
    tenantHome: {
      url: "/tenant",
      ...summary(tenantAudits),
      throttled: { fcpMs: Math.round(median(tenantLoads.map((l) => l.fcp))), balanceShownMs: Math.round(median(tenantLoads.map((l) => l.balance))) },
    },
  };
  const mark = (ok: boolean) => (ok ? "ok" : "MISSED");
  console.log(`
Landing page (/) on a throttled phone, median of ${RUNS} runs
  JavaScript loaded (gzip)      ${figures.jsGzipKb} KB   target <= ${TARGETS.jsKb} KB   ${mark(figures.jsGzipKb <= TARGETS.jsKb)}
  CSS loaded (gzip, inline)     ${figures.cssGzipKb} KB
  First contentful paint        ${figures.fcpMs} ms   (Lighthouse ${figures.lighthouse.fcpMs} ms)
  Largest contentful paint      ${figures.lcpMs} ms   (Lighthouse ${figures.lighthouse.lcpMs} ms)
  Total blocking time           (Lighthouse ${figures.lighthouse.tbtMs} ms), layout shift ${figures.lighthouse.cls}
  Lighthouse performance        ${figures.lighthouse.performance}   target >= ${TARGETS.performance}   ${mark(figures.lighthouse.performance >= TARGETS.performance)}   (runs: ${figures.lighthouse.performanceRuns.join(", ")})
  Lighthouse accessibility      ${figures.lighthouse.accessibility}   target ${TARGETS.accessibility}   ${mark(figures.lighthouse.accessibility >= TARGETS.accessibility)}
  Scripts: ${figures.jsFiles.join(", ")}

Tenant home (/tenant, signed in), Lighthouse mobile, median of ${RUNS} runs
  Performance                   ${figures.tenantHome.performance}   target >= ${TARGETS.performance}   ${mark(figures.tenantHome.performance >= TARGETS.performance)}   (runs: ${figures.tenantHome.performanceRuns.join(", ")})
  Accessibility                 ${figures.tenantHome.accessibility}   target ${TARGETS.accessibility}   ${mark(figures.tenantHome.accessibility >= TARGETS.accessibility)}
  First / largest contentful paint  ${figures.tenantHome.fcpMs} / ${figures.tenantHome.lcpMs} ms, blocking ${figures.tenantHome.tbtMs} ms, layout shift ${figures.tenantHome.cls}
  On the throttled phone            loading line painted at ${figures.tenantHome.throttled.fcpMs} ms, balance shown at ${figures.tenantHome.throttled.balanceShownMs} ms`);
  if (jsonOut) await Bun.write(jsonOut, JSON.stringify(figures, null, 2));
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
