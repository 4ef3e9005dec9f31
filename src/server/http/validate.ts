import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
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

/** The largest request an upload route takes: one 10 MB file and its form fields. */
export const MAX_UPLOAD_REQUEST_BYTES = 11 * 1024 * 1024;

/**
 * Marks a route that takes a file: the app's body limit gives such a route room for one upload
 * (MAX_UPLOAD_REQUEST_BYTES) and every other request 1 MB. The list of upload paths is thereby
 * the routes themselves, and `readUpload` refuses to run on a route without the mark.
 */
export const takesFile: MiddlewareHandler = async (_c, next) => {
  await next();
};

/** Whether the request's route took the `takesFile` mark. */
export const routeTakesFile = (c: Context) => matchedRoutes(c).some((route) => route.handler === takesFile);

/**
 * A multipart form with one file in `file` (and text fields beside it): 400 when the form does
 * not parse, 422 when the file is missing. The file's type is decided later, from its content.
 */
export async function readUpload(c: Context): Promise<{ file: { name: string; bytes: Uint8Array }; fields: Record<string, string> }> {
  // A programming error, caught by the route tests: the route reads a file but its body is capped at 1 MB.
  if (!routeTakesFile(c)) throw new Error(`${c.req.method} ${c.req.path} reads an upload without the takesFile mark`);
  if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("UNPROCESSABLE", [{ loc: ["body", "file"], msg: "Send the file as multipart/form-data in the field `file`." }]);
  }
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError("BAD_REQUEST", "The form could not be read.");
  }
  const file = form.file;
  if (!(file instanceof File)) throw new AppError("UNPROCESSABLE", [{ loc: ["body", "file"], msg: "Choose a file to upload." }]);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === "string") fields[key] = value;
  return { file: { name: file.name || "file", bytes: new Uint8Array(await file.arrayBuffer()) }, fields };
}
