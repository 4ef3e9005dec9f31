import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { applicationPayload } from "../support/fixtures.ts";
import { createTestDatabase, migratedDataDir } from "../support/database.ts";
import { freePort } from "../support/server-process.ts";

// Stopping gracefully (docs/operations.md): on SIGTERM the real server (`npm start`'s entry point)
// stops taking connections, answers the request in flight, finishes its jobs' runs and exits 0.

const root = resolve(import.meta.dir, "../..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("SIGTERM", () => {
  test("a request in flight is answered, a new connection is refused, and the process exits 0", async () => {
    const database = await createTestDatabase();
    const dataDir = database.databaseUrl ? mkdtempSync(join(tmpdir(), "association-shutdown-")) : await migratedDataDir("association-shutdown-");
    dirs.push(dataDir);
    const port = freePort();
    const url = `http://127.0.0.1:${port}`;
    // The server logs at debug, so the test sees when it has started on the request in flight.
    const proc = Bun.spawn(["bun", "src/server/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "debug",
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: database.databaseUrl ?? "",
        DATA_DIR: dataDir,
        ADMIN_EMAIL: "owner@association.test",
        ADMIN_PASSWORD: "a-long-password",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const lines: Record<string, unknown>[] = [];
    void (async () => {
      let buffered = "";
      for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) {
        buffered += new TextDecoder().decode(chunk);
        const complete = buffered.split("\n");
        buffered = complete.pop()!;
        for (const line of complete) if (line.startsWith("{")) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
    })();
    const until = async (what: string, found: () => boolean | Promise<boolean>, ms = 90_000) => {
      const deadline = Date.now() + ms;
      while (!(await found())) {
        if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`no ${what}: ${await new Response(proc.stderr).text()}`);
        await Bun.sleep(50);
      }
    };

    try {
      const ready = () => fetch(`${url}/api/ready`, { keepalive: false }).then((res) => res.status === 200, () => false);
      await until("ready server", ready);

      // The request in flight: an application whose body arrives in two parts, the second after
      // the signal, so the server is still reading it when it is told to stop.
      const body = new TextEncoder().encode(JSON.stringify(applicationPayload()));
      const half = Math.floor(body.length / 2);
      let sendRest!: () => void;
      const rest = new Promise<void>((done) => (sendRest = done));
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(body.slice(0, half));
          await rest;
          controller.enqueue(body.slice(half));
          controller.close();
        },
      });
      const inFlight = fetch(`${url}/api/membership/apply`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length), origin: url },
        body: stream,
        // A connection of its own, not one the readiness checks left open.
        keepalive: false,
        // @ts-expect-error Bun and undici send a streamed body only with duplex: "half".
        duplex: "half",
      });
      // Once the server works on it: a first start is busy (the demo's books) and may take a moment
      // to read the socket; a connection it has not read yet when it stops is closed, as in any server.
      await until("request in flight", () => lines.some((l) => l.msg === "request started" && l.method === "POST"));

      proc.kill("SIGTERM");
      await until("shutdown", () => lines.some((l) => l.msg === "shutting down: finishing the requests in flight"));
      // It takes no new connection.
      const late = await fetch(`${url}/api/health`, { keepalive: false, signal: AbortSignal.timeout(2_000) }).then(
        (res) => res.status,
        () => "refused",
      );
      expect(late).toBe("refused");
      expect(proc.exitCode).toBeNull();

      sendRest();
      const answered = await inFlight;
      expect(answered.status).toBe(201);
      expect(((await answered.json()) as { application_id: string }).application_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await proc.exited).toBe(0);
      // The process has exited; its last lines may still be on their way through the pipe.
      for (let waited = 0; waited < 5_000 && !lines.some((l) => l.msg === "stopped"); waited += 50) await Bun.sleep(50);
      expect(lines.some((l) => l.route === "/api/membership/apply" && l.status === 201)).toBe(true);
      // It stopped after answering: "stopped" comes after the request's own line, and nothing after it but that line's peers.
      const stopped = lines.findIndex((l) => l.msg === "stopped");
      expect(stopped).toBeGreaterThan(lines.findIndex((l) => l.msg === "shutting down: finishing the requests in flight"));
      expect(lines.slice(stopped + 1).filter((l) => l.msg !== "request")).toEqual([]);
    } finally {
      if (proc.exitCode === null) proc.kill("SIGKILL");
      await database.drop();
    }
  }, 150_000);
});
