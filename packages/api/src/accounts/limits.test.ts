import { describe, expect, it } from "vitest";
import { createAccountLimits } from "./limits";

describe("account rate limits", () => {
  it("count per client address as well as per e-mail", () => {
    const { login, register, forgotPassword } = createAccountLimits();
    // One address trying many e-mails runs out even though no single e-mail did.
    for (let i = 0; i < 100; i++) login.hit("198.51.100.1", `guess${i}@example.in`);
    expect(() => login.hit("198.51.100.1", "one-more@example.in")).toThrow(/Too many login attempts/);
    expect(() => login.hit("198.51.100.2", "one-more@example.in")).not.toThrow();

    for (let i = 0; i < 50; i++) register.hit("198.51.100.3", `new${i}@example.in`);
    expect(() => register.hit("198.51.100.3", "late@example.in")).toThrow(/Too many sign-up attempts/);

    for (let i = 0; i < 20; i++) forgotPassword.hit("198.51.100.4", `lost${i}@example.in`);
    expect(() => forgotPassword.hit("198.51.100.4", "late@example.in")).toThrow(/Too many password reset requests/);
  });
});
