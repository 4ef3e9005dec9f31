import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { AlertOptions } from "./alert.tsx";

/** The dialog itself: its own chunk, loaded the first time a page shows an alert. */
export default function AlertDialogView({ options, close }: { options: AlertOptions | null; close: (value: boolean) => void }) {
  return (
    <AlertDialog.Root open={options !== null} onOpenChange={(open) => !open && close(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{options?.title}</AlertDialog.Title>
          <AlertDialog.Description asChild={typeof options?.message !== "string"} className="mt-2 text-slate-600">
            {typeof options?.message === "string" ? options.message : <div>{options?.message}</div>}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            {options?.cancelLabel && (
              <AlertDialog.Cancel className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50">
                {options.cancelLabel}
              </AlertDialog.Cancel>
            )}
            <AlertDialog.Action
              onClick={() => close(true)}
              className={`rounded-lg px-4 py-2 font-medium text-white ${options?.destructive ? "bg-red-600 hover:bg-red-700" : "bg-brand-700 hover:bg-brand-800"}`}
            >
              {options?.confirmLabel ?? "OK"}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
