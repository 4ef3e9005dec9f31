import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Button, buttonClass } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

/**
 * /admin/link?token=...: an administrator's emailed sign-in link. Pressing Sign In uses the token,
 * so a mail scanner that follows links cannot use it up.
 */
export default function AdminLinkPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const confirm = trpc.public.adminAuth.confirmSignInLink.useMutation({
    onSuccess: async () => {
      await utils.admin.invalidate();
      await utils.public.site.whoami.invalidate();
      navigate("/admin");
    },
  });
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Administrator Sign In</h1>
        {!token ? (
          <p className="text-slate-600">This address has no sign-in link in it. Ask for a new link on the admin sign-in page.</p>
        ) : confirm.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {errorMessage(confirm.error, "This link could not be used.")}
          </p>
        ) : (
          <>
            <p className="text-slate-600">Press Sign In to finish signing in to the admin area on this device. The link works once.</p>
            <Button className="w-full" disabled={confirm.isPending || confirm.isSuccess} onClick={() => confirm.mutate({ token })}>
              {confirm.isPending || confirm.isSuccess ? "Signing in..." : "Sign In"}
            </Button>
          </>
        )}
        {(!token || confirm.isError) && (
          <Link to="/admin" className={buttonClass("secondary", "w-full")}>
            Administrator Sign In
          </Link>
        )}
      </div>
    </main>
  );
}
