import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "@shared/billing.ts";
import { formatCents } from "@shared/portal.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { TestModeBanner, useSessionIdParam, Working } from "./shared.tsx";

type Method = "card" | "bank_clears" | "bank_fails";

/**
 * The test provider's rent checkout (PORTAL.md 4): a test card pays at once; a test bank account is
 * recorded while processing and then clears, or is returned by the bank (a failing bank payment),
 * each step handled by the same code as Stripe's events.
 */
export default function TestRentCheckoutPage() {
  const sessionId = useSessionIdParam();
  const checkout = trpc.public.testProvider.rentCheckout.useQuery({ session_id: sessionId ?? "" }, { enabled: sessionId !== null, retry: false });
  const [method, setMethod] = useState<Method>("card");
  const [card, setCard] = useState(TEST_CARD_SUCCESS);
  const [error, setError] = useState<string | null>(null);
  const cardId = useId();
  const pay = trpc.public.testProvider.payRent.useMutation({
    onSuccess: (answer) => window.location.assign(answer.success_url),
    onError: (err) => setError(errorMessage(err, "The payment could not be processed.")),
  });
  const choices: [Method, string, string][] = [
    ["card", "Card", "Pays at once"],
    ["bank_clears", "US bank account", "Processing first, then clears"],
    ["bank_fails", "US bank account that fails", "Processing first, then the bank returns it"],
  ];

  return (
    <main id="main" className="min-h-screen bg-slate-100 px-4 py-10">
      <div className="mx-auto max-w-md space-y-4">
        <TestModeBanner />
        <div className="rounded-xl bg-white p-6 shadow-sm">
          {!sessionId ? (
            <p role="alert">No checkout session was given.</p>
          ) : checkout.isPending ? (
            <Working label="Loading checkout..." />
          ) : checkout.isError ? (
            <div role="alert">
              <h1 className="text-xl font-bold text-slate-900">Checkout unavailable</h1>
              <p className="mt-2 text-slate-700">{errorMessage(checkout.error, "This checkout does not exist.")}</p>
              <Link to="/tenant" className={buttonClass("secondary", "mt-4")}>
                Back to the tenant portal
              </Link>
            </div>
          ) : (
            <>
              <h1 className="text-xl font-bold text-slate-900">{checkout.data.description}</h1>
              <p className="mt-1 text-3xl font-bold text-brand-800">{formatCents(checkout.data.amount_cents)}</p>
              {checkout.data.status !== "open" ? (
                <p role="alert" className="mt-4 text-slate-800">
                  {checkout.data.status === "complete" ? "This checkout is already paid." : "This checkout expired. Please start again."}
                </p>
              ) : (
                <form
                  className="mt-5 space-y-4"
                  onSubmit={(e) => {
                    e.preventDefault();
                    setError(null);
                    const session_id = checkout.data.session_id;
                    if (method === "card") pay.mutate({ session_id, method: "card", card_number: card });
                    else pay.mutate({ session_id, method: "us_bank_account", outcome: method === "bank_clears" ? "clears" : "fails" });
                  }}
                >
                  <fieldset>
                    <legend className="text-sm font-medium text-slate-800">Pay with</legend>
                    <div className="mt-2 space-y-2">
                      {choices.map(([value, label, hint]) => (
                        <label key={value} className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm ${method === value ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
                          <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} />
                          <span>
                            <span className="font-semibold text-slate-900">{label}</span>
                            <span className="block text-xs text-slate-600">{hint}</span>
                          </span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  {method === "card" && (
                    <div>
                      <label htmlFor={cardId} className="block text-sm font-medium text-slate-800">
                        Card number
                      </label>
                      <input
                        id={cardId}
                        inputMode="numeric"
                        autoComplete="cc-number"
                        value={card}
                        onChange={(e) => setCard(e.target.value)}
                        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono tracking-wider"
                      />
                      <p className="mt-1 text-xs text-slate-500">
                        Test cards: {TEST_CARD_SUCCESS} pays; {TEST_CARD_DECLINED} is declined.
                      </p>
                    </div>
                  )}
                  {error && (
                    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                      {error}
                    </p>
                  )}
                  <Button type="submit" className="w-full" disabled={pay.isPending || pay.isSuccess}>
                    {pay.isPending || pay.isSuccess ? "Processing..." : `Pay ${formatCents(checkout.data.amount_cents)}`}
                  </Button>
                </form>
              )}
              <a href={checkout.data.cancel_url} className={buttonClass("ghost", "mt-4 w-full")}>
                Cancel and return
              </a>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
