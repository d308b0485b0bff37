import { ORDER_RECEIVED, type OrderStatus, type PaymentStatus, subtotalPaise } from "@mithai/schema";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { signAuthToken } from "@mithai/api";
import type { Db } from "@mithai/db/client";
import { orders, users, type DeliveryAddress, type OrderItemSnapshot } from "@mithai/db/schema";
import type { Role } from "@mithai/schema";
import { TEST_JWT_SECRET } from "../testing";

/** Test-only helpers for the admin tests: accounts with tokens, paid orders, pictures and multipart bodies. */

export async function createAccount(db: Db, role: Role, email = `${role}-${randomUUID()}@example.in`): Promise<{ id: string; token: string; email: string }> {
  const [user] = await db.insert(users).values({ name: `Test ${role}`, email, passwordHash: "not-a-real-hash", role }).returning({ id: users.id });
  return { id: user!.id, email, token: await signAuthToken({ userId: user!.id, role }, TEST_JWT_SECRET) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const sampleAddress = (overrides: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  fullName: "Asha Verma",
  email: "asha@example.in",
  street: "12 MG Road",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  country: "India",
  mobile: "9876543210",
  ...overrides,
});

export interface OrderSeed {
  userId: string;
  createdAt?: Date;
  paymentStatus?: PaymentStatus;
  status?: OrderStatus | "";
  items?: OrderItemSnapshot[];
  address?: DeliveryAddress;
  amountPaise?: number;
  paymentId?: string | null;
}

/** Inserts orders as the checkout would leave them (paid, 'Order Recieved' unless told otherwise); returns their ids. */
export async function insertOrders(db: Db, seeds: OrderSeed[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < seeds.length; i += 1000) {
    const rows = seeds.slice(i, i + 1000).map((seed) => {
      const items = seed.items ?? [{ foodItemId: randomUUID(), name: "Kaju Katli", quantity: 2, unitPricePaise: 120000, image: "x.webp" }];
      const amountPaise = seed.amountPaise ?? subtotalPaise(items);
      const paymentStatus = seed.paymentStatus ?? "paid";
      return {
        userId: seed.userId,
        items,
        subtotalPaise: amountPaise,
        amountPaise,
        address: seed.address ?? sampleAddress(),
        paymentStatus,
        status: seed.status ?? (paymentStatus === "paid" ? ORDER_RECEIVED : ""),
        paymentId: seed.paymentId === undefined ? (paymentStatus === "paid" ? `pay_${randomUUID().slice(0, 14)}` : null) : seed.paymentId,
        createdAt: seed.createdAt ?? new Date(),
      };
    });
    const inserted = await db.insert(orders).values(rows).returning({ id: orders.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mithai${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
