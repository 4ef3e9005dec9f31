import { initTRPC, TRPCError } from "@trpc/server";
import type { Context as HonoContext } from "hono";
import { ZodError } from "zod";
import { AppError, ERROR_CODES, fromDatabaseError, validationError, type ErrorDetail } from "../errors.ts";
import type { AppEnv, Auth, RequestMetaInfo } from "../http/auth.ts";
import type { Services } from "../services.ts";

// ---------------------------------------------------------------------------------------------
// 1. Context: the same services, auth and request facts that the REST routes see.
// ---------------------------------------------------------------------------------------------
export interface TrpcContext {
  services: Services;
  auth: Auth;
  meta: RequestMetaInfo;
  /**
   * Headers of the response being built: session cookies are set here (pass it to
   * setSessionCookie / clearSessionCookie / switchToMemberSession).
   */
  resHeaders: Headers;
}

export function createTrpcContext(c: HonoContext<AppEnv>, resHeaders: Headers): TrpcContext {
  return { services: c.var.services, auth: c.var.auth, meta: c.var.meta, resHeaders };
}

// ---------------------------------------------------------------------------------------------
// 2. Init: errors carry SPEC.md's `detail` so the client shows the same words as REST callers.
// ---------------------------------------------------------------------------------------------
const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const appError = toAppError(error);
    return {
      ...shape,
      message: appError?.message ?? (error.code === "INTERNAL_SERVER_ERROR" ? "Server error occurred" : shape.message),
      data: { ...shape.data, stack: undefined, status: appError?.status ?? shape.data.httpStatus, detail: appError?.detail ?? null },
    };
  },
});

function toAppError(error: TRPCError): AppError | null {
  if (error.cause instanceof AppError) return error.cause;
  if (error.cause instanceof ZodError) return validationError(error.cause);
  return null;
}

/** Domain errors become tRPC errors with the matching code. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause instanceof AppError ? result.error.cause : fromDatabaseError(result.error.cause);
    if (cause) throw new TRPCError({ code: ERROR_CODES[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// ---------------------------------------------------------------------------------------------
// 3. Procedure tiers.
// ---------------------------------------------------------------------------------------------
export const publicProcedure = t.procedure.use(mapErrors);

/** A signed-in member: `ctx.member` is non-null. */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth.member) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return next({ ctx: { ...ctx, member: ctx.auth.member } });
});

/** A signed-in administrator: `ctx.admin` is non-null. A member session is refused. */
export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth.admin) {
    throw ctx.auth.member
      ? new AppError("FORBIDDEN", "Administrators only.")
      : new AppError("UNAUTHORIZED", "Please sign in as an administrator.");
  }
  return next({ ctx: { ...ctx, admin: ctx.auth.admin } });
});

export type { ErrorDetail };
