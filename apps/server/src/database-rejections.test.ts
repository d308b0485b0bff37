import { describe, expect, it } from "vitest";
import { handleUnhandledRejection, isLostDatabaseConnection } from "./database-rejections";

/** Errors as postgres.js makes them: an Error with the connection's code. */
const driverError = (code: string) => Object.assign(new Error(`write ${code} 127.0.0.1:5432`), { code });

describe("an unhandled rejection while the database restarts", () => {
  it("is a lost connection for the driver's and PostgreSQL's shutdown codes only", () => {
    for (const code of ["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "ECONNREFUSED", "57P01"]) expect(isLostDatabaseConnection(driverError(code))).toBe(true);
    for (const reason of [new Error("boom"), driverError("23505"), "CONNECTION_CLOSED", null, undefined, { code: 42 }]) expect(isLostDatabaseConnection(reason)).toBe(false);
  });

  it("logs a lost connection once a minute and lets the server go on; anything else still ends the process", () => {
    const logged: unknown[] = [];
    let clock = 0;
    const handle = handleUnhandledRejection({ error: (details: unknown) => logged.push(details) }, () => clock);
    handle(driverError("CONNECTION_CLOSED"));
    handle(driverError("57P01"));
    expect(logged).toHaveLength(1);
    clock = 61_000;
    handle(driverError("CONNECTION_ENDED"));
    expect(logged).toHaveLength(2);
    const other = new Error("a bug");
    expect(() => handle(other)).toThrow(other);
  });
});
