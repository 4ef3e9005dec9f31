/** Whether a string is a UUID: ids that reach a browser are random UUIDs (DECISIONS.md 2), anything else finds nothing. */
export const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
