// The data model of the whole product, one module per area, gathered here for Drizzle (the ORM's
// schema, drizzle-kit and the migrations read this file). The modules import one way:
// columns.ts <- membership-schema.ts <- portal-schema.ts <- eviction, community, services and
// session schemas. Nothing here imports this file.

export * from "./membership-schema.ts";
export * from "./session-schema.ts";
export * from "./community-schema.ts";
export * from "./portal-schema.ts";
export * from "./eviction-schema.ts";
export * from "./services-schema.ts";
