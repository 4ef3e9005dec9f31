import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { z } from "zod";
import { accountMessages, NewPasswordSchema } from "@shared/account-schema.ts";
import { PageLoading } from "../App.tsx";
import { Button, buttonClass } from "../components/Button.tsx";
import { AccountLayout, Field, FormAlert, FormNotice, inputClass } from "../features/account/AccountLayout.tsx";
import { EmailCodeField } from "../features/account/EmailCodeField.tsx";
import { errorMessage } from "../lib/errors.ts";
import { useWhoami } from "../lib/whoami.ts";
import { trpc } from "../trpc.ts";

const ZNewPasswordFormSchema = z
  .object({ current_password: z.string().optional(), password: NewPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: accountMessages.passwordMatch });
type NewPasswordForm = z.infer<typeof ZNewPasswordFormSchema>;

/**
 * /account/password: with an emailed token, set or reset the password; signed in without a token,
 * set one (Basic members) or change it (current password needed).
 */
export default function AccountPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const whoami = useWhoami();
  if (token) return <PasswordForm mode="link" token={token} />;
  if (whoami.isPending) return <PageLoading />;
  const member = whoami.data?.member;
  if (!member) {
    return (
      <AccountLayout title="Set your password" intro="Sign in first, or ask for a password link by email on the sign-in page.">
        <Link to="/sign-in?next=/account/password" className={buttonClass("primary")}>
          Member Sign In
        </Link>
      </AccountLayout>
    );
  }
  return (
    <PasswordForm
      mode={member.has_password && !member.must_change_password ? "change" : "set"}
      token={null}
      mustChange={member.must_change_password}
      unverifiedEmail={member.email_verified ? null : member.email}
    />
  );
}

function PasswordForm({
  mode,
  token,
  mustChange = false,
  unverifiedEmail = null,
}: {
  mode: "link" | "set" | "change";
  token: string | null;
  mustChange?: boolean;
  /** The member's email while it is not proved: a code from it is needed with the password. */
  unverifiedEmail?: string | null;
}) {
  const [code, setCode] = useState("");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const ids = { current: useId(), password: useId(), confirm: useId() };
  const [done, setDone] = useState<string | null>(null);
  const afterSave = async () => {
    utils.member.invalidate();
    await utils.public.site.whoami.invalidate();
  };
  const reset = trpc.public.auth.resetPassword.useMutation({
    onSuccess: async () => {
      await afterSave();
      navigate("/basic-portal");
    },
  });
  const change = trpc.member.password.change.useMutation({
    onSuccess: async (answer) => {
      await afterSave();
      setDone(answer.message);
    },
  });
  const { register, handleSubmit, formState: { errors } } = useForm<NewPasswordForm>({ resolver: zodResolver(ZNewPasswordFormSchema) });
  const submit = handleSubmit((values) => {
    if (mode === "link") reset.mutate({ token: token!, password: values.password });
    else
      change.mutate({
        current_password: mode === "change" || mustChange ? values.current_password : undefined,
        new_password: values.password,
        email_code: unverifiedEmail ? code : undefined,
      });
  });
  const failure = reset.error ?? change.error;
  const busy = reset.isPending || change.isPending;
  const title = mode === "change" ? "Change your password" : mustChange ? "Choose a new password" : "Set your password";

  if (done) {
    return (
      <AccountLayout title={title}>
        <FormNotice>{done}</FormNotice>
        <Link to="/basic-portal" className={buttonClass("primary", "mt-4")}>
          Back to Member Portal
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title={title} intro={`Use at least 10 characters. A few unrelated words make a strong password that is easy to remember.`}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {(mode === "change" || mustChange) && (
          <Field id={ids.current} label={mustChange ? "Temporary password" : "Current password"} error={errors.current_password?.message}>
            <input id={ids.current} type="password" autoComplete="current-password" {...register("current_password")} className={inputClass} />
          </Field>
        )}
        {unverifiedEmail && mode !== "link" && <EmailCodeField email={unverifiedEmail} value={code} onChange={setCode} />}
        <Field id={ids.password} label="New password" error={errors.password?.message}>
          <input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${ids.password}-error` : undefined}
            {...register("password")}
            className={inputClass}
          />
        </Field>
        <Field id={ids.confirm} label="Confirm new password" error={errors.confirm?.message}>
          <input
            id={ids.confirm}
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? `${ids.confirm}-error` : undefined}
            {...register("confirm")}
            className={inputClass}
          />
        </Field>
        {failure && (
          <>
            <FormAlert>{errorMessage(failure, "Your password could not be saved. Please try again.")}</FormAlert>
            {mode === "link" && (
              <Link to="/sign-in" className="block text-sm font-medium text-brand-700 hover:underline">
                Request a new link
              </Link>
            )}
          </>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Save Password"}
        </Button>
      </form>
    </AccountLayout>
  );
}
