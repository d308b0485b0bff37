import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@mithai/db/client";
import { foodItems } from "@mithai/db/schema";
import { eq, inArray } from "@mithai/db/sql";
import { createTestDb, insertTestFoodItems } from "@mithai/db/testing";
import { SLUG_MAX_LENGTH, slugSchema } from "@mithai/schema";
import { appErrorOf } from "../testing";
import { availableSlug } from "./slugs";

/** The slug an added or edited item gets, called directly (food-admin.test.ts covers it through the writes). */
let database: DbHandle;

/** Items on sale with these slugs; returns their ids in order. */
async function itemsWithSlugs(...slugs: string[]): Promise<string[]> {
  const ids = await insertTestFoodItems(database.db, slugs.length);
  for (const [i, id] of ids.entries()) await database.db.update(foodItems).set({ slug: slugs[i]! }).where(eq(foodItems.id, id));
  return ids;
}

beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

describe("availableSlug", () => {
  it("takes the slug asked for, else one made from the name, when no item on sale has it", async () => {
    await itemsWithSlugs("peda-special", "gulab-jamun-2");
    expect(await availableSlug(database.db, "", "Kesar Pedā, Special!")).toBe("kesar-peda-special");
    expect(await availableSlug(database.db, "my-slug", "Kesar Peda")).toBe("my-slug");
    // Only the slug itself or its numbered forms count: a longer slug starting the same, or a numbered one alone, does not.
    expect(await availableSlug(database.db, "peda", "Peda")).toBe("peda");
    expect(await availableSlug(database.db, "", "Gulab Jamun")).toBe("gulab-jamun");
  });

  it("gives a taken slug the first free suffix, not counting removed items or the item being edited", async () => {
    await itemsWithSlugs("barfi");
    expect(await availableSlug(database.db, "", "Barfi")).toBe("barfi-2");
    const [laddoo, , third, fifth] = await itemsWithSlugs("laddoo", "laddoo-2", "laddoo-3", "laddoo-5");
    expect(await availableSlug(database.db, "", "Laddoo")).toBe("laddoo-4");
    await database.db.update(foodItems).set({ removedAt: new Date() }).where(inArray(foodItems.id, [third!, fifth!]));
    expect(await availableSlug(database.db, "laddoo", "Anything")).toBe("laddoo-3");
    // Editing the item that has it keeps it.
    expect(await availableSlug(database.db, "laddoo", "Laddoo", laddoo)).toBe("laddoo");
    expect(await availableSlug(database.db, "laddoo", "Laddoo", third)).toBe("laddoo-3");
  });

  it("refuses to number a taken slug past the longest slug the storefront can look up", async () => {
    const longest = "a".repeat(SLUG_MAX_LENGTH);
    const nearly = "b".repeat(SLUG_MAX_LENGTH - 2);
    await itemsWithSlugs(longest, nearly);
    expect(slugSchema.safeParse(longest).success).toBe(true);
    const tooLong = { code: "VALIDATION", message: "Slug is taken and too long to add a number to; choose a shorter one" };
    expect(await appErrorOf(availableSlug(database.db, longest, "Anything"))).toMatchObject(tooLong);
    // Numbered within the limit it is fine; "-10" would not fit.
    const numbered = await availableSlug(database.db, nearly, "Anything");
    expect(numbered).toBe(`${nearly}-2`);
    expect(slugSchema.safeParse(numbered).success).toBe(true);
    await itemsWithSlugs(...Array.from({ length: 8 }, (_, i) => `${nearly}-${i + 2}`));
    expect(await appErrorOf(availableSlug(database.db, nearly, "Anything"))).toMatchObject(tooLong);
  });

  it("refuses a name with no letters or digits when no slug is given", async () => {
    expect(await appErrorOf(availableSlug(database.db, "", "!!! ???"))).toMatchObject({
      code: "VALIDATION",
      message: "Slug is required when the name has no letters or digits",
    });
    expect(await availableSlug(database.db, "question-box", "!!! ???")).toBe("question-box");
  });
});
