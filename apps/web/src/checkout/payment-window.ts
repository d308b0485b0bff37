import { t } from "@lingui/core/macro";
import type { PlacedOrder } from "@mithai/schema";

/** Razorpay checkout's answer to a successful payment, which the server verifies. */
export interface PaymentSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export type PaymentResult = { kind: "paid"; response: PaymentSuccess } | { kind: "failed" } | { kind: "dismissed" };

export interface PaymentPrefill {
  name: string;
  email: string;
  contact: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: () => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
let scriptLoading: Promise<RazorpayConstructor> | null = null;

function loadRazorpayScript(): Promise<RazorpayConstructor> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error("Razorpay checkout did not load"));
    };
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error("Razorpay checkout could not be loaded"));
    };
    document.head.append(script);
  });
  return scriptLoading;
}

/** razorpay mode: Razorpay's own checkout window, opened with the order creation answer. */
export async function openRazorpayCheckout(
  placed: PlacedOrder,
  shopName: string,
  prefill: PaymentPrefill,
  onResult: (result: PaymentResult) => void,
): Promise<void> {
  const Razorpay = await loadRazorpayScript();
  let settled = false;
  const settle = (result: PaymentResult) => {
    if (settled) return;
    settled = true;
    onResult(result);
  };
  const checkout = new Razorpay({
    key: placed.key,
    amount: placed.amount,
    currency: placed.currency,
    name: shopName,
    description: t`Handcrafted sweets`,
    order_id: placed.razorpayOrderId,
    prefill,
    theme: { color: "#7a1f2b" },
    handler: (response: PaymentSuccess) => settle({ kind: "paid", response }),
    modal: { ondismiss: () => settle({ kind: "dismissed" }) },
  });
  checkout.on("payment.failed", () => settle({ kind: "failed" }));
  checkout.open();
}
