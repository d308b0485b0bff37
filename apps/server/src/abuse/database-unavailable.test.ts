import type { FastifyError, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "@mithai/db/errors";
import { httpFailureOf } from "../plugins/errors";

const req = { id: "req-1", log: { error: () => undefined } } as unknown as FastifyRequest;
/** What drizzle throws when postgres.js finds the connection closed (a restarting PostgreSQL), as the soak saw it. */
const closed = Object.assign(new Error("Failed query: select 1"), { cause: Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:42701"), { code: "CONNECTION_CLOSED" }) }) as unknown as FastifyError;

describe("a database that is away answers 503, not 500 (issue 26, the soak)", () => {
  it("recognises the driver's and PostgreSQL's ways of saying so, and nothing else", () => {
    expect(isDatabaseUnavailable(closed)).toBe(true);
    expect(isDatabaseUnavailable({ code: "57P01", message: "terminating connection due to administrator command" })).toBe(true);
    expect(isDatabaseUnavailable({ cause: { code: "ECONNREFUSED" } })).toBe(true);
    expect(isDatabaseUnavailable({ code: "08006" })).toBe(true);
    expect(isDatabaseUnavailable({ code: "23505" })).toBe(false);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });

  it("REST: 503 DATABASE_UNAVAILABLE with a message and the request id; other failures stay 500 INTERNAL", () => {
    expect(httpFailureOf(closed, req)).toEqual({ status: 503, code: "DATABASE_UNAVAILABLE", message: expect.stringMatching(/database is not answering/), requestId: "req-1" });
    expect(httpFailureOf(new Error("boom") as FastifyError, req)).toMatchObject({ status: 500, code: "INTERNAL" });
  });
});
