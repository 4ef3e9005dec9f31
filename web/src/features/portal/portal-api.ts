import { createContext, useContext } from "react";

/**
 * Where the owner portal's files come from (statements, Schedule E, CSVs, receipts): the owner's
 * own books at /api/portal, or the live demo's sample books at /api/demo/portal. The screens are
 * the same; the demo sets this around them.
 */
export const PortalApiContext = createContext("/api/portal");
export const usePortalApi = () => useContext(PortalApiContext);
