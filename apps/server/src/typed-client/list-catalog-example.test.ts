import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing";
import { createMithaiClient } from "../../../../packages/client/src/index";
import { catalogLines } from "../../../../packages/client/examples/list-catalog";

describe("typed client example", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it("lists the catalogue over HTTP through the typed client", async () => {
    const lines = await catalogLines(createMithaiClient({ url }));
    expect(lines.length).toBeGreaterThanOrEqual(12);
    expect(lines.some((line) => line.includes("Kaju Katli") && line.includes("/product/kaju-katli"))).toBe(true);
  });

  it("surfaces typed errors from the server", async () => {
    const client = createMithaiClient({ url });
    await expect(client.catalog.bySlug.query({ slug: "nope" })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });
});
