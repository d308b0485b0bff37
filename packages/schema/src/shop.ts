/** Facts about the shop shown in several places of the interface. */
export const SHOP_TIMINGS = "10 AM to 7 PM every day";
export const DEFAULT_SHOP_NAME = "Mithai";
