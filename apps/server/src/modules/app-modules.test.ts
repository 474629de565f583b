import { describe, expect, it } from "vitest";
import { appModules } from "./app-modules";

describe("the server's modules", () => {
  it("each own a URL prefix of their own, so a route's module is read from its address", () => {
    const owners = new Map<string, string[]>();
    for (const module of appModules)
      owners.set(module.prefix, [...(owners.get(module.prefix) ?? []), module.name]);
    const shared = [...owners].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it("each have a name of their own", () => {
    const names = appModules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
