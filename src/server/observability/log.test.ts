import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, test } from "vitest";
import { resetEnvForTests } from "../config/env";
import { accessLog, flushLog, isoTime, LineBatch, LOG_WRITES, log, logAccess, setLogDestination } from "./log";

describe("the JSON log's writes", () => {
  let destination: ReturnType<typeof pino.destination> | undefined;
  afterEach(() => {
    setLogDestination(undefined);
    destination?.end();
  });

  test("a lone line goes out after its period; lines logged together go out in writes of 4 KB", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "vitrine-log-")), "out.log");
    destination = pino.destination({ dest: file, sync: false, mkdir: true, ...LOG_WRITES });
    const written = (stream: NonNullable<typeof destination>) =>
      new Promise<number>((resolve) => stream.once("write", resolve));
    const logger = pino(destination);
    const logged = performance.now();
    const first = written(destination);
    logger.info({ requestId: "a" }, "request");
    // The line waits for the period (a write per line is what this saves), then goes out by itself.
    await first;
    expect(performance.now() - logged).toBeGreaterThanOrEqual(LOG_WRITES.periodicFlush - 20);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ requestId: "a", msg: "request" });
    // 60 lines logged at once go out as soon as 4 KB wait, in one write.
    const batch = written(destination);
    for (let i = 0; i < 60; i++) logger.info({ requestId: `b${i}`, path: "/fr/checkout" }, "request");
    expect(await batch).toBeGreaterThan(LOG_WRITES.minLength);
    expect(LOG_WRITES.periodicFlush).toBeLessThanOrEqual(250);
  });

  test("flushLog resolves once what waits is written (the server awaits it before it exits)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "vitrine-log-")), "out.log");
    destination = pino.destination({ dest: file, sync: false, mkdir: true, ...LOG_WRITES });
    await new Promise((resolve) => destination?.once("ready", resolve));
    setLogDestination(destination, "info");
    const events: string[] = [];
    destination.on("write", () => events.push("written"));
    log().info("stopped");
    await flushLog();
    events.push("flushed");
    expect(events).toEqual(["written", "flushed"]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ msg: "stopped" });
  });
});

test("lines logged in one turn of the event loop reach sonic-boom as one string, in order", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "vitrine-log-")), "out.log");
  const sonic = pino.destination({ dest: file, sync: false, mkdir: true, ...LOG_WRITES });
  await new Promise((resolve) => sonic.once("ready", resolve));
  const given: string[] = [];
  const batch = new LineBatch({
    write: (text: string) => given.push(text) && sonic.write(text),
    flush: (callback) => sonic.flush(callback),
    flushSync: () => sonic.flushSync(),
  });
  try {
    setLogDestination(batch, "info");
    for (let i = 0; i < 60; i++) log().info({ requestId: `b${i}`, path: "/fr/checkout" }, "request");
    expect(given).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(given).toHaveLength(1);
    log().info("next turn");
    // flushLog writes what waits in the batch and in sonic-boom, then resolves.
    await flushLog();
    expect(given).toHaveLength(2);
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.requestId ?? line.msg)).toEqual([
      ...Array.from({ length: 60 }, (_, i) => `b${i}`),
      "next turn",
    ]);
  } finally {
    setLogDestination(undefined);
    sonic.end();
  }
});

test("lines logged just before the process exits are written (the batch waits for no later turn)", () => {
  const script = join(mkdtempSync(join(tmpdir(), "vitrine-log-")), "exit.ts");
  const module = JSON.stringify(resolve("src/server/observability/log.ts"));
  writeFileSync(
    script,
    `import { log } from ${module};\nlog().info("first");\nlog().info({ requestId: "r" }, "last words");\nprocess.exit(0);\n`,
  );
  const output = execFileSync(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, LOG_LEVEL: "info", LOG_FORMAT: "json" },
    encoding: "utf8",
  });
  expect(
    output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).msg),
  ).toEqual(["first", "last words"]);
});

test("an access line is the line pino writes for the same fields, character for character", () => {
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "info";
  resetEnvForTests();
  const lines: string[] = [];
  setLogDestination({ write: (line: string) => void lines.push(line) }, "info");
  try {
    const full = {
      requestId: "r-1",
      method: "GET",
      path: '/fr/search?q=_&page=2"\\\u2028é',
      route: "/[culture]/search",
      status: 200,
      ms: 1.5,
      bytes: 1234,
      cache: "miss",
      culture: "fr",
    };
    const bare = { requestId: "r-2", method: "POST", path: "/api/v1/cart", route: "other", status: 404, ms: 0 };
    for (const fields of [full, bare]) {
      logAccess(fields);
      accessLog().info(fields, "request");
    }
    expect(lines).toHaveLength(4);
    const timeless = (line: string | undefined) => line?.replace(/"time":"[^"]+"/, '"time":"T"');
    expect(timeless(lines[0])).toBe(timeless(lines[1]));
    expect(timeless(lines[2])).toBe(timeless(lines[3]));
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ ...full, level: "info", msg: "request" });
    // At a level above info, no line.
    process.env.LOG_LEVEL = "warn";
    resetEnvForTests();
    setLogDestination({ write: (line: string) => void lines.push(line) }, "warn");
    logAccess(bare);
    expect(lines).toHaveLength(4);
  } finally {
    process.env.LOG_LEVEL = level;
    resetEnvForTests();
    setLogDestination(undefined);
  }
});

test("the time field is pino's ISO time, formatted anew each millisecond", async () => {
  const field = isoTime();
  expect(field).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
  expect(Math.abs(Date.parse(field.slice(9, -1)) - Date.now())).toBeLessThan(50);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const later = isoTime();
  expect(Date.parse(later.slice(9, -1))).toBeGreaterThan(Date.parse(field.slice(9, -1)));
});
