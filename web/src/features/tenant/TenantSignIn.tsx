import * as Tabs from "@radix-ui/react-tabs";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { z } from "zod";
import { ZEmailRequestSchema, type TEmailRequest } from "@shared/account-schema.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { AccountLayout, Field, FormAlert, FormNotice, inputClass } from "../account/AccountLayout.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

const tabClass =
  "flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white";

const ZTenantLogin = z.object({
  email: ZEmailRequestSchema.shape.email,
  password: z.string().min(1, "Enter your password").max(200),
});
type TTenantLogin = z.infer<typeof ZTenantLogin>;

/** The tenant portal's sign-in: an emailed link (how an invitation starts) or a password the tenant set. */
export function TenantSignIn() {
  return (
    <AccountLayout title="Tenant Portal" intro="Your landlord invited you by email. Sign in with a link we email you, or with the password you set.">
      <Tabs.Root defaultValue="link">
        <Tabs.List aria-label="How to sign in" className="flex gap-1 rounded-xl bg-slate-100 p-1">
          <Tabs.Trigger value="link" className={tabClass}>
            Email Link
          </Tabs.Trigger>
          <Tabs.Trigger value="password" className={tabClass}>
            Password
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="link" className="mt-6 focus-visible:outline-none">
          <LinkRequest />
        </Tabs.Content>
        <Tabs.Content value="password" className="mt-6 focus-visible:outline-none">
          <PasswordSignIn />
        </Tabs.Content>
      </Tabs.Root>
      <p className="mt-6 text-sm text-slate-600">
        Are you a landlord?{" "}
        <Link to="/sign-in?next=/portal" className="font-medium text-brand-700 hover:underline">
          Member sign in
        </Link>
      </p>
    </AccountLayout>
  );
}

function LinkRequest() {
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);
  const request = trpc.public.tenantAuth.requestLink.useMutation({ onSuccess: (answer) => setSent(answer.message) });
  const { register, handleSubmit, formState: { errors } } = useForm<TEmailRequest>({ resolver: zodResolver(ZEmailRequestSchema) });
  return (
    <form noValidate onSubmit={handleSubmit((values) => request.mutate(values))} className="space-y-4">
      <Field id={id} label="Email" error={errors.email?.message}>
        <input
          id={id}
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-error` : undefined}
          {...register("email")}
          className={inputClass}
        />
      </Field>
      {sent && <FormNotice>{sent}</FormNotice>}
      {request.isError && <FormAlert>{errorMessage(request.error, "The link could not be sent. Please try again.")}</FormAlert>}
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Email Me a Sign-In Link"}
      </Button>
    </form>
  );
}

function PasswordSignIn() {
  const ids = { email: useId(), password: useId() };
  const utils = trpc.useUtils();
  const login = trpc.public.tenantAuth.login.useMutation({ onSuccess: () => utils.invalidate() });
  const { register, handleSubmit, formState: { errors } } = useForm<TTenantLogin>({ resolver: zodResolver(ZTenantLogin) });
  return (
    <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))} className="space-y-4">
      <Field id={ids.email} label="Email" error={errors.email?.message}>
        <input id={ids.email} type="email" autoComplete="username" aria-invalid={errors.email ? true : undefined} {...register("email")} className={inputClass} />
      </Field>
      <Field id={ids.password} label="Password" error={errors.password?.message}>
        <input id={ids.password} type="password" autoComplete="current-password" aria-invalid={errors.password ? true : undefined} {...register("password")} className={inputClass} />
      </Field>
      {login.isError && <FormAlert>{errorMessage(login.error, "Sign-in failed. Please try again.")}</FormAlert>}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}

/**
 * /tenant/link?token=...: the invitation or sign-in link opens this page; only pressing Sign In
 * uses the token, so a mail scanner that follows links cannot use it up.
 */
export function TenantLinkPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const confirm = trpc.public.tenantAuth.confirmLink.useMutation({
    onSuccess: async () => {
      await utils.invalidate();
      navigate("/tenant");
    },
  });
  if (!token) {
    return (
      <AccountLayout title="Sign-in link" intro="This address has no sign-in link in it. Ask for a new link on the tenant sign-in page.">
        <Link to="/tenant" className={buttonClass("primary")}>
          Tenant Sign In
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Sign in to your tenant portal" intro="Press Sign In to finish signing in on this device. The link works once.">
      <div className="space-y-4">
        {confirm.isError ? (
          <>
            <FormAlert>{errorMessage(confirm.error, "This link could not be used.")}</FormAlert>
            <Link to="/tenant" className={buttonClass("secondary", "w-full")}>
              Request a New Link
            </Link>
          </>
        ) : (
          <Button className="w-full" disabled={confirm.isPending || confirm.isSuccess} onClick={() => confirm.mutate({ token })}>
            {confirm.isPending || confirm.isSuccess ? "Signing in..." : "Sign In"}
          </Button>
        )}
      </div>
    </AccountLayout>
  );
}
