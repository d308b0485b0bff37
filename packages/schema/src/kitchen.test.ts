import { describe, expect, it } from "vitest";
import { deliveryTermsSentence } from "./kitchen";

describe("deliveryTermsSentence: what every page says about delivery, from the zones", () => {
  const hyderabad = { name: "Hyderabad", charge: 49.5, freeAbove: 1500 };
  const india = { name: "All India", charge: 120, freeAbove: null };

  it.each([
    ["the installation's one free zone", [{ name: "All India", charge: 0, freeAbove: null }], "Free delivery on every order"],
    ["a free city and a paid rest", [{ name: "Hyderabad", charge: 0, freeAbove: null }, { ...india, charge: 49.5 }], "Free delivery in Hyderabad; elsewhere ₹49.50"],
    ["a threshold and a paid rest", [hyderabad, india], "Free delivery in Hyderabad over ₹1,500; elsewhere ₹120"],
    ["a threshold and two paid zones", [hyderabad, india, { name: "North East", charge: 180, freeAbove: null }], "Free delivery in Hyderabad over ₹1,500; elsewhere from ₹120"],
    ["thresholds only", [hyderabad, { name: "Telangana", charge: 80, freeAbove: 2500 }], "Free delivery in Hyderabad over ₹1,500 and in Telangana over ₹2,500; otherwise from ₹49.50"],
    ["no zone ever free", [india, { name: "Hyderabad", charge: 49.5, freeAbove: null }], "Delivery from ₹49.50 on every order"],
    ["one paid zone", [india], "Delivery ₹120 on every order"],
    ["no zones", [], "Delivery is charged by PIN code at checkout"],
  ])("%s", (_name, zones, sentence) => {
    expect(deliveryTermsSentence(zones)).toBe(sentence);
  });
});
