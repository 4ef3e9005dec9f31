import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Button, buttonClass } from "../components/Button.tsx";
import { AccountLayout, FormAlert } from "../features/account/AccountLayout.tsx";
import { errorMessage } from "../lib/errors.ts";
import { trpc } from "../trpc.ts";

/**
 * /apply/continue?token=...: the link in the application email. Only pressing the button uses
 * the token (a mail scanner following links cannot), and it opens the application in this
 * browser, on any device, for review and signing.
 */
export default function ContinueApplicationPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const resume = trpc.public.membership.continueByLink.useMutation({
    onSuccess: async () => {
      await utils.public.site.whoami.invalidate();
      navigate("/#apply");
    },
  });

  if (!token) {
    return (
      <AccountLayout title="Continue your application" intro="This address has no application link in it. Open the link from your application email.">
        <Link to="/#apply" className={buttonClass("primary")}>
          Apply for Membership
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout
      title="Continue your application"
      intro="Press Continue to open your application and the membership agreement on this device. The link works once."
    >
      <div className="space-y-4">
        {resume.isError ? (
          <>
            <FormAlert>{errorMessage(resume.error, "This link could not be used.")}</FormAlert>
            <div className="flex flex-wrap gap-3">
              <Link to="/#apply" className={buttonClass("secondary")}>
                Apply Again
              </Link>
              <Link to="/sign-in" className={buttonClass("secondary")}>
                Member Sign In
              </Link>
            </div>
          </>
        ) : (
          <Button className="w-full" disabled={resume.isPending || resume.isSuccess} onClick={() => resume.mutate({ token })}>
            {resume.isPending || resume.isSuccess ? "Opening your application..." : "Continue My Application"}
          </Button>
        )}
      </div>
    </AccountLayout>
  );
}
