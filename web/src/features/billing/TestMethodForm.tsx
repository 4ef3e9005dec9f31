import { useId, useState } from "react";
import { TEST_CARD_SUCCESS } from "@shared/billing.ts";
import { Button } from "../../components/Button.tsx";

// The test provider's payment form (TEST MODE), shared by its rent checkout and autopay's setup:
// a test card, or a test US bank account whose debits clear or are returned by the bank.

export type TestMethodChoice = "card" | "bank_clears" | "bank_fails";
export type TestMethodInput = { method: "card"; card_number: string } | { method: "us_bank_account"; outcome: "clears" | "fails" };

export function TestMethodForm({
  hints,
  cardHint,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  /** What each choice does, in words. */
  hints: Record<TestMethodChoice, string>;
  cardHint: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (input: TestMethodInput) => void;
}) {
  const [method, setMethod] = useState<TestMethodChoice>("card");
  const [card, setCard] = useState(TEST_CARD_SUCCESS);
  const cardId = useId();
  const choices: [TestMethodChoice, string][] = [
    ["card", "Card"],
    ["bank_clears", "US bank account"],
    ["bank_fails", "US bank account that fails"],
  ];
  return (
    <form
      className="mt-5 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (method === "card") onSubmit({ method: "card", card_number: card });
        else onSubmit({ method: "us_bank_account", outcome: method === "bank_clears" ? "clears" : "fails" });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Pay with</legend>
        <div className="mt-2 space-y-2">
          {choices.map(([value, label]) => (
            <label key={value} className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm ${method === value ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}>
              <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} />
              <span>
                <span className="font-semibold text-slate-900">{label}</span>
                <span className="block text-xs text-slate-600">{hints[value]}</span>
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
          <p className="mt-1 text-xs text-slate-500">{cardHint}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Processing..." : submitLabel}
      </Button>
    </form>
  );
}
