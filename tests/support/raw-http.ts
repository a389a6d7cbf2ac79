import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request from a chosen loopback source address (127.0.0.2, 127.0.0.3, ...: Linux routes all of
 * 127/8 to this machine), so a browser test can play several clients, with whatever headers an attacker
 * would send.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? "GET",
        headers: {
          ...(options.body ? { "Content-Length": String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        localAddress: options.from,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * A loopback address of its own (127.x.y.z, all of which reach the server on Linux): the server counts
 * attempts per address, so a test that spends an address's attempts never shares it with another test
 * or with its own repeat.
 */
export function freshLoopback(): string {
  const byte = () => 2 + Math.floor(Math.random() * 250);
  return `127.${byte()}.${byte()}.${byte()}`;
}
