/** Query operators, re-exported so every package uses the one drizzle-orm that @mithai/db depends on. */
export * from "drizzle-orm/sql";
