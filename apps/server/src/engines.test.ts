import { existsSync, readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * `npm ci` on the Node.js the README names installs without an engine warning (issue 16): every package it installs
 * from the lockfile that states a Node.js range accepts the lowest version the project supports. (Optional packages
 * for other platforms are in the lockfile but never installed here, and npm says nothing about them.)
 */
describe("the lockfile on the supported Node.js", () => {
  const root = new URL("../../../", import.meta.url);
  const supported = (JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string } }).engines.node;
  const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
  };

  it("states Node.js 20 as the lowest supported version", () => {
    expect(semver.minVersion(supported)?.major).toBe(20);
  });

  it("holds no package that refuses it", () => {
    const lowest = semver.minVersion(supported)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== "" && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([name]) => existsSync(new URL(`${name}/package.json`, root)))
      .filter(([, entry]) => !semver.satisfies(lowest, (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, entry]) => `${name}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
