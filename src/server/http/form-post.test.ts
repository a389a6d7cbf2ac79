import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { handleFormPost } from "./form-post";

const Schema = z.object({ Email: z.string().email() });

/** A form sent without JavaScript, as a browser sends it. */
function posted(fields: Record<string, string>): Request {
  return new Request("http://shop.test/fr/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("a page's form sent without JavaScript", () => {
  it("shows a payment refusal above the form, what was typed kept, in the shopper's language", async () => {
    for (const code of ["PaymentNotConfigured", "PaymentUnavailable"] as const) {
      const post = await handleFormPost(posted({ Email: "lea@example.org" }), "fr", Schema, async () => {
        throw new ApiError(code);
      });
      expect(post.status, code).toBe(503);
      expect(post.values, code).toEqual({ Email: "lea@example.org" });
      expect(post.failure, code).toMatch(/paiement/i);
      expect(post.result, code).toBeUndefined();
    }
  });

  it("throws a store away and the server's own failure to the error pages, and any other error", async () => {
    for (const error of [new ApiError("ServiceUnavailable"), new ApiError("InternalError"), new Error("boom")])
      await expect(
        handleFormPost(posted({ Email: "lea@example.org" }), "fr", Schema, async () => {
          throw error;
        }),
      ).rejects.toBe(error);
  });

  it("shows a rule's refusal with its status, and answers what the rule answered", async () => {
    const refused = await handleFormPost(posted({ Email: "lea@example.org" }), "nl", Schema, async () => {
      throw new ApiError("TooManyRequests");
    });
    expect(refused.status).toBe(429);
    expect(refused.failure).not.toBeNull();
    const done = await handleFormPost(posted({ Email: "lea@example.org" }), "fr", Schema, async (input) => input.Email);
    expect(done).toMatchObject({ status: 200, failure: null, result: "lea@example.org" });
  });
});
