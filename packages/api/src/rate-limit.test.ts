import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { createRateLimiter } from "./rate-limit";

describe("rate limiter", () => {
  it("allows max hits per window, then answers TOO_MANY_REQUESTS, and opens again after the window", () => {
    const limiter = createRateLimiter({ windowMs: 1000, max: 3, message: "Slow down" });
    for (let i = 0; i < 3; i++) limiter.hit("a", 0);
    expect(() => limiter.hit("a", 10)).toThrowError(new AppError("TOO_MANY_REQUESTS", "Slow down"));
    expect(() => limiter.hit("b", 10)).not.toThrow();
    expect(() => limiter.hit("a", 1000)).not.toThrow();
  });
});
