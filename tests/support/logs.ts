import { setLogDestination } from "../../src/server/observability/log";

/** The server's log lines written while capturing, parsed (pino's JSON lines), for a test to read. */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  setLogDestination({
    write(line: string) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  return {
    lines,
    messages: () => lines.map((line) => String(line.msg ?? "")),
    stop: () => setLogDestination(undefined),
  };
}
