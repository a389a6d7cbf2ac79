import { describe, expect, it } from "vitest";
import { requestCountry, requestSession, withRequestContext, withRequestSession } from "./http/request-context";
import { collectTags, dependsOn, withoutTags } from "./page-cache/tags";
import type { Session } from "./session/session";

const shopper = (customerId: number): Session => ({ id: `s${customerId}`, customerId, data: {} });
const tick = () => new Promise((done) => setTimeout(done, 1));

describe("one scope for the request and the page's tags", () => {
  it("keeps the request while tags are collected, and the tags while the request changes", async () => {
    const page = new Set<string>();
    const memo = new Set<string>();
    await withRequestContext({ session: shopper(1), country: "BE" }, () =>
      collectTags(page, async () => {
        await tick();
        expect(requestSession()?.customerId).toBe(1);
        dependsOn("product:1");
        await collectTags(memo, async () => {
          await tick();
          dependsOn("product:2");
          expect(requestCountry()).toBe("BE");
        });
        await withoutTags(async () => {
          await tick();
          dependsOn("product:3");
          expect(requestSession()?.customerId).toBe(1);
        });
        // A shared page renders with another session: the page's tags still collect.
        await withRequestSession(shopper(0), async () => {
          await tick();
          dependsOn("lists");
          expect(requestSession()?.customerId).toBe(0);
          expect(requestCountry()).toBeNull();
        });
        expect(requestSession()?.customerId).toBe(1);
      }),
    );
    expect([...page].sort()).toEqual(["lists", "product:1", "product:2"]);
    expect([...memo]).toEqual(["product:2"]);
    expect(requestSession()).toBeUndefined();
  });

  it("never mixes two requests answered at once", async () => {
    const seen: number[] = [];
    const tags = [new Set<string>(), new Set<string>()];
    await Promise.all(
      [1, 2].map((customerId, index) =>
        withRequestContext({ session: shopper(customerId), country: null }, () =>
          collectTags(tags[index] as Set<string>, async () => {
            for (let i = 0; i < 3; i++) {
              await tick();
              seen.push(requestSession()?.customerId === customerId ? 1 : 0);
              dependsOn(`product:${customerId}`);
            }
          }),
        ),
      ),
    );
    expect(seen).toEqual([1, 1, 1, 1, 1, 1]);
    expect([...(tags[0] as Set<string>)]).toEqual(["product:1"]);
    expect([...(tags[1] as Set<string>)]).toEqual(["product:2"]);
  });
});
