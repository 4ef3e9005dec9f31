import { resolve } from "node:path";
import { chicagoToday, periodOf } from "../../src/shared/calendar.ts";
import { loadConfig, type Config } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { createApp } from "../../src/server/http/app.ts";
import type { Lifecycle } from "../../src/server/http/observe.ts";
import type { Logger } from "../../src/server/log.ts";
import { prepareDatabase, startServer, type RunningServer } from "../../src/server/server.ts";
import { createServices, type Services } from "../../src/server/services.ts";
import { createTestDatabase, migratedPglite, type TestDatabase } from "./database.ts";

/** The built web app the browser tests serve; WEB_DIST points elsewhere when several builds run at once. */
export const WEB_DIST = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : resolve(import.meta.dir, "../../web/dist");
export const TEST_ORIGIN = "http://localhost";

export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

/** A clock the test moves; it starts at the real time. */
export function testClock(start = new Date()): TestClock {
  let offset = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    set: (date) => {
      offset = date.getTime() - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

/**
 * Noon in Chicago on the 15th of the current month. A file whose tests move the clock to the next
 * 1st, date something "earlier this month", or turn something on before a due day starts here:
 * run on the 1st, the next 1st can be 31 days away (past a session's 30), "earlier this month" is
 * today, and today is a due day (docs/testing.md, "Tests and the calendar").
 */
export function middleOfThisMonth(now = new Date()): Date {
  return new Date(`${periodOf(chicagoToday(now))}-15T18:00:00Z`);
}

function testConfig(overrides: Record<string, string | undefined>): Config {
  return loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    ADMIN_EMAIL: "admin@association.test",
    ADMIN_PASSWORD: "correct-horse-battery",
    SUPPORT_EMAIL: "support@association.test",
    // Tests stand for many clients by sending X-Forwarded-For, as a proxy would.
    TRUST_PROXY: "true",
    ...overrides,
  });
}

/** The migrated copy to start from, unless the test asked for a database of its own choosing. */
const snapshotFor = (config: Config, database: TestDatabase) => (config.DATABASE_URL || config.DATA_DIR !== "memory://" ? undefined : database.snapshot);

export interface TestApp {
  services: Services;
  clock: TestClock;
  app: ReturnType<typeof createApp>;
  /** A JSON client with its own cookie jar, like one browser. */
  client(): ApiClient;
  close(): Promise<void>;
}

/** The real app and a real database, called through app.request() with no socket. */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: { log?: Logger; lifecycle?: Lifecycle } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ migrated: true });
  const config = testConfig({ DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, ...env });
  const db = snapshotFor(config, database) ? await migratedPglite() : await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4 });
  const clock = testClock();
  const services = createServices(config, db, clock.now, { log: options.log });
  await prepareDatabase(services, () => {});
  const app = createApp(services, { lifecycle: options.lifecycle });
  return {
    services,
    clock,
    app,
    client: () => new ApiClient((path, init) => app.request(path, init)),
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}

export interface TestServer extends RunningServer {
  clock: TestClock;
  client(): ApiClient;
}

/** The real server on a real socket, serving the built web app (browser tests). */
/**
 * The real server on a fresh database, with its workers. The demo's sample books are made only
 * when asked (`sampleBooks`): writing a year of books takes seconds that other tests need not wait.
 */
export async function startTestServer(env: Record<string, string | undefined> = {}, options: { sampleBooks?: boolean } = {}): Promise<TestServer> {
  const database = await createTestDatabase({ migrated: true });
  const clock = testClock();
  const config = testConfig({ DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, ...env });
  const server = await startServer(config, {
    webDist: WEB_DIST,
    log: () => {},
    now: clock.now,
    poolSize: 4,
    sampleBooks: options.sampleBooks ?? false,
    ...(snapshotFor(config, database) ? { database: await migratedPglite() } : {}),
  });
  // PUBLIC_URL must match the real port for links and the origin check.
  (server.services.config as { PUBLIC_URL: string }).PUBLIC_URL = server.url;
  return {
    ...server,
    clock,
    client: () => new ApiClient((path, init) => fetch(new URL(path, server.url), init), server.url),
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Sends JSON like the React client does: same origin, cookies kept between calls. */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  bearer?: string;

  constructor(
    private readonly send: (path: string, init: RequestInit) => Response | Promise<Response>,
    readonly origin = TEST_ORIGIN,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    options: { bytes?: boolean } = {},
  ): Promise<ApiResponse<T>> {
    const init: RequestInit = {
      method,
      headers: {
        origin: this.origin,
        ...(body !== undefined && typeof body !== "string" && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" || body instanceof FormData ? body : JSON.stringify(body),
      redirect: "manual",
    };
    const response = await this.send(path, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      const v = value.join("=");
      if (v === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), v);
    }
    if (options.bytes) return { status: response.status, body: new Uint8Array(await response.arrayBuffer()) as T, headers: response.headers };
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PATCH", path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PUT", path, body ?? {}, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("DELETE", path, undefined, headers);
  }
  /** A multipart form with one file in `file`, as a browser's file input sends it. */
  upload<T = any>(path: string, file: { name: string; bytes: Uint8Array; type?: string }, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "application/octet-stream" }));
    return this.request<T>("POST", path, form);
  }
  /** A download's bytes. */
  download(path: string) {
    return this.request<Uint8Array>("GET", path, undefined, {}, { bytes: true });
  }
}
