import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, writeWebClientFixture, type TestApp } from "../testing";

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((part) => {
    const [name, ...values] = part.trim().split(/\s+/);
    return [name!, values];
  }));
}

describe("security headers", () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = writeWebClientFixture();
    t = await createTestApp({ seed: true, webDistDir: webDir, env: { PUBLIC_URL: "https://shop.example.in" } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(["/", "/product/kaju-katli", "/api/food/list", "/api/nothing-here", "/trpc/catalog.list", "/healthz", "/assets/app.js", "/sitemap.xml"])(
    "sends the common headers on %s",
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["strict-transport-security"]).toBe("max-age=15552000");
      expect(res.headers["content-security-policy"]).toBeTruthy();
    },
  );

  it("lets pages run only nonce-carrying scripts (and what they load), Razorpay's checkout and its frames", async () => {
    const res = await t.app.inject("/product/kaju-katli");
    const policy = directives(res.headers["content-security-policy"] as string);
    const scripts = policy.get("script-src")!;
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts.some((s) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(s))).toBe(true);
    expect(scripts).toContain("https://checkout.razorpay.com");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-src")).toEqual(expect.arrayContaining(["https://api.razorpay.com", "https://checkout.razorpay.com"]));
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
  });

  it("gives everything that is not a page a policy that allows nothing", async () => {
    const res = await t.app.inject("/api/food/list");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("sends no HSTS when the shop is not served over https", async () => {
    const plain = await createTestApp({ env: { PUBLIC_URL: "http://localhost:3000" } });
    try {
      expect((await plain.app.inject("/healthz")).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
