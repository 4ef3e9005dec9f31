import { Toaster } from "sonner";
import { errorStatus } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { AdminDashboard } from "./AdminDashboard.tsx";
import { AdminLogin } from "./AdminLogin.tsx";
import { ADMIN_TOASTER, LoadFailed, Loading } from "./ui.tsx";

/** /admin: the sign-in form, or the admin area for a signed-in administrator (the server decides). */
export default function AdminPage() {
  const me = trpc.admin.me.useQuery(undefined, { retry: false, staleTime: 60_000 });
  const signedOut = me.isError && [401, 403].includes(errorStatus(me.error) ?? 0);
  return (
    <div className="min-h-screen bg-slate-50">
      <Toaster id={ADMIN_TOASTER} position="top-right" richColors closeButton />
      {me.isPending ? (
        <main className="mx-auto max-w-md px-4 py-24">
          <Loading label="Loading the admin area..." />
        </main>
      ) : signedOut ? (
        <AdminLogin />
      ) : me.isError ? (
        <main className="mx-auto max-w-md px-4 py-24">
          <LoadFailed error={me.error} fallback="Failed to load dashboard data." onRetry={() => void me.refetch()} />
        </main>
      ) : (
        <AdminDashboard admin={me.data} />
      )}
    </div>
  );
}
