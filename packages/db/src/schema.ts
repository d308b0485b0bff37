export * from "./tables/catalog";
export * from "./tables/customer";
export * from "./tables/order";
export * from "./tables/mail";
export * from "./tables/kitchen";
export * from "./tables/sandbox";
export * from "./tables/operations";
