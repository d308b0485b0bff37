import { expect, test, type APIRequestContext, type Locator, type Page } from "./support/test";
import { createCustomer } from "./support/accounts";
import { adminToken, openAsAdmin } from "./support/admin";
import { payPlacedOrder, signIn } from "./support/checkout";

/**
 * The order's life in a phone-sized browser (issue 25): the admin's status control offers only the moves the order
 * allows and asks before an irreversible one; the customer's cancel confirm says the ₹150 clawback before it happens.
 */
const address = { fullName: "Asha Buyer", email: "asha@example.in", street: "9 Lake Road", city: "Kolkata", state: "West Bengal", pincode: "700029", country: "India", mobile: "9830012345" };

interface Placed {
  orderId: string;
  orderNumber: string;
  razorpayOrderId: string;
  key: string;
  discountApplied: boolean;
  amount: number;
}

/** An order of `kilos` of Kaju Katli for the customer (or another sweet, with a promo code), placed through the API and not paid yet. */
async function placedOrder(request: APIRequestContext, token: string, kilos: number, other: { slug?: string; promoCode?: string } = {}): Promise<Placed> {
  const auth = { authorization: `Bearer ${token}` };
  const item = (await (await request.get(`/api/food/slug/${other.slug ?? "kaju-katli"}`)).json()) as { data: { _id: string } };
  const order = { address, items: [{ _id: item.data._id, quantity: kilos }], promoCode: other.promoCode };
  const placed = (await (await request.post("/api/order/place", { headers: auth, data: order })).json()) as Omit<Placed, "orderNumber">;
  return { ...placed, orderNumber: `#${placed.orderId.slice(0, 8).toUpperCase()}` };
}

/** A paid order of `kilos` of Kaju Katli for the customer (or as `other` says), through the API (place, the sandbox window's pay, verify). */
async function paidOrder(request: APIRequestContext, token: string, kilos: number, other?: Parameters<typeof placedOrder>[3]): Promise<Placed> {
  const placed = await placedOrder(request, token, kilos, other);
  await payPlacedOrder(request, token, placed);
  return placed;
}

test("the admin's status control offers only the allowed next statuses and asks before Delivered", async ({ page }) => {
  const { token } = await createCustomer(page);
  const { orderNumber } = await paidOrder(page.request, token, 1);
  await openAsAdmin(page, "/admin/orders");
  await page.getByRole("searchbox").fill(orderNumber);
  await page.getByRole("button", { name: "Apply" }).click();
  const card = page.getByRole("article", { name: `Order ${orderNumber}` });
  const status = card.getByLabel("Status");
  await expect(status.locator("option")).toHaveText(["Order Recieved", "Food Processing", "Out for delivery", "Delivered", "Cancelled"]);
  await status.selectOption("Out for delivery");
  await expect(page.getByText("Status updated")).toBeVisible();
  // From "Out for delivery": one step back, Delivered, Cancelled — never two steps back.
  await expect(status.locator("option")).toHaveText(["Out for delivery", "Food Processing", "Delivered", "Cancelled"]);

  // Delivered is irreversible: the card asks first; keeping the status changes nothing.
  await status.selectOption("Delivered");
  const confirm = card.getByRole("group", { name: "Confirm Delivered" });
  await expect(confirm).toContainText("this cannot be undone");
  await confirm.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/lifecycle-status-confirm.png", fullPage: false });
  await confirm.getByRole("button", { name: "Keep Out for delivery" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(status).toHaveValue("Out for delivery");
  await status.selectOption("Delivered");
  await card.getByRole("button", { name: "Yes, set Delivered" }).click();
  await expect(page.getByText("Status updated").first()).toBeVisible();
  await expect(status).toHaveValue("Delivered");
  // Nothing follows Delivered.
  await expect(status).toBeDisabled();
});

test("a status changed while a search is still loading shows the new status once both are back", async ({ page }) => {
  const { token } = await createCustomer(page);
  const { orderNumber } = await paidOrder(page.request, token, 1);
  await openAsAdmin(page, "/admin/orders");
  const card = page.getByRole("article", { name: `Order ${orderNumber}` });
  await expect(card).toBeVisible();
  // The search's list is read before the change and arrives after it (a slow network): held until the change is answered.
  let changed: () => void = () => {};
  const changeAnswered = new Promise<void>((resolve) => (changed = resolve));
  await page.route(/\/trpc\/admin\.orders\?.*%22q%22/, async (route) => {
    const stale = await route.fetch();
    await changeAnswered;
    await route.fulfill({ response: stale });
  }, { times: 1 });
  page.on("response", (response) => {
    if (response.url().includes("admin.updateOrderStatus")) changed();
  });
  await page.getByRole("searchbox").fill(orderNumber);
  await page.getByRole("button", { name: "Apply" }).click();
  // The card still shows (the previous list, kept while the search loads): the admin changes its status there.
  await card.getByLabel("Status").selectOption("Out for delivery");
  await expect(page.getByText("Status updated")).toBeVisible();
  await expect(card.getByLabel("Status")).toHaveValue("Out for delivery");
  await expect(card.getByLabel("Status").locator("option")).toHaveText(["Out for delivery", "Food Processing", "Delivered", "Cancelled"]);
});

/**
 * A customer with a paid first order and a discounted second one of the month (paid or not), on My Orders, cancelling the
 * first: answers the second order, the first's card and the question the cancel confirm asked.
 */
async function cancelFirstOfTwo(page: Page, secondPaid: boolean): Promise<{ token: string; second: Placed; order: Locator; question: string }> {
  const { token } = await createCustomer(page);
  const first = await paidOrder(page.request, token, 1);
  const second = await (secondPaid ? paidOrder : placedOrder)(page.request, token, 2);
  expect(second.discountApplied).toBe(true);
  await signIn(page, token);
  await page.goto("/user-dashboard/my-orders");
  const order = page.getByRole("listitem", { name: `Order ${first.orderNumber}` });
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await order.getByRole("button", { name: "Cancel order" }).click();
  await expect(order.getByRole("status")).toHaveText(/Your order is cancelled\. ₹[\d,.]+ is on its way back .* ₹150(\.00)? is kept back/);
  return { token, second, order, question };
}

test("the customer's cancel confirm says the ₹150 clawback before it happens", async ({ page }) => {
  const { order, question } = await cancelFirstOfTwo(page, true);
  expect(question).toMatch(/₹150(\.00)? is kept back, because your later discounted order this month got its ₹150 discount through this one\. It comes back if that order is not paid or is cancelled/);
  await expect(order).toContainText("Cancelled");
  await page.screenshot({ path: "test-results/lifecycle-cancelled.png", fullPage: false });
});

test("the ₹150 kept back comes back, shown in My Orders, when the discounted order it was kept for is not paid", async ({ page }) => {
  const { token, second, order } = await cancelFirstOfTwo(page, false);
  const refunds = order.getByRole("list", { name: "Refunds" }).getByRole("listitem");
  await expect(refunds).toHaveCount(1);
  // The customer closes the discounted order's payment window without paying: it ends, and the ₹150 comes back.
  const abandoned = await page.request.post("/trpc/order.abandon", { headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, data: { orderId: second.orderId } });
  expect(abandoned.ok()).toBe(true);
  await page.reload();
  await expect(refunds).toHaveCount(2);
  await expect(refunds.nth(1)).toHaveText(/^Refund ₹150(\.00)?:/);
  await page.screenshot({ path: "test-results/lifecycle-clawback-returned.png", fullPage: false });
});

test("a first order cheaper than the ₹150 a later discounted order relied on cannot be cancelled for nothing: My Orders says why", async ({ page }) => {
  const admin = { authorization: `Bearer ${await adminToken(page)}` };
  const promoCode = `CHIKKI${Date.now().toString(36).toUpperCase()}`;
  expect((await page.request.post("/api/admin/promos", { headers: admin, data: { code: promoCode, kind: "flat", value: 340, minSubtotal: 0, validFrom: null, validTo: null, maxUses: null, maxUsesPerCustomer: null, active: true } })).ok()).toBe(true);
  const { token } = await createCustomer(page);
  // ₹100: a kilo of Peanut Chikki (₹440) with ₹340 off.
  const first = await paidOrder(page.request, token, 1, { slug: "peanut-chikki", promoCode });
  expect(first.amount).toBe(10_000); // paise, as the payment window takes it
  expect((await paidOrder(page.request, token, 1)).discountApplied).toBe(true);
  await signIn(page, token);
  await page.goto("/user-dashboard/my-orders");
  const order = page.getByRole("listitem", { name: `Order ${first.orderNumber}` });
  await expect(order).toContainText("This order can no longer be cancelled online: your later discounted order this month got its ₹150 discount through this one, so cancelling it would refund nothing.");
  await expect(order.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  // The server refuses it too, saying the same.
  const refused = await page.request.post("/api/order/cancel", { headers: { authorization: `Bearer ${token}` }, data: { orderId: first.orderId } });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: "TRANSITION_NOT_ALLOWED", message: expect.stringContaining("cancelling it would refund nothing") });
  await order.screenshot({ path: "test-results/lifecycle-cancel-refunds-nothing.png" });
});
