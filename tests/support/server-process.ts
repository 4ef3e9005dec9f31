import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Subprocess } from "bun";

const root = resolve(import.meta.dir, "../..");

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  proc: Subprocess;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
  /** Resident memory of the process, in MB (Linux /proc). */
  rssMb(): number;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

/** A free TCP port on loopback. */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/**
 * Starts a script as a separate Bun process on a free port and waits until `healthPath` answers
 * 200. The default script is the production server (tests/support/server-main.ts).
 */
export async function spawnServer(options: {
  env: Record<string, string | undefined>;
  script?: string;
  port?: number;
  healthPath?: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? freePort();
  const url = `http://127.0.0.1:${port}`;
  const script = options.script ?? resolve(import.meta.dir, "server-main.ts");
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, PORT: String(port), PUBLIC_URL: url, ...options.env })) {
    if (v !== undefined) env[k] = v;
  }
  const started = performance.now();
  const proc = Bun.spawn([process.execPath, script], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
  let errText = "";
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) errText += decoder.decode(chunk);
  })();
  void (async () => {
    for await (const _ of proc.stdout as ReadableStream<Uint8Array>);
  })();

  const deadline = started + (options.timeoutMs ?? 60_000);
  const health = options.healthPath ?? "/api/health";
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`server exited (${proc.exitCode ?? proc.signalCode}) before it was healthy:\n${errText}`);
    }
    try {
      const res = await fetch(url + health, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {}
    if (performance.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server not healthy within ${options.timeoutMs ?? 60_000} ms:\n${errText}`);
    }
    await Bun.sleep(25);
  }
  const startMs = performance.now() - started;
  return {
    url,
    port,
    pid: proc.pid,
    proc,
    startMs,
    rssMb: () => rssMb(proc.pid),
    stderr: () => errText,
    kill: async (signal = "SIGTERM") => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      await proc.exited;
      clearTimeout(timer);
    },
  };
}
