import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { PAID_LEVELS, priceLabel, type PaidLevel } from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { useWhoami } from "../../lib/whoami.ts";
import { trpc } from "../../trpc.ts";
import { PlanChangeConfirm } from "./PlanChange.tsx";

export const UPGRADE_EMAIL_PROMPT = "Please provide your email address to continue with the upgrade:";

/**
 * SPEC.md 4 "Upgrade": the Upgrade to Standard / Premium buttons. While processing both are
 * disabled and read "Processing..."; a failure shows the server's words above the buttons. With
 * no email known, an email prompt opens and the upgrade waits for the next click.
 */
export function UpgradeButtons({ memberEmail }: { memberEmail: string | null }) {
  const whoami = useWhoami();
  const [savedEmail, setSavedEmail] = useState<string | null>(null);
  const [promptOpen, setPromptOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pendingLevel, setPendingLevel] = useState<PaidLevel | null>(null);
  const email = memberEmail ?? savedEmail;
  const currentLevel = whoami.data?.member?.membership_level ?? "Basic";
  // A paid member changes plan on the running subscription: the price is shown before it changes.
  const paidMember = currentLevel !== "Basic" && whoami.data?.member?.status === "active";
  const [changingTo, setChangingTo] = useState<PaidLevel | null>(null);

  const upgrade = trpc.member.billing.startUpgrade.useMutation({
    onSuccess: (answer) => {
      window.location.assign(answer.checkout_url);
    },
    onError: (err) => {
      setPendingLevel(null);
      setError(errorMessage(err, "Failed to initiate upgrade"));
    },
  });
  const processing = upgrade.isPending || (upgrade.isSuccess && pendingLevel !== null);

  const start = (level: PaidLevel) => {
    setError(null);
    if (!email) {
      setPromptOpen(true);
      return;
    }
    if (paidMember) {
      setChangingTo(level);
      return;
    }
    setPendingLevel(level);
    upgrade.mutate({
      current_membership_level: currentLevel,
      target_membership_level: level,
      billing_frequency: "monthly",
      member_email: email,
    });
  };

  const levels = PAID_LEVELS.filter((level) => level !== currentLevel);
  if (changingTo && email) return <PlanChangeConfirm email={email} target={changingTo} onCancel={() => setChangingTo(null)} />;
  return (
    <div className="space-y-3">
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2">
        {levels.map((level) => (
          <Button
            key={level}
            variant={level === "Premium" ? "accent" : "primary"}
            disabled={processing || promptOpen}
            onClick={() => start(level)}
          >
            {processing ? "Processing..." : `Upgrade to ${level}`}
            {!processing && <span className="text-sm font-normal opacity-90">({priceLabel(level)})</span>}
          </Button>
        ))}
      </div>
      <EmailPrompt
        open={promptOpen}
        onCancel={() => setPromptOpen(false)}
        onSave={(value) => {
          setSavedEmail(value);
          setPromptOpen(false);
        }}
      />
    </div>
  );
}

function EmailPrompt({ open, onCancel, onSave }: { open: boolean; onCancel: () => void; onSave: (email: string) => void }) {
  const [value, setValue] = useState("");
  const inputId = useId();
  const hintId = useId();
  const valid = value.trim() !== "" && value.includes("@");
  const close = () => {
    setValue("");
    onCancel();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-40 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Email Required</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">{UPGRADE_EMAIL_PROMPT}</Dialog.Description>
          <form
            className="mt-4 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!valid) return;
              onSave(value.trim());
              setValue("");
            }}
          >
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              Email address
            </label>
            <input
              id={inputId}
              type="email"
              autoComplete="email"
              aria-describedby={hintId}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className="w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            <p id={hintId} className="text-sm text-slate-500">
              Use the email address you used when you applied for Basic membership.
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!valid}>
                Save
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
