import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

/**
 * What a bench run prints, kept as one file per run in bench/results/ (date, time and commit in its
 * name): docs/performance.md's table cites the runs it comes from, and the history is these files.
 * `command` is how the run was started (`npm run bench --`, `npm run bench:import --`).
 */
export function recorder(command) {
  const printed = [];
  return {
    say(text) {
      console.log(text);
      printed.push(text);
    },
    write() {
      const commit =
        spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim() || "unknown";
      const stamp = new Date().toISOString().slice(0, 16).replace(":", "");
      const file = `bench/results/${stamp}-${commit}.md`;
      mkdirSync("bench/results", { recursive: true });
      writeFileSync(
        file,
        `# Bench run ${stamp} on ${commit}\n\n\`${command} ${process.argv.slice(2).join(" ")}\`${process.env.BENCH_POSTGRES_URL ? " with BENCH_POSTGRES_URL" : ""}\n\n\`\`\`text\n${printed.join("\n")}\n\`\`\`\n`,
      );
      console.log(`\nwritten: ${file}`);
      return file;
    },
  };
}
