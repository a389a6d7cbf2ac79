/**
 * swup's plugins check the swup version they require when they are mounted, with
 * `String.prototype.localeCompare(..., { numeric: true })`: the page's first collator, whose ICU data
 * costs 16 ms on this machine's unthrottled browser (64 ms on Lighthouse's phone), in the task that
 * starts the shell. This checks the same requirement (`{ swup: ">=4.6" }`, the operators `>`, `>=`, `<`,
 * `<=` or none for equality, on up to three numeric parts) without Intl; swup-start.ts then hands
 * the plugins over with nothing left to check.
 */
type Requirements = Record<string, string | string[]>;

function parts(version: string): number[] {
  const numbers = version.split(".").map((part) => Number.parseInt(part || "0", 10) || 0);
  return [...numbers, 0, 0].slice(0, 3);
}

function compare(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** Whether `version` meets every condition (">=4.6", "<5"...). */
export function satisfies(version: string, conditions: readonly string[]): boolean {
  return conditions.every((condition) => {
    const [, operator = "", wanted = ""] = /^([<>]=?)?(.*)$/.exec(condition.trim()) ?? [];
    const order = compare(version, wanted);
    if (operator === ">") return order > 0;
    if (operator === ">=") return order >= 0;
    if (operator === "<") return order < 0;
    if (operator === "<=") return order <= 0;
    return order === 0;
  });
}

/**
 * Checks each plugin's requirement on swup's version (the only one ours have), throws as swup would on a
 * mismatch, and clears it so swup does not check it again.
 */
export function checkPluginVersions(
  swupVersion: string,
  plugins: readonly { name: string; requires?: Requirements }[],
): void {
  for (const plugin of plugins) {
    for (const [name, wanted] of Object.entries(plugin.requires ?? {})) {
      const conditions = Array.isArray(wanted) ? wanted : [wanted];
      if (name !== "swup" || !satisfies(swupVersion, conditions))
        throw new Error(`Plugin version mismatch: ${plugin.name} requires ${name} ${conditions.join(", ")}`);
    }
    plugin.requires = {};
  }
}
