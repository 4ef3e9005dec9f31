import { ADMIN_TEXT } from "@shared/admin.ts";
import { useAlert } from "../../components/alert.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";
import { notify } from "./ui.tsx";

interface MemberRef {
  id: string;
  full_name: string;
  email: string;
}

/** Activate/deactivate, reset password and delete, with SPEC.md's confirmations and messages. */
export function useMemberActions() {
  const utils = trpc.useUtils();
  const ask = useAlert();
  const refresh = () => Promise.all([utils.admin.members.invalidate(), utils.admin.dashboard.invalidate(), utils.admin.data.invalidate()]);
  const failed = (error: unknown) => notify.error(ADMIN_TEXT.actionFailed, errorMessage(error));

  const setActive = trpc.admin.members.setActive.useMutation({
    onSuccess: async () => {
      await refresh();
      notify.success(ADMIN_TEXT.actionDone);
    },
    onError: failed,
  });
  const reset = trpc.admin.members.resetPassword.useMutation({ onError: failed });
  const paymentLink = trpc.admin.members.sendPaymentLink.useMutation({
    onSuccess: async (answer) => {
      await utils.admin.records.invalidate();
      notify.success(answer.detail);
    },
    onError: failed,
  });
  const remove = trpc.admin.members.delete.useMutation({
    onSuccess: async () => {
      await refresh();
      notify.success(ADMIN_TEXT.actionDone);
    },
    onError: failed,
  });

  return {
    busy: setActive.isPending || reset.isPending || remove.isPending || paymentLink.isPending,
    toggleActive: async (member: MemberRef & { is_active: boolean }) => {
      // Deactivating signs the member out everywhere: it is asked first. Activating is not.
      if (member.is_active) {
        const go = await ask({
          title: "Deactivate member?",
          message: `${member.full_name} (${member.email}) will be signed out everywhere and cannot sign in until activated again.`,
          confirmLabel: "Deactivate",
          cancelLabel: "Cancel",
          destructive: true,
        });
        if (!go) return;
      }
      setActive.mutate({ id: member.id, is_active: !member.is_active });
    },
    sendPaymentLink: async (member: MemberRef) => {
      const go = await ask({
        title: "Send payment link?",
        message: `${member.full_name} signed a paid membership and has not paid. Email ${member.email} a link to sign in and complete the payment?`,
        confirmLabel: "Send Payment Link",
        cancelLabel: "Cancel",
      });
      if (go) paymentLink.mutate({ id: member.id });
    },
    resetPassword: async (member: MemberRef) => {
      const go = await ask({
        title: "Reset password?",
        message: `${member.full_name} (${member.email}) will be signed out and will need a temporary password to sign in.`,
        confirmLabel: "Reset Password",
        cancelLabel: "Cancel",
      });
      if (!go) return;
      reset.mutate(
        { id: member.id },
        {
          onSuccess: (result) =>
            void ask({
              title: ADMIN_TEXT.actionDone,
              message: (
                <>
                  <p>Give this temporary password to {member.full_name} securely. It is shown only once; they must choose a new password at their next sign-in.</p>
                  <p className="mt-3 text-sm text-slate-500">Temporary password</p>
                  <p className="mt-1 select-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg text-slate-900" aria-label="Temporary password">
                    {result.temporary_password}
                  </p>
                </>
              ),
              confirmLabel: "Done",
            }),
        },
      );
    },
    deleteMember: async (member: MemberRef) => {
      const go = await ask({
        title: "Delete member?",
        message: ADMIN_TEXT.confirmDeleteOf(member.full_name, member.email),
        confirmLabel: "Delete",
        cancelLabel: "Cancel",
        destructive: true,
      });
      if (go) remove.mutate({ id: member.id });
    },
  };
}
