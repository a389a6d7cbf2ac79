/**
 * The environment of a bench's production server on 127.0.0.1:`port` (`extra` adds or overrides).
 * Every bench request comes from 127.0.0.1, most without a cookie: the per-address limits would answer
 * 429 and the figures would measure refusals.
 */
export function benchServerEnv(port, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    SESSIONS_PER_IP_PER_HOUR: "1000000",
    ...extra,
  };
}
