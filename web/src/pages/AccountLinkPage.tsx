import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Button, buttonClass } from "../components/Button.tsx";
import { AccountLayout, FormAlert } from "../features/account/AccountLayout.tsx";
import { errorMessage } from "../lib/errors.ts";
import { trpc } from "../trpc.ts";

/**
 * /account/link?token=...: the emailed sign-in link opens this page, and only pressing Sign In
 * uses the token, so a mail scanner that follows links cannot use it up (DECISIONS.md 4).
 */
export default function AccountLinkPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const confirm = trpc.public.auth.confirmSignInLink.useMutation({
    onSuccess: async (member) => {
      utils.member.invalidate();
      await utils.public.site.whoami.invalidate();
      await utils.public.auth.ownerPortalAccess.invalidate();
      navigate(member.must_change_password ? "/account/password" : "/basic-portal");
    },
  });

  if (!token) {
    return (
      <AccountLayout title="Sign-in link" intro="This address has no sign-in link in it. Ask for a new link on the sign-in page.">
        <Link to="/sign-in" className={buttonClass("primary")}>
          Member Sign In
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Sign in to your member portal" intro="Press Sign In to finish signing in on this device. The link works once.">
      <div className="space-y-4">
        {confirm.isError && (
          <>
            <FormAlert>{errorMessage(confirm.error, "This link could not be used.")}</FormAlert>
            <Link to="/sign-in" className={buttonClass("secondary", "w-full")}>
              Request a New Link
            </Link>
          </>
        )}
        {!confirm.isError && (
          <Button className="w-full" disabled={confirm.isPending || confirm.isSuccess} onClick={() => confirm.mutate({ token })}>
            {confirm.isPending || confirm.isSuccess ? "Signing in..." : "Sign In"}
          </Button>
        )}
      </div>
    </AccountLayout>
  );
}
