import { useId } from "react";
import { Button } from "../../components/Button.tsx";
import { Field, fieldNote, inputClass } from "../../components/FormField.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

/**
 * Proves the member reads their email before a first password is set (pre-hijacking: anyone can
 * apply with any address). "Email Me a Code" sends a 6-digit code; the form sends it with the password.
 */
export function EmailCodeField({
  email,
  value,
  onChange,
  error,
}: {
  email: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  const id = useId();
  const send = trpc.member.password.sendEmailCode.useMutation();
  const hint = send.isSuccess
    ? `We emailed a 6-digit code to ${email}. It works for 15 minutes.`
    : `Confirm that ${email} is yours: we email you a 6-digit code to enter here.`;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Field id={id} label="Code from your email" hint={hint} error={error}>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ""))}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldNote(id, error, hint)}
          className={inputClass}
        />
      </Field>
      <Button type="button" variant="secondary" className="text-sm" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? "Sending..." : send.isSuccess ? "Email Me a New Code" : "Email Me a Code"}
      </Button>
      {send.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(send.error, "We could not send a code. Please try again.")}
        </p>
      )}
      {send.isSuccess && (
        <p role="status" className="sr-only">
          Code sent.
        </p>
      )}
    </div>
  );
}
