import { TRPCClientError } from "@trpc/client";

type Detail = string | { msg?: string; message?: string }[] | null | undefined;

/** SPEC.md 8's generic rule: detail (string or joined list), else message, else a status line. */
export function detailMessage(detail: Detail, fallback: string): string {
  if (typeof detail === "string" && detail) return detail;
  if (Array.isArray(detail)) {
    const joined = detail.map((item) => item.msg ?? item.message).filter(Boolean).join("; ");
    return joined || "Server error occurred";
  }
  return fallback;
}

/** The words to show for a failed tRPC call. */
export function errorMessage(error: unknown, fallback = "Server error occurred"): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as { detail?: Detail; httpStatus?: number } | undefined;
    if (data?.detail) return detailMessage(data.detail, fallback);
    if (error.message) return error.message;
    return data?.httpStatus ? `HTTP error! status: ${data.httpStatus}` : fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The HTTP status of a failed tRPC call, when there is one. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return undefined;
}
