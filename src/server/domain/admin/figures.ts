import type { Services } from "../../services.ts";

// The dashboard's figures count every member, application and subscription. Exact counts over
// 100,000 members cost tens to hundreds of milliseconds of database work each time, which under
// load (or with many admins watching) makes them the slowest calls of the site. So each is
// computed in the background and served from memory: what an admin sees is at most FRESH_MS old,
// and says when it was computed (`as_of`). An admin's own change (delete, deactivate, cleanup)
// is shown at once: those forget the figures. Each server process keeps its own copy.

/** Figures younger than this are served as they are. */
export const FIGURES_FRESH_MS = 30_000;
/** Older figures are still served at once while new ones are computed; past this the caller waits. */
export const FIGURES_STALE_MS = 5 * 60_000;

interface Entry {
  value: unknown;
  computedAt: number;
  refreshing: Promise<unknown> | null;
}

const caches = new WeakMap<Services["db"], Map<string, Entry>>();

function cacheOf(services: Services): Map<string, Entry> {
  let cache = caches.get(services.db);
  if (!cache) caches.set(services.db, (cache = new Map()));
  return cache;
}

/**
 * The figures under `key`: from memory while fresh, from memory while a background computation
 * replaces them when stale, computed while the caller waits when missing or too old.
 */
export async function servedFigures<T extends object>(
  services: Services,
  key: string,
  compute: (now: Date) => Promise<T>,
): Promise<T & { as_of: string }> {
  const cache = cacheOf(services);
  const now = services.now();
  const entry = cache.get(key);
  const age = entry ? now.getTime() - entry.computedAt : Infinity;
  const run = () => {
    const started = services.now();
    const computation = compute(started).then((value) => {
      cache.set(key, { value, computedAt: started.getTime(), refreshing: null });
      return value;
    });
    if (entry) entry.refreshing = computation;
    return computation.finally(() => {
      if (entry) entry.refreshing = null;
    });
  };
  const answer = (value: unknown, computedAt: number) => ({ ...(value as T), as_of: new Date(computedAt).toISOString() });

  if (entry && age < FIGURES_FRESH_MS) return answer(entry.value, entry.computedAt);
  if (entry && age < FIGURES_STALE_MS) {
    // Someone is served now; the next caller gets the new figures. A failure leaves the old ones.
    if (!entry.refreshing) {
      run().catch((error) => console.error(`[dashboard] refreshing ${key} failed:`, error instanceof Error ? error.message : error));
    }
    return answer(entry.value, entry.computedAt);
  }
  const value = await run();
  return answer(value, cache.get(key)!.computedAt);
}

/** Runs an admin's change; once it committed, the next request computes the figures anew. */
export async function changingFigures<T>(services: Services, change: () => Promise<T>): Promise<T> {
  const result = await change();
  cacheOf(services).clear();
  return result;
}
