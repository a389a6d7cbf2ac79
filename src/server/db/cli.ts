import { parseArgs } from "node:util";
import { EnvError, env } from "../config/env";
import { copyAssets } from "../storage/copy-assets";
import { parseS3Url, S3FileStore } from "../storage/s3-file-store";
import { migrateToLatest, openDatabase } from "./client";
import { CopyRefused, copyShop } from "./copy";
import { isSeeded, seedDemoShop } from "./seed/seed";

/**
 * `db:migrate`, `db:seed -- --products N --seed S`, and `db:copy -- --from data/vitrine.sqlite --to
 * postgres://...` (a SQLite shop into an empty PostgreSQL database; both are migrated first).
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === "copy") return copy(rest);
  const settings = env();
  const handle = openDatabase(settings.DATABASE_URL);
  try {
    const applied = await migrateToLatest(handle);
    console.log(applied.length ? `migrated: ${applied.join(", ")}` : "database schema is up to date");
    if (command === "seed") {
      const { values } = parseArgs({
        args: rest,
        options: { products: { type: "string" }, seed: { type: "string" } },
      });
      const products = Number(values.products ?? settings.SEED_PRODUCTS);
      const seed = Number(values.seed ?? settings.SEED);
      if (!Number.isInteger(products) || products < 1 || !Number.isInteger(seed) || seed < 0) {
        throw new EnvError("--products must be a positive whole number and --seed a whole number");
      }
      if (await isSeeded(handle)) {
        console.log(
          "the database already holds a shop; seed an empty database (delete the SQLite file, or drop the schema)",
        );
        return;
      }
      await seedDemoShop(handle, { products, seed, log: (line) => console.log(line) });
    } else if (command !== "migrate") {
      throw new EnvError(`unknown command "${command ?? ""}": use migrate or seed`);
    }
  } finally {
    await handle.db.destroy();
  }
}

async function copy(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      "assets-from": { type: "string" },
      "assets-to": { type: "string" },
    },
  });
  // The assets folder into an S3 bucket: --assets-from data/assets --assets-to s3://bucket?endpoint=...
  if (values["assets-from"] || values["assets-to"]) {
    if (!values["assets-from"] || !values["assets-to"]?.startsWith("s3://"))
      throw new EnvError("use --assets-from <folder> --assets-to s3://bucket?endpoint=...&region=...");
    await copyAssets(values["assets-from"], new S3FileStore(parseS3Url(values["assets-to"])), (line) =>
      console.log(line),
    );
    if (!values.from && !values.to) return;
  }
  if (!values.from || !values.to?.startsWith("postgres"))
    throw new EnvError("use --from <SQLite file> --to postgres://...");
  const source = openDatabase(values.from);
  const target = openDatabase(values.to);
  try {
    await migrateToLatest(source);
    await migrateToLatest(target);
    await copyShop(source, target, (line) => console.log(line));
  } finally {
    await Promise.all([source.db.destroy(), target.db.destroy()]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof CopyRefused ? error.message : error);
  process.exit(1);
});
