import { describe, expect, test } from "bun:test";
import { AppError, fromDatabaseError, isStatementError } from "../../src/server/errors.ts";

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
/** How the ORM wraps a driver error: the SQLSTATE is on the cause. */
const wrapped = (cause: Error) => Object.assign(new Error("Failed query"), { cause });

describe("database errors as answers", () => {
  test("a value refused as data is the caller's 400", () => {
    for (const error of [withCode("22P05"), wrapped(withCode("22021")), withCode("22003")]) {
      const answer = fromDatabaseError(error);
      expect(answer).toBeInstanceOf(AppError);
      expect(answer!.status).toBe(400);
    }
  });

  test("a database that cannot be reached or ended the connection is a 503 to retry", () => {
    for (const code of ["57P01", "57P03", "57014", "08006", "53300", "53100", "CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNRESET", "ECONNREFUSED"]) {
      for (const error of [withCode(code), wrapped(withCode(code))]) {
        const answer = fromDatabaseError(error);
        expect(answer?.status).toBe(503);
        expect(answer?.retryAfter).toBe(5);
        expect(answer?.body()).toEqual({ detail: "The membership database is not answering. Please try again in a moment." });
      }
    }
  });

  test("anything else stays the server's own error", () => {
    for (const error of [withCode("23505"), withCode("42P01"), new Error("plain"), null, "text"]) {
      expect(fromDatabaseError(error)).toBeNull();
    }
  });

  test("a statement error is an SQLSTATE about the statement, not about the server's state", () => {
    for (const error of [withCode("23505"), wrapped(withCode("22P05")), withCode("40P01")]) expect(isStatementError(error)).toBe(true);
    for (const error of [withCode("57P01"), wrapped(withCode("08006")), withCode("CONNECTION_CLOSED"), new Error("plain")]) {
      expect(isStatementError(error)).toBe(false);
    }
  });
});
