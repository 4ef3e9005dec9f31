import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from "react";

const AlertDialogView = lazy(() => import("./alert-dialog.tsx"));

// SPEC.md's alert() and confirm() as accessible dialogs with the same words (DECISIONS.md 19).

export interface AlertOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** With a cancel label the dialog is a confirmation and resolves to the choice. */
  cancelLabel?: string;
  destructive?: boolean;
}

type ShowAlert = (options: AlertOptions) => Promise<boolean>;
const AlertContext = createContext<ShowAlert | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<AlertOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const show = useCallback<ShowAlert>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );

  const close = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <AlertContext.Provider value={show}>
      {children}
      {/* The dialog's code loads the first time an alert is shown, not with every page. */}
      {options && (
        <Suspense fallback={null}>
          <AlertDialogView options={options} close={close} />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const show = useContext(AlertContext);
  if (!show) throw new Error("useAlert needs an AlertProvider");
  return show;
}
