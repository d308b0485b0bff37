import { setup } from "@mithai/db/test-template";
import { createTestApp } from "./src/testing";
const teardown = await setup();
await (await createTestApp({})).close();
const t = performance.now();
for (let i = 0; i < 8; i++) { const a = await createTestApp({}); await a.app.inject({ url: "/api/products" }); await a.close(); }
console.log("per app", ((performance.now() - t) / 8).toFixed(0));
await teardown();
