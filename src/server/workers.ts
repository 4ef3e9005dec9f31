/** A loop that runs beside the HTTP server in the same process (mail, subscription clock, sweeps). */
export interface BackgroundWorker {
  name: string;
  stop(): Promise<void>;
}

/**
 * A job run `firstDelayMs` after start-up and then every `intervalMs`, one run at a time; a failed
 * run is logged and the next one runs as planned. `stop()` waits for the run in progress.
 */
export function periodicWorker(name: string, job: () => Promise<unknown>, options: { intervalMs: number; firstDelayMs: number }) {
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    running = running.then(job).catch((error) => console.error(`[${name}] failed:`, error instanceof Error ? error.message : error));
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
