import { alaCarteLabel, beforeBuying, type AlaCarteItem } from "@shared/membership.ts";
import { useAlert } from "../../../components/alert.tsx";

/**
 * Before the checkout of something Premium includes, a Standard owner is told what upgrading would
 * cost instead, and that the purchase is not credited on upgrading (decision 0081); resolves to
 * whether to go on to the checkout.
 */
export function useBeforeBuying() {
  const alert = useAlert();
  return async (item: AlaCarteItem, what: string): Promise<boolean> => {
    const warning = beforeBuying(item);
    if (!warning) return true;
    return alert({ title: `Before you buy ${what}`, message: warning, confirmLabel: `Buy for ${alaCarteLabel(item, "Standard")}`, cancelLabel: "Not Now" });
  };
}
