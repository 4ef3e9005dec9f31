import { timestamp } from "drizzle-orm/pg-core";

// Column helpers the table modules share. Times are UTC: every timestamp is timestamptz.

export const tz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => tz("created_at").notNull().defaultNow();
export const updatedAt = () => tz("updated_at").notNull().defaultNow();
