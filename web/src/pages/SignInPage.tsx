import * as Tabs from "@radix-ui/react-tabs";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { ZEmailRequestSchema, ZLoginRequestSchema, type TEmailRequest, type TLoginRequest } from "@shared/account-schema.ts";
import { Button, buttonClass } from "../components/Button.tsx";
import { AccountLayout, Field, FormAlert, FormNotice, inputClass, nextPath } from "../features/account/AccountLayout.tsx";
import { useSignOut } from "../features/account/useSignOut.ts";
import { errorMessage } from "../lib/errors.ts";
import { useWhoami } from "../lib/whoami.ts";
import { trpc } from "../trpc.ts";

const tabClass =
  "flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white";

/** /sign-in: a member signs in with email or username and password, or asks for an emailed link. */
export default function SignInPage() {
  const whoami = useWhoami();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const member = whoami.data?.member;

  if (member) {
    return (
      <AccountLayout title="Member Sign In" intro={`You are signed in as ${member.full_name} (${member.email}).`}>
        <div className="flex flex-wrap gap-3">
          <Link to="/basic-portal" className={buttonClass("primary")}>
            Open Member Portal
          </Link>
          <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign Out
          </Button>
        </div>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Member Sign In" intro="Sign in to your member portal with your password, or with a link we email you.">
      <Tabs.Root defaultValue="password">
        <Tabs.List aria-label="How to sign in" className="flex gap-1 rounded-xl bg-slate-100 p-1">
          <Tabs.Trigger value="password" className={tabClass}>
            Password
          </Tabs.Trigger>
          <Tabs.Trigger value="link" className={tabClass}>
            Email Link
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="password" className="mt-6 focus-visible:outline-none">
          <PasswordSignIn onSignedIn={(to) => navigate(to)} />
        </Tabs.Content>
        <Tabs.Content value="link" className="mt-6 focus-visible:outline-none">
          <EmailLinkRequest />
        </Tabs.Content>
      </Tabs.Root>
      <p className="mt-6 text-sm text-slate-600">
        Not a member yet?{" "}
        <Link to="/#apply" className="font-medium text-brand-700 hover:underline">
          Apply for membership
        </Link>
      </p>
    </AccountLayout>
  );
}

function PasswordSignIn({ onSignedIn }: { onSignedIn: (to: string) => void }) {
  const location = useLocation();
  const utils = trpc.useUtils();
  const ids = { username: useId(), password: useId() };
  const signIn = trpc.public.auth.signIn.useMutation({
    onSuccess: async (member) => {
      utils.member.invalidate();
      await utils.public.site.whoami.invalidate();
      await utils.public.auth.ownerPortalAccess.invalidate();
      onSignedIn(member.must_change_password ? "/account/password" : nextPath(location.search));
    },
  });
  const { register, handleSubmit, formState: { errors } } = useForm<TLoginRequest>({ resolver: zodResolver(ZLoginRequestSchema) });
  return (
    <form noValidate onSubmit={handleSubmit((values) => signIn.mutate(values))} className="space-y-4">
      <Field id={ids.username} label="Email or username" error={errors.username?.message}>
        <input
          id={ids.username}
          autoComplete="username"
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${ids.username}-error` : undefined}
          {...register("username")}
          className={inputClass}
        />
      </Field>
      <Field id={ids.password} label="Password" error={errors.password?.message}>
        <input
          id={ids.password}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${ids.password}-error` : undefined}
          {...register("password")}
          className={inputClass}
        />
      </Field>
      {signIn.isError && <FormAlert>{errorMessage(signIn.error, "Sign-in failed. Please try again.")}</FormAlert>}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in..." : "Sign In"}
      </Button>
      <p className="text-sm text-slate-600">
        No password yet, or forgot it? Use the Email Link tab to get a sign-in link or a link to set your password.
      </p>
    </form>
  );
}

function EmailLinkRequest() {
  const emailId = useId();
  const [sent, setSent] = useState<string | null>(null);
  const signInLink = trpc.public.auth.requestSignInLink.useMutation({ onSuccess: (answer) => setSent(answer.message) });
  const passwordLink = trpc.public.auth.requestPasswordLink.useMutation({ onSuccess: (answer) => setSent(answer.message) });
  const { register, handleSubmit, formState: { errors } } = useForm<TEmailRequest>({ resolver: zodResolver(ZEmailRequestSchema) });
  const busy = signInLink.isPending || passwordLink.isPending;
  const failure = signInLink.error ?? passwordLink.error;
  return (
    <form noValidate onSubmit={handleSubmit((values) => signInLink.mutate(values))} className="space-y-4">
      <Field id={emailId} label="Email" error={errors.email?.message}>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          {...register("email")}
          className={inputClass}
        />
      </Field>
      {sent && <FormNotice>{sent}</FormNotice>}
      {failure && <FormAlert>{errorMessage(failure, "The link could not be sent. Please try again.")}</FormAlert>}
      <Button type="submit" className="w-full" disabled={busy}>
        {signInLink.isPending ? "Sending..." : "Email Me a Sign-In Link"}
      </Button>
      <Button variant="secondary" className="w-full" disabled={busy} onClick={handleSubmit((values) => passwordLink.mutate(values))}>
        {passwordLink.isPending ? "Sending..." : "Email Me a Link to Set My Password"}
      </Button>
    </form>
  );
}
