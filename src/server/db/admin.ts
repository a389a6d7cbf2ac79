import { createReadStream, readFileSync, statSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { photoFolder } from "~/features/assets/asset-import.server";
import { importCatalogueCsv } from "~/features/catalog/admin/catalog-csv.server";
import { isStaffRole } from "~/features/customers/roles";
import { isScope, SCOPES } from "~/features/integration/integration";
import { audit, createApiToken } from "~/features/integration/integration.server";
import { isCulture } from "~/lib/culture";
import { PASSWORD_MAX_LENGTH, passwordProblem } from "~/lib/password";
import { EnvError, env } from "../config/env";
import { hashPassword } from "../security/password";
import { database, migrateToLatest, openDatabase } from "./client";

/**
 * `npm run admin -- create-staff --email a@b.be [--name "First Last"] [--role owner|assistant|editor] [--culture fr] [--password-file f]`
 * and `npm run admin -- reset-password --email a@b.be [--password-file f]`: the first staff account of
 * a production shop, and a new password for any account. The password comes from the terminal (not
 * echoed), from a file, or from standard input: never from the command line, where `ps` and the shell's
 * history would keep it.
 *
 * `npm run admin -- create-token --name erp --scopes catalog:write,orders:write`: a token of the
 * integration API (issue 35), printed once (only its hash is kept).
 *
 * `npm run admin -- import FILE.csv [--dry-run] [--partial] [--photos FOLDER]`: a catalogue CSV, as the integration API's
 * import reads it, with a progress bar; exits 1 when nothing was kept.
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === "create-token") return createToken(rest);
  if (command === "import") return importFile(rest);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      culture: { type: "string" },
      "password-file": { type: "string" },
      role: { type: "string" },
    },
  });
  if (command !== "create-staff" && command !== "reset-password") {
    throw new EnvError(`unknown command "${command ?? ""}": use create-staff, reset-password or create-token`);
  }
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success) throw new EnvError("--email must be an e-mail address");
  const role = values.role ?? "owner";
  if (!isStaffRole(role)) throw new EnvError("--role must be one of owner, assistant, editor");
  const culture = values.culture ?? env().DEFAULT_CULTURE;
  if (!isCulture(culture)) throw new EnvError("--culture must be one of fr, nl, es, de, it, pt");
  const password = await readPassword(values["password-file"]);
  const problem = passwordProblem(password, { email: email.data });
  if (problem) throw new EnvError(`the password is refused (${problem}); at least 10 characters, not the address`);

  const handle = openDatabase(env().DATABASE_URL);
  try {
    await migrateToLatest(handle);
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(password);
    const existing = await handle.db
      .selectFrom("customers")
      .select(["id", "role"])
      .where("email", "=", email.data)
      .executeTakeFirst();
    if (command === "reset-password") {
      if (!existing) throw new EnvError(`no account ${email.data}`);
      await handle.db
        .updateTable("customers")
        .set({ password_hash: passwordHash })
        .where("id", "=", existing.id)
        .execute();
      console.log(`new password set for ${email.data}`);
      return;
    }
    if (existing) throw new EnvError(`${email.data} already has an account (use reset-password)`);
    const [first, ...last] = (values.name ?? "Staff").trim().split(/\s+/);
    await handle.db
      .insertInto("customers")
      .values({
        email: email.data,
        password_hash: passwordHash,
        first_name: (first ?? "Staff").slice(0, 80),
        last_name: last.join(" ").slice(0, 80) || "-",
        culture,
        is_business: 0,
        role,
        created_at: now,
        email_verified_at: now,
      } as never)
      .execute();
    console.log(
      `staff account ${email.data} created (${role})${role === "owner" ? "; the staff pages ask its owner to turn on two-factor sign-in first" : ""}`,
    );
  } finally {
    await handle.db.destroy();
  }
}

async function createToken(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { name: { type: "string" }, scopes: { type: "string" } } });
  const name = values.name?.trim() ?? "";
  if (!/^[\w .-]{2,60}$/.test(name)) throw new EnvError("--name: 2 to 60 letters, digits, spaces, dots or dashes");
  const scopes = (values.scopes ?? "").split(",").map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (!values.scopes || unknown.length)
    throw new EnvError(
      `--scopes: a comma-separated list of ${SCOPES.join(", ")}${unknown.length ? ` (not ${unknown.join(", ")})` : ""}`,
    );
  await migrateToLatest(database());
  try {
    const created = await createApiToken(name, scopes.filter(isScope), "cli");
    console.log(`token ${created.id} "${name}" (${scopes.join(", ")}); shown once, keep it now:`);
    console.log(created.token);
  } finally {
    await database().db.destroy();
  }
}

async function importFile(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" }, partial: { type: "boolean" }, photos: { type: "string" } },
  });
  const file = positionals[0];
  if (!file) throw new EnvError("import: name the CSV file (npm run admin -- import catalogue.csv)");
  const size = statSync(file).size;
  await migrateToLatest(database());
  const started = Date.now();
  const rssBefore = process.memoryUsage().rss;
  let read = 0;
  const bar = (rows: number) => {
    if (!process.stderr.isTTY && rows % 5000 !== 0) return;
    const share = size === 0 ? 1 : Math.min(1, read / size);
    const filled = Math.round(share * 30);
    const seconds = (Date.now() - started) / 1000;
    process.stderr.write(
      `${process.stderr.isTTY ? "\r" : ""}[${"#".repeat(filled)}${" ".repeat(30 - filled)}] ${Math.round(share * 100)} % · ${rows} rows · ${Math.round(rows / Math.max(seconds, 0.001))} rows/s${process.stderr.isTTY ? "" : "\n"}`,
    );
  };
  async function* counted() {
    for await (const chunk of createReadStream(file as string, { highWaterMark: 256 * 1024 })) {
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  try {
    const report = await importCatalogueCsv(counted(), {
      dryRun: values["dry-run"] ?? false,
      partial: values.partial ?? false,
      culture: env().DEFAULT_CULTURE,
      maxBytes: Number.MAX_SAFE_INTEGER,
      onProgress: bar,
      // --photos <folder>: the `images` column may name the folder's files.
      photos: values.photos ? photoFolder(values.photos) : undefined,
      onApplied: (trx, r) => audit("cli", "catalog.import", "catalog", { ...r, Errors: r.Errors.slice(0, 20) }, trx),
    });
    if (process.stderr.isTTY) process.stderr.write("\n");
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const peak = process.resourceUsage().maxRSS * 1024;
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    console.log(
      `${report.Rows} rows in ${seconds} s (peak memory ${mb(peak)} MB, ${mb(peak - rssBefore)} MB more than before): ${report.Created} created, ${report.Updated} updated, ${report.Unchanged} unchanged, ${report.ErrorCount} errors; ${report.Applied ? "applied" : report.DryRun ? "dry run, nothing kept" : "nothing kept"}`,
    );
    for (const error of report.Errors.slice(0, 50))
      console.log(`  row ${error.Row}${error.Column ? `, ${error.Column}` : ""}: ${error.Message}`);
    if (!report.Applied && !report.DryRun) process.exitCode = 1;
  } finally {
    await database().db.destroy();
  }
}

/** The password: from --password-file, else asked on the terminal without echo, else read from stdin. */
async function readPassword(file: string | undefined): Promise<string> {
  if (file) {
    const password = readFileSync(file, "utf8")
      .replace(/\r?\n$/, "")
      .slice(0, PASSWORD_MAX_LENGTH + 1);
    // The password typed twice, as the terminal asks it, would be one password of two lines: no sign-in matches it.
    if (/[\r\n]/.test(password)) throw new EnvError("--password-file: the password alone, on one line");
    return password;
  }
  const input = process.stdin;
  if (!input.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input, output: process.stdout, terminal: true });
      // Nothing typed is echoed: only the question is written.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (text: string) => {
        if (text.includes(question)) process.stdout.write(question);
      };
      rl.question(question, (answer) => {
        rl.close();
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  const first = await ask("Password: ");
  const again = await ask("Again: ");
  if (first !== again) throw new EnvError("the two passwords differ");
  return first;
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
