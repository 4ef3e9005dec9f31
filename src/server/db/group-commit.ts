// Group commit for a busy write: requests that arrive while earlier ones are being written wait
// in a queue and are then written together, in one statement and one commit. A lone request is
// written at once (no timer, no added latency); under load the batches grow by themselves, and
// the database does one parse, one plan, one transaction and one WAL flush for many requests
// instead of one each.
//
// Each batch is one transaction: every item in it commits or none does. When the statement of a
// batch of several fails, its items are written again one by one, so a problem with one request
// (or a deadlock with a concurrent batch) never becomes another request's error. A lost
// connection is not retried item by item: every item gets that error at once.

import { isStatementError } from "../errors.ts";

export interface GroupCommitOptions<I, O> {
  /** Writes a batch; answers one result per item, in the items' order. */
  write(items: I[]): Promise<O[]>;
  /** The most items in one batch. */
  maxBatch: number;
  /** Batches written at the same time (each holds a database connection). */
  maxInFlight: number;
  /**
   * Items with the same key never share a batch (the statement could not touch one row twice);
   * a later one waits for the next batch, in arrival order.
   */
  key?(item: I): string;
  /**
   * A batch that has not settled after this long fails with `error()` and frees its slot. The
   * database driver can lose a query when a connection drops at the wrong moment (its promise
   * never settles); without this one lost batch would hold up every later item for good.
   */
  timeout?: { ms: number; error(): unknown };
}

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
  /** Items waiting and batches being written, for tests and diagnostics. */
  readonly pending: number;
  readonly inFlight: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function groupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;

  /** Takes the next batch off the queue: oldest first, at most one item per key. */
  function takeBatch(): Waiting<I, O>[] {
    if (!options.key) return queue.splice(0, options.maxBatch);
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = options.key(waiting.item);
      if (batch.length < options.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    queue = rest;
    return batch;
  }

  /** Writes a batch and settles its items; `release` frees its slot as early as possible. */
  async function writeSettling(batch: Waiting<I, O>[], release: () => void): Promise<void> {
    let results: O[];
    try {
      results = await withTimeout(options.write(batch.map((w) => w.item)));
    } catch (error) {
      if (batch.length === 1 || !isStatementError(error)) {
        release();
        for (const w of batch) w.reject(error);
      } else {
        for (const w of batch) await writeSettling([w], () => {});
        release();
      }
      return;
    }
    // The next batch goes to the database before these answers go out.
    release();
    batch.forEach((w, i) => w.resolve(results[i]!));
  }

  function withTimeout(write: Promise<O[]>): Promise<O[]> {
    const timeout = options.timeout;
    if (!timeout) return write;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timeout.error()), timeout.ms);
    });
    return Promise.race([write, expired]).finally(() => clearTimeout(timer));
  }

  function pump() {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      void writeSettling(batch, () => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
    get pending() {
      return queue.length;
    },
    get inFlight() {
      return inFlight;
    },
  };
}

/**
 * One group commit per database handle, made on its first use: a server has one handle, each
 * test app its own, and a batch must never go to another handle's database.
 */
export function groupCommitPerDatabase<S extends { db: object }, I, O>(make: (services: S) => GroupCommit<I, O>): (services: S) => GroupCommit<I, O> {
  const made = new WeakMap<object, GroupCommit<I, O>>();
  return (services) => {
    let queue = made.get(services.db);
    if (!queue) {
      queue = make(services);
      made.set(services.db, queue);
    }
    return queue;
  };
}
