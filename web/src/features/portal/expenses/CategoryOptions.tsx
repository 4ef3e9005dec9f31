import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_KEYS } from "@shared/books.ts";

/** The expense categories as the options of a select, in the one table's order. */
export function CategoryOptions() {
  return (
    <>
      {EXPENSE_CATEGORY_KEYS.map((k) => (
        <option key={k} value={k}>
          {EXPENSE_CATEGORIES[k].label}
        </option>
      ))}
    </>
  );
}
