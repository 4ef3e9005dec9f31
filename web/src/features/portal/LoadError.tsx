import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";

/** A failed portal query: the server's words and a retry, never made-up data. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">We could not load {what}.</p>
      <p className="mt-1 text-sm">{errorMessage(error, "Please try again in a moment.")}</p>
      <Button variant="secondary" className="mt-3 text-sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
