/**
 * Prints the catalogue as a table: `npm run example:catalog -- http://localhost:3000`
 * (the URL defaults to MITHAI_URL or http://localhost:3000).
 */
import { createMithaiClient, type MithaiClient } from "../src/index";

export async function catalogLines(client: MithaiClient): Promise<string[]> {
  const items = await client.catalog.list.query();
  return items.map((item) => `${item.category.padEnd(16)} ${item.name.padEnd(22)} ₹${item.price.toFixed(2).padStart(9)} /kg  /product/${item.slug}`);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const url = process.argv[2] ?? process.env.MITHAI_URL ?? "http://localhost:3000";
  const lines = await catalogLines(createMithaiClient({ url }));
  console.log(lines.join("\n"));
  console.log(`${lines.length} items`);
}
