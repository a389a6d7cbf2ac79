import { afterEach, describe, expect, it } from "vitest";
import { handPageVersion } from "../../tests/support/page-version";
import { memoize, memoizePublic } from "./cache";
import { registerPublicVersion } from "./page-cache/registry";
import { collectTags, dependsOn } from "./page-cache/tags";

const version = handPageVersion;

afterEach(() => registerPublicVersion(undefined));

describe("data kept by the version of public data", () => {
  it("loads once per arguments while the version stays, and again after it moved", async () => {
    const v = version(7);
    let loads = 0;
    const load = memoizePublic(async (culture: string, page: number) => `${culture}:${page}:${++loads}`);
    expect(await load("fr", 1)).toBe("fr:1:1");
    expect(await load("fr", 1)).toBe("fr:1:1");
    expect(await load("nl", 1)).toBe("nl:1:2");
    expect(await load("fr", 2)).toBe("fr:2:3");
    v.set(8);
    expect(await load("fr", 1)).toBe("fr:1:4");
    expect(await load("fr", 1)).toBe("fr:1:4");
  });

  it("keeps a list while other products sell, loads it again when one of its own does, and tells its reader", async () => {
    const v = version(1);
    let loads = 0;
    const list = memoizePublic(async (category: string) => {
      dependsOn("lists", ...(category === "robes" ? ["product:1", "product:2"] : ["product:3"]));
      return `${category}:${++loads}`;
    });
    const page = async (category: string) => {
      const tags = new Set<string>();
      const value = await collectTags(tags, () => list(category));
      return { value, tags: [...tags].sort() };
    };
    expect(await page("robes")).toEqual({ value: "robes:1", tags: ["lists", "product:1", "product:2"] });
    expect(await page("vestes")).toEqual({ value: "vestes:2", tags: ["lists", "product:3"] });
    // Kept: the page that reads it still learns what it shows.
    expect(await page("robes")).toEqual({ value: "robes:1", tags: ["lists", "product:1", "product:2"] });
    v.bumpTag("product:3");
    expect((await page("robes")).value).toBe("robes:1");
    expect((await page("vestes")).value).toBe("vestes:3");
    v.bumpTag("lists");
    expect((await page("robes")).value).toBe("robes:4");
    // Reference data kept by time shows no stock: its reads tell nobody.
    const reference = memoize(60_000, async () => dependsOn("product:9"));
    const tags = new Set<string>();
    await collectTags(tags, () => reference());
    expect([...tags]).toEqual([]);
  });

  it("does not keep what loaded while one of its tags changed", async () => {
    const v = version(1);
    let loads = 0;
    let release: () => void = () => {};
    const load = memoizePublic(async () => {
      dependsOn("product:1");
      const n = ++loads;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return n;
    });
    const first = load();
    await new Promise((resolve) => setTimeout(resolve, 5));
    v.bumpTag("product:1");
    release();
    expect(await first).toBe(1);
    expect(await load()).toBe(2);
    expect(await load()).toBe(2);
  });

  it("keeps nothing while the version is unknown, nor without a version source", async () => {
    const v = version(null);
    let loads = 0;
    const load = memoizePublic(async () => ++loads);
    expect(await load()).toBe(1);
    expect(await load()).toBe(2);
    registerPublicVersion(undefined);
    expect(await load()).toBe(3);
    v.set(1);
    version(1);
    expect(await load()).toBe(4);
    expect(await load()).toBe(4);
  });

  it("never keeps for the new version what a load started before a change answers", async () => {
    const v = version(1);
    let release: (value: string) => void = () => {};
    const answers = ["before the change", "after the change"];
    const load = memoizePublic(
      () =>
        new Promise<string>((resolve) => {
          const answer = answers.shift() as string;
          release = () => resolve(answer);
        }),
    );
    const slow = load();
    const releaseSlow = release;
    v.set(2);
    const fresh = load();
    release("");
    releaseSlow("");
    expect(await slow).toBe("before the change");
    expect(await fresh).toBe("after the change");
    expect(await load()).toBe("after the change");
  });

  it("forgets a failed load and holds at most its number of entries, least recently used out", async () => {
    version(1);
    let fail = true;
    let loads = 0;
    const load = memoizePublic(async (n: number) => {
      loads++;
      if (fail) throw new Error("database away");
      return n;
    }, 2);
    await expect(load(1)).rejects.toThrow("database away");
    fail = false;
    expect(await load(1)).toBe(1);
    expect(loads).toBe(2);
    await load(2);
    await load(1); // 1 is now the most recently used
    await load(3); // 2 goes
    loads = 0;
    await load(1);
    await load(3);
    expect(loads).toBe(0);
    await load(2);
    expect(loads).toBe(1);
  });

  it("makes reference data kept for a minute load again when public data changed", async () => {
    const v = version(1);
    let loads = 0;
    const load = memoize(60_000, async () => ++loads);
    expect(await load()).toBe(1);
    expect(await load()).toBe(1);
    v.set(2);
    expect(await load()).toBe(2);
  });
});
