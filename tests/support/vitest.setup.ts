import { resolve } from "node:path";

// Tests never touch the demo database: each file opens its own (tests/support/db.ts).
process.env.NODE_ENV = "test";
process.env.DATABASE_URL = ":memory:";
// Generated product photos are shared between test files (same seed, same pictures).
process.env.ASSETS_DIR = resolve("data/test-assets");
