import { and, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { TEST_EMAIL_MARKERS, TEST_NAME_MARKERS, type TAdminListQueryParsed } from "../../../shared/admin.ts";
import { isUuid } from "../ids.ts";

// The where-clauses every admin list shares: search and the test-data rule, applied by the
// server (SPEC.md 5). Search text is a bound parameter, never spliced into SQL, and its % and _
// are escaped in the LIKE pattern, so quotes, % and _ are ordinary characters.

export interface PersonColumns {
  email: PgColumn;
  firstName: PgColumn;
  lastName: PgColumn;
}

// A LIKE pattern with the search text's own %, _ and \ escaped, so they match themselves; the
// shape lower(column) like '%text%' is what the trigram indexes in db/schema.ts serve.
const likePattern = (needle: string) => `%${needle.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const contains = (haystack: SQL, needle: string) => sql`lower(${haystack}) like ${likePattern(needle)}`;
const fullName = (p: PersonColumns) => sql`${p.firstName} || ' ' || ${p.lastName}`;

/** SPEC.md 5's rule as SQL: true for test data. */
export function isTestDataSql(p: PersonColumns): SQL {
  const email = sql`${p.email}`;
  const name = fullName(p);
  const parts = [...TEST_EMAIL_MARKERS.map((m) => contains(email, m)), ...TEST_NAME_MARKERS.map((m) => contains(name, m))];
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Search (q: email or name, the name's parts included; email; name) and the All / Real / Test filter. */
export function personWhere(p: PersonColumns, query: Partial<Pick<TAdminListQueryParsed, "q" | "email" | "name" | "filter">>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(sql`(${contains(sql`${p.email}`, query.q)} or ${contains(fullName(p), query.q)})`);
  }
  if (query.email) conditions.push(contains(sql`${p.email}`, query.email));
  if (query.name) conditions.push(contains(fullName(p), query.name));
  if (query.filter === "test") conditions.push(isTestDataSql(p));
  if (query.filter === "real") conditions.push(sql`not ${isTestDataSql(p)}`);
  return conditions.length ? and(...conditions) : undefined;
}

export { isUuid };

/** A page of a list and where the next one starts. */
export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
  next_offset: number | null;
}

export function page<T>(items: T[], total: number, offset: number, limit: number): Page<T> {
  return { items, total, offset, limit, next_offset: offset + items.length < total ? offset + items.length : null };
}
