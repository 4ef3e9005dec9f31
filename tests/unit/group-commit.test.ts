import { describe, expect, test } from "bun:test";
import { groupCommit, groupCommitPerDatabase } from "../../src/server/db/group-commit.ts";

// The scheduling of the group commit on its own; tests/api/apply-concurrency.test.ts drives the
// real apply statement through it.

/** A writer whose batches finish when the test says so, remembering what it was given. */
function controlledWriter(fail?: (items: string[]) => unknown) {
  const batches: string[][] = [];
  const finishers: (() => void)[] = [];
  const write = (items: string[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      finishers.push(() => {
        const error = fail?.(items);
        if (error) reject(error);
        else resolve(items.map((i) => `done:${i}`));
      });
    });
  };
  const finishNext = async () => {
    finishers.shift()!();
    await Bun.sleep(0);
  };
  return { batches, write, finishNext };
}

const sqlError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

describe("group commit", () => {
  test("a lone item is written at once, alone", async () => {
    const w = controlledWriter();
    const queue = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    const result = queue.submit("a");
    expect(w.batches).toEqual([["a"]]);
    await w.finishNext();
    expect(await result).toBe("done:a");
  });

  test("items arriving while a batch is written go together in the next one, in arrival order, at most maxBatch", async () => {
    const w = controlledWriter();
    const queue = groupCommit({ write: w.write, maxBatch: 3, maxInFlight: 1 });
    const results = ["a", "b", "c", "d", "e", "f"].map((item) => queue.submit(item));
    expect(w.batches).toEqual([["a"]]);
    expect(queue.pending).toBe(5);
    await w.finishNext();
    expect(w.batches).toEqual([["a"], ["b", "c", "d"]]);
    await w.finishNext();
    expect(w.batches).toEqual([["a"], ["b", "c", "d"], ["e", "f"]]);
    await w.finishNext();
    expect(await Promise.all(results)).toEqual(["done:a", "done:b", "done:c", "done:d", "done:e", "done:f"]);
    expect(queue.inFlight).toBe(0);
  });

  test("at most maxInFlight batches are written at once", async () => {
    const w = controlledWriter();
    const queue = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 2 });
    for (const item of ["a", "b", "c", "d"]) void queue.submit(item);
    expect(w.batches).toEqual([["a"], ["b"]]);
    expect(queue.inFlight).toBe(2);
    await w.finishNext();
    expect(w.batches).toEqual([["a"], ["b"], ["c", "d"]]);
  });

  test("items with one key never share a batch, and keep their order", async () => {
    const w = controlledWriter();
    const queue = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1, key: (item: string) => item[0]! });
    for (const item of ["x0", "a1", "a2", "b1", "a3", "b2", "c1"]) void queue.submit(item);
    await w.finishNext();
    await w.finishNext();
    await w.finishNext();
    expect(w.batches).toEqual([["x0"], ["a1", "b1", "c1"], ["a2", "b2"], ["a3"]]);
  });

  test("when a batch's statement fails, each item is written again alone and only the bad one fails", async () => {
    const w = controlledWriter((items) => (items.includes("bad") ? sqlError("22P05") : null));
    const queue = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    void queue.submit("first");
    const results = ["a", "bad", "b"].map((item) => queue.submit(item).then((v) => v, (e: Error) => e.message));
    await w.finishNext(); // first
    await w.finishNext(); // a, bad, b together: fails
    await w.finishNext(); // a alone
    await w.finishNext(); // bad alone
    await w.finishNext(); // b alone
    expect(w.batches).toEqual([["first"], ["a", "bad", "b"], ["a"], ["bad"], ["b"]]);
    expect(await Promise.all(results)).toEqual(["done:a", "database error 22P05", "done:b"]);
  });

  test("an error wrapped by the ORM (the SQLSTATE on its cause) is a statement error too", async () => {
    const w = controlledWriter((items) => (items.length > 1 ? Object.assign(new Error("Failed query"), { cause: sqlError("40P01") }) : null));
    const queue = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    void queue.submit("first");
    const results = ["a", "b"].map((item) => queue.submit(item));
    for (let i = 0; i < 4; i++) await w.finishNext();
    expect(await Promise.all(results)).toEqual(["done:a", "done:b"]);
  });

  test("a lost connection fails the whole batch at once, without writing each item again", async () => {
    const lost = Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
    const w = controlledWriter((items) => (items.length > 1 ? lost : null));
    const queue = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    void queue.submit("first");
    const results = ["a", "b"].map((item) => queue.submit(item).then((v) => v, (e: Error) => e.message));
    await w.finishNext();
    await w.finishNext();
    expect(await Promise.all(results)).toEqual(["write CONNECTION_CLOSED", "write CONNECTION_CLOSED"]);
    expect(w.batches).toEqual([["first"], ["a", "b"]]);
    // The queue goes on with what comes next.
    const later = queue.submit("c");
    await w.finishNext();
    expect(await later).toBe("done:c");
  });

  test("a batch whose write never settles fails after the timeout and the queue goes on", async () => {
    const batches: string[][] = [];
    const queue = groupCommit({
      write: (items: string[]) => {
        batches.push(items);
        // The first write is lost (never settles); later ones answer.
        return batches.length === 1 ? new Promise<string[]>(() => {}) : Promise.resolve(items.map((i) => `done:${i}`));
      },
      maxBatch: 10,
      maxInFlight: 1,
      timeout: { ms: 30, error: () => new Error("no answer") },
    });
    const lost = queue.submit("a").then((v) => v, (e: Error) => e.message);
    const waiting = queue.submit("b");
    expect(await lost).toBe("no answer");
    expect(await waiting).toBe("done:b");
    expect(batches).toEqual([["a"], ["b"]]);
  });
});

describe("one group commit per database handle", () => {
  test("made on first use, the same one for the same handle, another for another handle", async () => {
    let made = 0;
    const queueOf = groupCommitPerDatabase((services: { db: object; name: string }) => {
      made += 1;
      return groupCommit<string, string>({ write: async (items) => items.map((i) => `${services.name}:${i}`), maxBatch: 8, maxInFlight: 1 });
    });
    const first = { db: {}, name: "first" };
    const second = { db: {}, name: "second" };
    expect(made).toBe(0);
    const a = queueOf(first);
    expect(queueOf({ ...first, name: "same handle" })).toBe(a);
    const b = queueOf(second);
    expect(b).not.toBe(a);
    expect(made).toBe(2);
    expect(await Promise.all([a.submit("x"), b.submit("y")])).toEqual(["first:x", "second:y"]);
  });
});
