import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { TRPCClientError } from "@trpc/client";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { ADMIN_TEXT, ZAdminLoginRequestSchema, type TAdminLoginRequest } from "@shared/admin.ts";
import { Button } from "../../components/Button.tsx";
import { detailMessage, errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { Field, fieldNote, inputClass } from "../../components/FormField.tsx";

/** SPEC.md 2 "Admin login": Username or Email, Password, Sign in (Logging in... while working). */
export function AdminLogin() {
  const utils = trpc.useUtils();
  const login = trpc.public.adminAuth.login.useMutation({
    onSuccess: async () => {
      await utils.admin.invalidate();
      await utils.public.site.whoami.invalidate();
    },
  });
  const form = useForm<TAdminLoginRequest>({ resolver: zodResolver(ZAdminLoginRequestSchema), defaultValues: { username: "", password: "" } });
  const { errors } = form.formState;

  const failure = login.error ? loginFailure(login.error) : null;

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Administrator Sign In</h1>
        <p className="mt-1 text-sm text-slate-600">Illinois Landlord &amp; Property Owners Association admin area.</p>
        <form className="mt-6 space-y-4" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
          <Field id="admin-username" label="Username or Email" error={errors.username?.message}>
            <input
              id="admin-username"
              autoComplete="username"
              required
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={fieldNote("admin-username", errors.username?.message)}
              className={inputClass}
              {...form.register("username")}
            />
          </Field>
          <Field id="admin-password" label="Password" error={errors.password?.message}>
            <input
              id="admin-password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={fieldNote("admin-password", errors.password?.message)}
              className={inputClass}
              {...form.register("password")}
            />
          </Field>
          {failure && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Sign in"}
          </Button>
        </form>
        <AdminLinkRequest />
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-700 underline hover:text-brand-800">
            Back to Home
          </Link>
        </p>
      </div>
    </main>
  );
}

/** Signing in by emailed link: for a forgotten password, or when this network's tries are used up. */
function AdminLinkRequest() {
  const [email, setEmail] = useState("");
  const request = trpc.public.adminAuth.requestSignInLink.useMutation();
  return (
    <details className="mt-6 rounded-lg border border-slate-200 p-4 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">Email me a sign-in link instead</summary>
      <form
        className="mt-3 space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          request.mutate({ email });
        }}
      >
        <Field id="admin-link-email" label="Administrator email">
          <input
            id="admin-link-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </Field>
        {request.isSuccess && (
          <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-green-900">
            {request.data.message}
          </p>
        )}
        {request.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            {errorMessage(request.error, "The link could not be sent.")}
          </p>
        )}
        <Button type="submit" variant="secondary" className="w-full" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Email Me a Sign-in Link"}
        </Button>
      </form>
    </details>
  );
}

/** SPEC.md 8: the server's detail, else "Login failed"; no answer at all is a connection problem. */
function loginFailure(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as { detail?: Parameters<typeof detailMessage>[0]; httpStatus?: number } | undefined;
    if (!data) return ADMIN_TEXT.loginNetwork;
    return detailMessage(data.detail, ADMIN_TEXT.loginFailed);
  }
  return ADMIN_TEXT.loginNetwork;
}
