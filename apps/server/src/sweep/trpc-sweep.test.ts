import { isLanguage } from "@mithai/schema";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@mithai/api";
import { bearer, createAccount } from "../rest/admin-fixtures";
import { createTestApp, type TestApp } from "../testing";
import { expectRefused } from "./answers";
import { snapshotDb, type DbSnapshot } from "./db-snapshot";
import { RAW_BODIES, jsonBodyArbitrary, label, nastyBodies } from "./malformed";

interface ProcedureInfo {
  path: string;
  type: "query" | "mutation";
  takesInput: boolean;
  /** The input contract's own field names (objects), so nasty values land on real fields. */
  fields: string[];
  /** Whether the procedure's own contract accepts an input: such an input is not malformed, and may rightly write. */
  accepts: (input: unknown) => boolean;
}

const shapeKeys = (input: unknown): string[] => Object.keys((input as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/** Every procedure of the app router, read from the router itself so a new one is swept without listing it. */
// The flattened record is typed per procedure; its runtime shape (`_def.type`, `_def.inputs`) is what the sweep needs.
type InputParser = { safeParse: (input: unknown) => { success: boolean } };
const flatProcedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: InputParser[] } }>;
const PROCEDURES: ProcedureInfo[] = Object.entries(flatProcedures)
  .map(([path, procedure]) => ({
    path,
    type: procedure._def.type as ProcedureInfo["type"],
    takesInput: procedure._def.inputs.length > 0,
    fields: procedure._def.inputs.flatMap(shapeKeys),
    accepts: (input: unknown) => procedure._def.inputs.every((parser) => parser.safeParse(input).success),
  }))
  .filter((procedure) => procedure.type === "query" || procedure.type === "mutation");

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Contracts with a harmless shape arbitrary JSON can hit (all filters optional, an empty guest cart): those may answer 200. */
const MAY_ACCEPT: Record<string, (input: unknown) => boolean> = {
  "admin.orders": isObject,
  "admin.ordersCsv": isObject,
  "admin.customers": isObject,
  "admin.reviews": isObject,
  // Every field optional (the order page's summary before a pincode or a code is typed).
  "order.preview": isObject,
  "cart.merge": (input) => isObject(input) && isObject(input.cartData),
  // No input, or `{ lang }` alone (other keys are dropped, as by every object input).
  "catalog.list": (input) => isObject(input) && (input.lang === undefined || isLanguage(input.lang)),
};

/** Well-formed but unknown payment ids are not an error here: verification answers its no as data (REST maps it to 400). */
const ANSWERS_NO = new Set(["order.verify"]);

describe("tRPC sweep: malformed input is refused with a 4xx and a message, and changes nothing", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let before: DbSnapshot;

  function call(procedure: ProcedureInfo, input: unknown, headers: Record<string, string> = admin) {
    const url = `/trpc/${procedure.path}`;
    return procedure.type === "query"
      ? t.app.inject({ method: "GET", url: `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, headers })
      : t.app.inject({ method: "POST", url, payload: JSON.stringify(input), headers: { ...headers, "content-type": "application/json" } });
  }
  function expectAnswer(procedure: ProcedureInfo, input: unknown, res: LightMyRequestResponse): void {
    if (MAY_ACCEPT[procedure.path]?.(input) && res.statusCode === 200) return;
    if (ANSWERS_NO.has(procedure.path) && res.statusCode === 200) {
      expect(JSON.parse(res.body)).toMatchObject({ result: { data: { success: false, message: expect.stringMatching(/\w/) } } });
      return;
    }
    expectRefused(res, `${procedure.path} ${label(input)}`);
  }
  const expectUnchanged = async () => expect(await snapshotDb(t.database.db)).toEqual(before);

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    // An admin passes every role check, so each call reaches the procedure's input validation.
    admin = bearer((await createAccount(t.database.db, "admin")).token);
    before = await snapshotDb(t.database.db);
  });
  afterAll(() => t.close());

  it("finds the procedures of every domain", () => {
    const domains = new Set(PROCEDURES.map((procedure) => procedure.path.split(".")[0]));
    expect([...domains].sort()).toEqual(["admin", "auth", "cart", "catalog", "delivery", "order", "promo", "reviews", "user"]);
    expect(PROCEDURES.filter((procedure) => procedure.takesInput).length).toBeGreaterThan(10);
  });

  describe.each(PROCEDURES.filter((procedure) => procedure.takesInput))("$type $path", (procedure) => {
    it("refuses nasty inputs", async () => {
      for (const input of nastyBodies(procedure.fields)) expectAnswer(procedure, input, await call(procedure, input));
      await expectUnchanged();
    });

    it("refuses arbitrary JSON (property-based)", async () => {
      await fc.assert(
        fc.asyncProperty(jsonBodyArbitrary(procedure.fields), async (input) => {
          // Random JSON now and then forms a valid input (a profile with any name and no phone): that is not malformed.
          fc.pre(!procedure.accepts(input));
          expectAnswer(procedure, input, await call(procedure, input));
        }),
        { numRuns: 30 },
      );
      await expectUnchanged();
    });
  });

  describe.each(PROCEDURES.filter((procedure) => procedure.type === "mutation"))("mutation $path", (procedure) => {
    it("refuses bodies that are not JSON", async () => {
      for (const raw of RAW_BODIES.filter((body) => body.contentType !== "application/json" || body.name === "invalid JSON")) {
        const res = await t.app.inject({ method: "POST", url: `/trpc/${procedure.path}`, payload: raw.payload, headers: { ...admin, "content-type": raw.contentType } });
        expectRefused(res, `${procedure.path} as ${raw.name}`);
      }
      await expectUnchanged();
    });
  });

  it.each(PROCEDURES.filter((procedure) => procedure.type === "query"))("query $path refuses an input that is not JSON", async (procedure) => {
    expectRefused(await t.app.inject({ method: "GET", url: `/trpc/${procedure.path}?input=%7Bnot-json`, headers: admin }), procedure.path);
  });

  it("refuses otherwise valid input carrying a NUL character (PostgreSQL text cannot store it)", async () => {
    const register = PROCEDURES.find((procedure) => procedure.path === "auth.register")!;
    const reviews = PROCEDURES.find((procedure) => procedure.path === "reviews.list")!;
    for (const [procedure, input] of [
      [register, { name: "Ka\u0000ju", email: "nul@example.in", password: "a-good-password-1" }],
      [reviews, { productId: "\u0000" }],
    ] as const) {
      const res = await call(procedure, input, {});
      expectRefused(res, `${procedure.path} with NUL`);
      expect(res.statusCode).toBe(400);
    }
    await expectUnchanged();
  });

  it("refuses a mutation sent as a query and a query sent as a mutation", async () => {
    for (const procedure of PROCEDURES) {
      const flipped = { ...procedure, type: procedure.type === "query" ? ("mutation" as const) : ("query" as const) };
      expectRefused(await call(flipped, {}), `${procedure.path} as ${flipped.type}`);
    }
    expectRefused(await t.app.inject({ method: "GET", url: "/trpc/no.such.procedure" }), "unknown procedure");
    await expectUnchanged();
  });
});
