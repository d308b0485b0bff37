import { desc, eq } from "@mithai/db/sql";
import type { Db } from "@mithai/db/client";
import { addresses, users } from "@mithai/db/schema";
import type { DeliveryDefaults } from "@mithai/schema/order";
import { notFound } from "../errors";

/** The order page's starting point: contact details from the account and the saved addresses, newest first. */
export async function deliveryDefaults(db: Db, userId: string): Promise<DeliveryDefaults> {
  const [user] = await db
    .select({ name: users.name, email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound("Account not found");
  const saved = await db
    .select({
      id: addresses.id,
      street: addresses.street,
      city: addresses.city,
      state: addresses.state,
      pincode: addresses.pincode,
      country: addresses.country,
      mobile: addresses.mobile,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt));
  return { fullName: user.name, email: user.email, mobile: user.phoneNumber ?? "", savedAddresses: saved };
}
