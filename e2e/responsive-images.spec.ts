import { expect, test, type Locator, type Page } from "./support/test";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "@mithai/schema";
import { adminToken } from "./support/admin";

/** Images are named after their content, so the server may let browsers keep them for a year. */
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A product picture on the storefront is responsive WebP: `srcset` offers the picture in every storefront width
 * (several), each a .webp the server answers as image/webp, cacheable for a year, really that many pixels wide;
 * `sizes`, `width` and `height` are set (so the browser picks a width and reserves the box before it loads).
 * Returns the srcset's addresses.
 */
async function expectResponsiveWebp(page: Page, picture: Locator): Promise<string[]> {
  const { srcset, sizes, width, height } = await picture.evaluate((img: HTMLImageElement) => ({
    srcset: img.getAttribute("srcset") ?? "",
    sizes: img.getAttribute("sizes") ?? "",
    width: img.getAttribute("width"),
    height: img.getAttribute("height"),
  }));
  expect(sizes, "sizes").not.toBe("");
  expect(Number(width), "width attribute").toBeGreaterThan(0);
  expect(Number(height), "height attribute").toBeGreaterThan(0);

  const candidates = srcset.split(",").map((entry) => {
    const [url = "", descriptor = ""] = entry.trim().split(/\s+/);
    return { url, width: Number(/^(\d+)w$/.exec(descriptor)?.[1]) };
  });
  expect(candidates.length, srcset).toBeGreaterThanOrEqual(3);
  expect(candidates.map((c) => c.width)).toEqual([...IMAGE_WIDTHS]);

  for (const candidate of candidates) {
    expect(candidate.url).toMatch(/^\/images\/[^/]+\.webp$/);
    const res = await page.request.get(candidate.url);
    expect(res.status(), candidate.url).toBe(200);
    const headers = res.headers();
    expect(headers["content-type"], candidate.url).toBe("image/webp");
    const cacheControl = headers["cache-control"] ?? "";
    expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1]), `${candidate.url}: ${cacheControl}`).toBeGreaterThanOrEqual(YEAR_SECONDS);
    expect(cacheControl).toContain("immutable");
    const meta = await sharp(await res.body()).metadata();
    expect({ url: candidate.url, format: meta.format, width: meta.width }).toEqual({ url: candidate.url, format: "webp", width: candidate.width });
  }
  return candidates.map((c) => c.url);
}

/** The address the browser chose for a loaded picture, as a path. */
async function chosenPath(picture: Locator): Promise<string> {
  await expect(picture).toHaveJSProperty("complete", true);
  return picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
}

test.describe("product pictures are responsive WebP", () => {
  test("home: every product card offers its picture in every width as WebP, and the browser picks one of them", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator(".food-grid .food-card-img");
    await expect(cards.first()).toBeVisible();
    await expect(page.locator(".food-grid[aria-busy=true]")).toHaveCount(0);
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const firstUrls = await expectResponsiveWebp(page, cards.first());
    for (let i = 1; i < count; i++) await expectResponsiveWebp(page, cards.nth(i));
    // The first cards load eagerly (the rest when scrolled to): the browser took one of the offered files.
    expect(firstUrls).toContain(await chosenPath(cards.first()));
  });

  test("product page: the picture is responsive WebP, preloaded with the page and downloaded once", async ({ page }) => {
    await page.goto("/product/kaju-katli");
    const picture = page.getByRole("img", { name: "Kaju Katli", exact: true });
    const urls = await expectResponsiveWebp(page, picture);
    const chosen = await chosenPath(picture);
    expect(urls).toContain(chosen);
    // The server's preload hint in the head starts the download before any JavaScript runs, and asks for the
    // same file the <img> then uses: one download of the picture, started by the <link>.
    const stem = chosen.replace(/-\d+w\.webp$/, "-");
    const fetched = await page.evaluate(
      (prefix) =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .map((entry) => ({ path: new URL(entry.name).pathname, initiator: entry.initiatorType }))
          .filter((entry) => entry.path.startsWith(prefix)),
      stem,
    );
    expect(fetched).toEqual([{ path: chosen, initiator: "link" }]);
  });

  test("an uploaded picture is re-encoded into the same WebP widths and served like the others", async ({ page }) => {
    const token = await adminToken(page);
    const headers = { authorization: `Bearer ${token}` };
    // A large photo-sized PNG, so every storefront width is a real reduction of it.
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 201, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const name = `Responsive Barfi ${Date.now()}`;
    const added = await page.request.post("/api/food/add", {
      headers,
      multipart: {
        name,
        description: "Fudge for the responsive picture check.",
        price: "650",
        category: "Festive Sweets",
        ingredients: "Milk, sugar",
        benefits: "Energy",
        faq: JSON.stringify([
          { question: "How long does it keep?", answer: "A week." },
          { question: "Is it vegetarian?", answer: "Yes." },
        ]),
        image: { name: "barfi.png", mimeType: "image/png", buffer: png },
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    const item = ((await added.json()) as { data: { _id: string; slug: string; image: string } }).data;
    try {
      expect(item.image).toMatch(/^[0-9a-f-]{36}\.webp$/);
      await page.goto(`/product/${item.slug}`);
      const picture = page.getByRole("img", { name, exact: true });
      const urls = await expectResponsiveWebp(page, picture);
      expect(urls.every((url) => url.startsWith(`/images/${item.image.replace(/\.webp$/, "")}-`))).toBe(true);
      expect(urls).toContain(await chosenPath(picture));
      // The main file (used for link previews) is WebP too.
      const original = await page.request.get(`/images/${item.image}`);
      expect(original.headers()["content-type"]).toBe("image/webp");
    } finally {
      const removed = await page.request.post("/api/food/remove", { headers, data: { id: item._id } });
      expect(removed.ok()).toBe(true);
    }
  });
});
