import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { CARD_EXPIRED_MESSAGE, cardExpired, renewalTerms, TEST_CARD_DECLINED, TEST_CARD_SUCCESS, ZCardCvcSchema, ZCardExpirySchema } from "@shared/billing.ts";
import { chicagoToday } from "@shared/calendar.ts";
import { formatCents, priceLabel } from "@shared/membership.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { TestModeBanner, useSessionIdParam, Working } from "./shared.tsx";

/**
 * The built-in test provider's checkout (DECISIONS.md 10): plan, price and renewal terms, a test
 * card with its expiry and CVC, Pay, and a way back to the cancel URL. Paying drives the same
 * handler as Stripe's webhook.
 */

/** What is wrong with the expiry or the CVC as typed, in the form's words, or null. */
function cardDetailsProblem(expiry: string, cvc: string): { field: "expiry" | "cvc"; message: string } | null {
  const date = ZCardExpirySchema.safeParse(expiry);
  if (!date.success) return { field: "expiry", message: date.error.issues[0]!.message };
  if (cardExpired(expiry, chicagoToday(new Date()))) return { field: "expiry", message: CARD_EXPIRED_MESSAGE };
  const code = ZCardCvcSchema.safeParse(cvc);
  return code.success ? null : { field: "cvc", message: code.error.issues[0]!.message };
}
export default function TestCheckoutPage() {
  const sessionId = useSessionIdParam();
  const checkout = trpc.public.testProvider.checkout.useQuery({ session_id: sessionId ?? "" }, { enabled: sessionId !== null, retry: false });
  const [card, setCard] = useState(TEST_CARD_SUCCESS);
  // Filled in like the card number: a test card's expiry a few years ahead and a CVC, to change at will.
  const [expiry, setExpiry] = useState(() => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`);
  const [cvc, setCvc] = useState("123");
  const [problem, setProblem] = useState<{ field: "expiry" | "cvc"; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const cardId = useId();
  const hintId = useId();
  const expiryId = useId();
  const cvcId = useId();
  const problemId = useId();
  const pay = trpc.public.testProvider.pay.useMutation({
    onSuccess: (answer) => {
      setLeaving(true);
      window.location.assign(answer.redirect_url);
    },
    onError: (err) => setError(errorMessage(err, "The payment could not be processed.")),
  });

  return (
    <main className="min-h-screen bg-slate-100 px-4 py-10">
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
              <p className="mt-2 text-slate-700">{errorMessage(checkout.error, "This checkout session does not exist.")}</p>
              <Link to="/" className={buttonClass("secondary", "mt-4")}>
                Return to Home
              </Link>
            </div>
          ) : (
            <>
              <h1 className="text-xl font-bold text-slate-900">{checkout.data.membership_level} Membership</h1>
              <p className="mt-1 text-3xl font-bold text-brand-800">
                {formatCents(checkout.data.amount_cents)}
                <span className="text-base font-normal text-slate-600"> per month</span>
              </p>
              <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                <strong>Renewal terms:</strong> {renewalTerms(checkout.data.membership_level)}
              </p>
              {checkout.data.status !== "open" ? (
                <p role="alert" className="mt-4 text-slate-800">
                  {checkout.data.status === "complete" ? "This checkout is already paid." : "This checkout session has expired. Please start again."}
                </p>
              ) : (
                <form
                  className="mt-5 space-y-3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    setError(null);
                    const wrong = cardDetailsProblem(expiry, cvc);
                    setProblem(wrong);
                    if (wrong) return;
                    pay.mutate({ session_id: checkout.data.session_id, card_number: card, expiry, cvc });
                  }}
                >
                  <label htmlFor={cardId} className="block text-sm font-medium text-slate-800">
                    Card number
                  </label>
                  <input
                    id={cardId}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    aria-describedby={hintId}
                    value={card}
                    onChange={(e) => setCard(e.target.value)}
                    className="w-full rounded-lg border border-slate-300 px-3 py-2 font-mono tracking-wider"
                  />
                  <div className="grid grid-cols-2 gap-3">
                    <CardDetail id={expiryId} label="Expiry date (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" value={expiry} onChange={setExpiry} invalid={problem?.field === "expiry"} describedBy={problem?.field === "expiry" ? problemId : hintId} />
                    <CardDetail id={cvcId} label="CVC" autoComplete="cc-csc" value={cvc} onChange={setCvc} invalid={problem?.field === "cvc"} describedBy={problem?.field === "cvc" ? problemId : hintId} />
                  </div>
                  {problem && (
                    <p id={problemId} role="alert" className="text-sm text-red-800">
                      {problem.message}
                    </p>
                  )}
                  <p id={hintId} className="text-xs text-slate-500">
                    Test cards: {TEST_CARD_SUCCESS} pays; {TEST_CARD_DECLINED} is declined. Any expiry date that has not passed and any 3-digit CVC.
                  </p>
                  {error && (
                    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                      {error}
                    </p>
                  )}
                  <Button type="submit" className="w-full" disabled={pay.isPending || leaving}>
                    {pay.isPending || leaving ? "Processing..." : `Pay ${formatCents(checkout.data.amount_cents)}`}
                  </Button>
                  <p className="text-center text-xs text-slate-500">
                    {priceLabel(checkout.data.membership_level)}, billed monthly until you cancel.
                  </p>
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

/** One of the card's short fields (expiry, CVC), labelled, pointing at its error when it has one. */
function CardDetail(props: { id: string; label: string; autoComplete: string; placeholder?: string; value: string; onChange: (value: string) => void; invalid: boolean; describedBy: string }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <input
        id={props.id}
        inputMode="numeric"
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        aria-invalid={props.invalid}
        aria-describedby={props.describedBy}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono"
      />
    </div>
  );
}
