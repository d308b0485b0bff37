// @mithai/schema's one public entry: the shapes, rules and contracts shared by the server, the web app, the typed
// client and the tools. Every module is zod-free unless it is under contracts/ (package.json says "sideEffects": false,
// so a bundle that uses none of the contracts leaves zod out).
export * from "./account";
export * from "./admin";
export * from "./auth";
export * from "./cart";
export * from "./catalog";
export * from "./consent";
export * from "./contracts/account";
export * from "./contracts/admin";
export * from "./contracts/auth";
export * from "./contracts/cart";
export * from "./contracts/catalog";
export * from "./contracts/consent";
export * from "./contracts/kitchen";
export * from "./contracts/order";
export * from "./contracts/owner";
export * from "./contracts/payments";
export * from "./contracts/reviews";
export * from "./contracts/z";
export * from "./csv";
export * from "./kitchen";
export * from "./language-paths";
export * from "./languages";
export * from "./mail";
export * from "./money-input";
export * from "./money";
export * from "./operations";
export * from "./order";
export * from "./page-titles";
export * from "./pages";
export * from "./reasons";
export * from "./reviews";
export * from "./shop-clock";
export * from "./shop";
export * from "./trpc";
export * from "./whatsapp";
