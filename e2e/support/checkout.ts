import { expect, type APIRequestContext, type Page } from "./test";
import { createCustomer } from "./accounts";

/** A delivery address as the checkout form asks it (name and e-mail come from the customer's profile). */
export interface DeliveryFields {
  street: string;
  city: string;
  state: string;
  pincode: string;
  mobile: string;
}

export const BENGALURU: DeliveryFields = { street: "14 Residency Road", city: "Bengaluru", state: "Karnataka", pincode: "560025", mobile: "9876543210" };
export const HYDERABAD: DeliveryFields = { street: "8 Road No. 12, Banjara Hills", city: "Hyderabad", state: "Telangana", pincode: "500034", mobile: "9876543210" };

/** A sweet of the e2e shop's catalogue, by its slug. */
export async function itemBySlug(request: APIRequestContext, slug: string): Promise<{ _id: string; name: string; price: number }> {
  const res = await request.get(`/api/food/slug/${slug}`);
  expect(res.ok(), `the catalogue has ${slug}`).toBe(true);
  return ((await res.json()) as { data: { _id: string; name: string; price: number } }).data;
}

/** Puts `kilos` of a sweet in the customer's server cart, as the storefront's Add to cart does. */
export async function addToServerCart(request: APIRequestContext, token: string, slug: string, kilos: number): Promise<void> {
  const item = await itemBySlug(request, slug);
  const added = await request.post("/api/cart/add", { headers: { authorization: `Bearer ${token}` }, data: { itemId: item._id, quantity: kilos } });
  expect(added.ok(), await added.text()).toBe(true);
}

/** The page opens signed in as the customer (and with the cookie banner answered), as after logging in. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("cookieConsent", "accepted");
  }, token);
}

/** A new customer with `kilos` of a sweet (Kaju Katli unless said) in the cart, and the page signed in as them. */
export async function customerWithCart(page: Page, kilos = 1, slug = "kaju-katli"): Promise<{ token: string; email: string }> {
  const customer = await createCustomer(page);
  await addToServerCart(page.request, customer.token, slug, kilos);
  await signIn(page, customer.token);
  return customer;
}

/**
 * Fills the checkout's delivery fields. Their name and e-mail come from the customer's profile: it waits until both
 * show, as a person sees them filled, because a tap on "Proceed to payment" while one is still empty is stopped by the
 * browser's own "Please fill out this field", which leaves nothing on the page to wait for.
 */
export async function fillDelivery(page: Page, address: DeliveryFields): Promise<void> {
  const form = page.locator("form.checkout-grid");
  await expect(form.getByLabel("Full name")).not.toHaveValue("");
  await expect(form.getByLabel("Email", { exact: true })).not.toHaveValue("");
  await form.getByLabel("Street address").fill(address.street);
  await form.getByLabel("City").fill(address.city);
  await form.getByLabel("State").fill(address.state);
  await form.getByLabel("Pincode").fill(address.pincode);
  await form.getByLabel("Mobile", { exact: true }).fill(address.mobile);
}

/** Taps "Proceed to payment" and pays in the sandbox payment window; answers the paid order's id from /verify. */
export async function payInSandboxWindow(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await page.getByRole("dialog", { name: "Mithai" }).getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/verify\?success=true&orderId=/);
  return new URL(page.url()).searchParams.get("orderId")!;
}

/**
 * Pays a placed order as the sandbox payment window does (UPI, paid) and confirms it with the shop as the order page
 * then does (`/api/order/verify`), for journeys that need a paid order without walking the checkout.
 */
export async function payPlacedOrder(request: APIRequestContext, token: string, placed: { key: string; razorpayOrderId: string }): Promise<void> {
  const paid = await request.post("/sandbox/razorpay/checkout/pay", { data: { key: placed.key, order_id: placed.razorpayOrderId, method: "upi", outcome: "success" } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const { response } = (await paid.json()) as { response: Record<string, string> };
  const verified = await request.post("/api/order/verify", { headers: { authorization: `Bearer ${token}` }, data: response });
  expect(verified.ok(), await verified.text()).toBe(true);
}
