import { useId, useState } from "react";
import { PASSWORD_MIN } from "@shared/account-schema.ts";
import { Button } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { trpc } from "../../trpc.ts";
import { FormError, Section } from "../portal/owner/ui.tsx";

/** /tenant/account: set a password (to sign in without a link) or change it; other sessions end. */
export default function TenantAccount() {
  const ids = { current: useId(), next: useId() };
  const session = trpc.public.tenantAuth.session.useQuery();
  const utils = trpc.useUtils();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.tenant.setPassword.useMutation({
    onSuccess: async () => {
      setCurrent("");
      setNext("");
      await utils.public.tenantAuth.session.invalidate();
    },
  });
  const hasPassword = session.data?.has_password ?? false;
  return (
    <Section title={hasPassword ? "Change my password" : "Set a password"}>
      <p className="mb-4 max-w-2xl text-sm text-slate-600">
        {hasPassword ? "Signing in elsewhere ends when you change it." : "With a password you can sign in without waiting for an emailed link."}
      </p>
      <form
        className="max-w-md space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (next.length < PASSWORD_MIN) return setProblem(`Use at least ${PASSWORD_MIN} characters`);
          setProblem(null);
          save.mutate({ current_password: hasPassword ? current : undefined, new_password: next });
        }}
      >
        {hasPassword && (
          <Field id={ids.current} label="Current password">
            <input id={ids.current} type="password" autoComplete="current-password" className={inputClass} value={current} onChange={(e) => setCurrent(e.target.value)} />
          </Field>
        )}
        <Field id={ids.next} label="New password" hint={`At least ${PASSWORD_MIN} characters`} error={problem ?? undefined}>
          <input id={ids.next} type="password" autoComplete="new-password" className={inputClass} value={next} onChange={(e) => setNext(e.target.value)} />
        </Field>
        <FormError error={save.error} fallback="The password was not saved." />
        {save.isSuccess && (
          <p role="status" className="text-sm text-green-800">
            {save.data.message}
          </p>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save password"}
        </Button>
      </form>
    </Section>
  );
}
