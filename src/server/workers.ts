import type { Services } from "./services.ts";

/** A loop that runs beside the HTTP server in the same process (mail, subscription clock, sweeps). */
export interface BackgroundWorker {
  name: string;
  stop(): Promise<void>;
}

/**
 * One run of a background job, counted in the metrics (`job_runs_total`, its duration, the last
 * success) and logged: a failure at `error` with the job's name, a success at `debug`. The error
 * is thrown on, for the caller's own handling.
 */
export async function observeJob<T>(services: Pick<Services, "log" | "metrics">, job: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    const seconds = (performance.now() - started) / 1000;
    services.metrics.jobRun(job, "ok", seconds);
    services.log.debug({ job, duration_ms: Math.round(seconds * 1000) }, "job run");
    return result;
  } catch (error) {
    services.metrics.jobRun(job, "failed", (performance.now() - started) / 1000);
    services.log.error({ job, err: error }, "job run failed");
    throw error;
  }
}

/**
 * A job run `firstDelayMs` after start-up and then every `intervalMs`, one run at a time; a failed
 * run is logged and the next one runs as planned. `stop()` waits for the run in progress. Given
 * `services`, each run is observed (`observeJob`).
 */
export function periodicWorker(
  name: string,
  job: () => Promise<unknown>,
  options: { intervalMs: number; firstDelayMs: number; services?: Pick<Services, "log" | "metrics"> },
) {
  const observed = options.services ? () => observeJob(options.services!, name, job) : job;
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    running = running.then(observed).catch((error) => {
      if (!options.services) console.error(`[${name}] failed:`, error instanceof Error ? error.message : error);
    });
    return running;
  };
  const first = setTimeout(runOnce, options.firstDelayMs);
  const timer = setInterval(runOnce, options.intervalMs);
  first.unref?.();
  timer.unref?.();
  return {
    name,
    runOnce,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  } satisfies BackgroundWorker & { runOnce(): Promise<unknown> };
}
