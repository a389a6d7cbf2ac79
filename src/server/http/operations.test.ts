import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db";
import { captureLogs } from "../../../tests/support/logs";
import { log, scrub } from "../observability/log";
import { isOperationsRequest, readinessProblems } from "./operations";

describe("readiness", () => {
  useTestDatabase("sqlite");

  it("is ready when the database answers, and names each thing that keeps it from serving", async () => {
    expect(await readinessProblems({ draining: false })).toEqual({});
    const problems = await readinessProblems({
      draining: true,
      redis: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6390")),
      pageCacheVersionKnown: () => false,
    });
    expect(problems).toEqual({
      process: "shutting down",
      redis: "connect ECONNREFUSED 127.0.0.1:6390",
      pageCache: "the version of public data is unknown (notifications not connected)",
    });
    // A Redis that does not answer at all: not ready within a second, not hung.
    const started = Date.now();
    const silent = await readinessProblems({ draining: false, redis: () => new Promise(() => {}) });
    expect(silent.redis).toBe("no answer within 1000 ms");
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("which requests the operations endpoints answer", () => {
  it("are reads of /healthz, /readyz and /metrics, with or without a query, and nothing else", () => {
    const ask = (url: string, method = "GET") => isOperationsRequest({ url, method } as IncomingMessage);
    for (const url of ["/healthz", "/readyz?full=1", "/metrics"]) expect(ask(url), url).toBe(true);
    expect(ask("/metrics", "HEAD")).toBe(true);
    expect(ask("/readyz", "POST")).toBe(false);
    for (const url of ["/", "/fr/", "/healthz/x", "/metricsx", "/api/v1/me/summary"]) expect(ask(url), url).toBe(false);
  });
});

describe("log lines", () => {
  it("never carry a password, a token, a card number or a whole e-mail address", () => {
    expect(scrub("reset asked for marie.dupont@vitrine.test by jan@example.org")).toBe(
      "reset asked for m***@vitrine.test by j***@example.org",
    );
    expect(scrub("card 4111 1111 1111 1111 refused; Authorization: Bearer abc.def-123")).toBe(
      "card [number] refused; Authorization: Bearer [redacted]",
    );
    const logs = captureLogs();
    try {
      log().warn(
        {
          body: { Email: "marie@vitrine.test", Password: "Vitrine-demo-1", CardNumber: "4111111111111111" },
          headers: { cookie: "vitrine_session=abc", authorization: "Bearer secret-token" },
          token: "reset-token-123",
        },
        "refused for lucia@vitrine.test",
      );
    } finally {
      logs.stop();
    }
    const line = JSON.stringify(logs.lines);
    for (const secret of [
      "Vitrine-demo-1",
      "4111111111111111",
      "vitrine_session=abc",
      "secret-token",
      "reset-token-123",
    ])
      expect(line).not.toContain(secret);
    expect(line).not.toMatch(/(marie|lucia)@vitrine\.test/);
    expect(logs.lines[0]).toMatchObject({ level: "warn", msg: "refused for l***@vitrine.test" });
  });

  it("name an error by its type, keep its own fields and cause, and scrub its text", () => {
    const cause = new RangeError("no table for lea@example.org");
    const error = Object.assign(new TypeError("failed for jan@example.org", { cause }), {
      code: "E_TEST",
      detail: "Key (email)=(jan@example.org) already exists.",
    });
    const logs = captureLogs();
    try {
      log().error({ err: error, failure: new Error("plain") }, "page failed");
      // An error alone: its message is the line's, scrubbed too.
      log().error(new RangeError("alone for ana@example.org"));
    } finally {
      logs.stop();
    }
    expect(logs.lines[0]).toMatchObject({
      // pino's message of an error with a cause ends with the cause's.
      err: { type: "TypeError", message: "failed for j***@example.org: no table for l***@example.org", code: "E_TEST" },
      failure: { type: "Error", message: "plain" },
    });
    const { err } = logs.lines[0] as { err: { stack: string; detail?: string } };
    // A driver's detail can quote the row it refused: left out.
    expect(err.detail).toBeUndefined();
    expect(err.stack).toContain("TypeError: failed for j***@example.org");
    // The cause's message, in the stack pino writes for it, is scrubbed too.
    expect(err.stack).toContain("caused by: RangeError: no table for l***@example.org");
    expect(logs.lines[1]).toMatchObject({
      msg: "alone for a***@example.org",
      err: { type: "RangeError", message: "alone for a***@example.org" },
    });
    expect(JSON.stringify(logs.lines)).not.toMatch(/(lea|jan|ana)@example\.org/);
  });
});
