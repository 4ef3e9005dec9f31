import type { Context } from "hono";
import type { z } from "zod";
import { AppError, validationError } from "../errors.ts";

/** The request's JSON body checked against a schema: 400 for malformed JSON, 422 for bad fields. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, options: { emptyIsObject?: boolean } = {}): Promise<z.output<S>> {
  let body: unknown;
  const raw = await c.req.text();
  if (raw.trim() === "" && options.emptyIsObject) body = {};
  else {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "body");
  return parsed.data;
}

/** Query parameters checked against a schema. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error, "query");
  return parsed.data;
}
