import pino, { type DestinationStream, type Logger } from "pino";
import PinoPretty from "pino-pretty";
import { env } from "../config/env";

/**
 * The server's logger (pino): one JSON line per event on stdout, or readable lines with
 * LOG_FORMAT=pretty. Nothing personal leaves in a line: fields named like a secret are replaced, and
 * every text has its e-mail addresses masked and its card-like numbers removed (`scrub`).
 */
const SECRET_FIELDS = [
  "password",
  "Password",
  "NewPassword",
  "token",
  "Token",
  "code",
  "Code2fa",
  "authorization",
  "cookie",
  "sessionId",
  "session",
  "card",
  "CardNumber",
  "cardNumber",
  "cvc",
  "Cvc",
];

/** Fields whose text is ours and never personal (an id could look like a card number by chance). */
const SAFE_FIELDS = new Set(["requestId", "route", "method", "culture", "cache", "level", "time", "sweeper", "task"]);

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const CARD_LIKE = /\b\d(?:[ -]?\d){11,18}\b/g;
const BEARER = /(bearer\s+)[\w.~+/=-]+/gi;

/** A text as it may be logged: e-mail addresses masked (m***@example.org), card-like numbers and bearer tokens removed. */
export function scrub(text: string): string {
  return text.replace(CARD_LIKE, "[number]").replace(EMAIL, "$1***@$2").replace(BEARER, "$1[redacted]");
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  // As pino's error serializer writes them (the message and stack with their causes'), scrubbed. Not
  // the error's other fields: a driver's `detail` can quote the row it refused (a key, an address).
  if (value instanceof Error) {
    const { type, message, stack } = pino.stdSerializers.err(value);
    const code: unknown = Reflect.get(value, "code");
    const fields = { type, message: scrub(message), stack: scrub(stack) };
    // An error's own code names its kind (SQLITE_ERROR, ECONNREFUSED, PostgreSQL's 57P01), not a secret.
    return typeof code === "string" || typeof code === "number" ? { ...fields, code } : fields;
  }
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_FIELDS.includes(key) ? "[redacted]" : SAFE_FIELDS.has(key) ? item : scrubValue(item, depth + 1),
    ]),
  );
}

/**
 * JSON lines go out in writes of at least 4 KB, or 250 ms after the first one waiting (sonic-boom's
 * `minLength` and `periodicFlush`, pino's asynchronous logging): a write per line cost 3–4 % of a page
 * rendered for one shopper (the access log's line per request). pino writes what waits when the process
 * exits; a process killed outright loses at most the last 250 ms of lines.
 */
export const LOG_WRITES = { minLength: 4096, periodicFlush: 250 } as const;

/** What `LineBatch` writes to: sonic-boom, as `pino.destination` makes it. */
interface BatchTarget {
  write(text: string): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/** Every batch made in this process (one, but tests make others): one exit listener for all. */
const BATCHES = new Set<LineBatch>();

function writeBatchesAtExit(): void {
  for (const batch of BATCHES) batch.writeAtExit();
}

/**
 * The lines logged in one turn of the event loop, given to sonic-boom as one string. sonic-boom measures
 * the text it appends to at every write (`Buffer.byteLength` of its last buffer, which joins the pieces
 * of a string built by `+=`): with a write per line, up to 4 KB were measured again for every access log
 * line, 5 % of a cached page's answer under load. Lines are not held past the turn: pino's own exit
 * handler, then this batch's, write what waits when the process exits.
 */
export class LineBatch implements DestinationStream {
  private lines: string[] = [];
  private scheduled = false;

  constructor(private readonly target: BatchTarget) {
    if (BATCHES.size === 0) process.once("exit", writeBatchesAtExit);
    BATCHES.add(this);
  }

  /** At exit, after pino's own handler: what waits here, written at once. */
  writeAtExit(): void {
    this.drain();
    try {
      this.target.flushSync();
    } catch {
      // Ended or never opened: nothing more can be written.
    }
  }

  write(line: string): void {
    this.lines.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.drain);
  }

  private readonly drain = (): void => {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? (this.lines[0] as string) : this.lines.join("");
    this.lines = [];
    try {
      this.target.write(text);
    } catch {
      // sonic-boom ended (pino ends it when the loop empties): the lines are lost, the process goes on.
    }
  };

  /** What waits here and in sonic-boom is written; `callback` once it is (pino's `logger.flush`). */
  flush(callback?: (error?: Error) => void): void {
    this.drain();
    // sonic-boom calls back once the write in progress ends, even with more text waiting behind it:
    // a second flush writes that text.
    this.target.flush((error) => (error ? callback?.(error) : this.target.flush(callback)));
  }
}

function defaultDestination(): DestinationStream {
  const format = env().LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json");
  return format === "pretty"
    ? PinoPretty({ colorize: true, sync: true })
    : new LineBatch(pino.destination({ sync: false, ...LOG_WRITES }));
}

let isoMillisecond = Number.NaN;
let isoField = "";

/** pino's `isoTime`, formatted once per millisecond: at peak the access log writes a dozen lines in one. */
export function isoTime(): string {
  const now = Date.now();
  if (now !== isoMillisecond) {
    isoMillisecond = now;
    isoField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return isoField;
}

const BASE_OPTIONS = {
  base: { pid: process.pid },
  timestamp: isoTime,
};

/** A logger writing to `destination` (stdout by default) at LOG_LEVEL, in LOG_FORMAT, every line scrubbed. */
export function createLogger(destination?: DestinationStream, level?: string): Logger {
  return pino(
    {
      ...BASE_OPTIONS,
      level: level ?? env().LOG_LEVEL,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => scrubValue(object) as Record<string, unknown>,
      },
      // The formatter above has serialized every error, under any key: pino's `err` serializer, which
      // runs after it, would take the plain object it left for an error of type "Object".
      serializers: { err: (value: unknown) => value },
      hooks: {
        logMethod(args, method) {
          // An error alone: pino would write its message, unscrubbed, as the line's `msg`.
          const [first] = args as unknown[];
          const given = first instanceof Error && args.length === 1 ? [{ err: first }, first.message] : args;
          method.apply(
            this,
            given.map((arg) => (typeof arg === "string" ? scrub(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination ?? defaultDestination(),
  );
}

// On globalThis: the production server's bundle and Astro's each have a copy of this module; one logger.
const shared = globalThis as {
  vitrineLogger?: Logger;
  vitrineAccessLog?: Logger;
  vitrineLogDestination?: DestinationStream;
};

function destination(): DestinationStream {
  shared.vitrineLogDestination ??= defaultDestination();
  return shared.vitrineLogDestination;
}

/** The process's logger. */
export function log(): Logger {
  shared.vitrineLogger ??= createLogger(destination());
  return shared.vitrineLogger;
}

/**
 * The access log: one line per request, made only of fields the server wrote itself (the path's query
 * values already replaced), so it skips the scrubbing every other line goes through: it is the one line
 * written thousands of times a second.
 */
export function accessLog(): Logger {
  shared.vitrineAccessLog ??= pino(
    { ...BASE_OPTIONS, level: env().LOG_LEVEL, formatters: { level: (label) => ({ level: label }) } },
    destination(),
  );
  return shared.vitrineAccessLog;
}

/** The fields of an access log line, in the order they are written. */
export interface AccessFields {
  requestId: string;
  method: string;
  path: string;
  route: string;
  status: number;
  ms: number;
  bytes?: number;
  cache?: string;
  culture?: string;
}

/**
 * One access log line, as `accessLog().info(fields, "request")` writes it (the same keys in the same
 * order, through the same destination), formatted here: pino's generic serializer was about 4 % of a
 * cached page's answer under load, and this line is written for every request.
 */
export function logAccess(fields: AccessFields): void {
  if (!accessLog().isLevelEnabled("info")) return;
  let line = `{"level":"info"${isoTime()},"pid":${process.pid},"requestId":${JSON.stringify(fields.requestId)}`;
  line += `,"method":${JSON.stringify(fields.method)},"path":${JSON.stringify(fields.path)}`;
  line += `,"route":${JSON.stringify(fields.route)},"status":${fields.status},"ms":${fields.ms}`;
  if (fields.bytes !== undefined) line += `,"bytes":${fields.bytes}`;
  if (fields.cache !== undefined) line += `,"cache":${JSON.stringify(fields.cache)}`;
  if (fields.culture !== undefined) line += `,"culture":${JSON.stringify(fields.culture)}`;
  destination().write(`${line},"msg":"request"}\n`);
}

/** Tests: log into this stream, at this level, instead (undefined: back to stdout at LOG_LEVEL). */
export function setLogDestination(stream: DestinationStream | undefined, level = "trace"): void {
  shared.vitrineLogDestination = stream;
  shared.vitrineLogger = stream ? createLogger(stream, level) : undefined;
  shared.vitrineAccessLog = undefined;
}

/**
 * Writes what is buffered and resolves once it is written (before the process exits: an exit while the
 * last batch is still being written could lose it), or after a second if standard output is stuck.
 */
export function flushLog(): Promise<void> {
  const logger = shared.vitrineLogger ?? shared.vitrineAccessLog;
  if (!logger) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    timer.unref();
    logger.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
