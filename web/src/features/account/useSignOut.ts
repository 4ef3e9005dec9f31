import { trpc } from "../../trpc.ts";

/** Ends the member session on the server, then forgets every cached answer about the member. */
export function useSignOut(onDone?: () => void) {
  const utils = trpc.useUtils();
  return trpc.public.auth.signOut.useMutation({
    onSuccess: async () => {
      utils.member.invalidate();
      await utils.public.site.whoami.invalidate();
      await utils.public.auth.ownerPortalAccess.invalidate();
      onDone?.();
    },
  });
}
