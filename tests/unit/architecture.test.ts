import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const browserSide = files("src").filter(
  (f) =>
    (/\.(client|store|controller|controllers|browser)\.ts$|\.tsx$/.test(f) ||
      f.startsWith(join("src", "shell")) ||
      f === join("src", "layouts", "behaviours.ts")) &&
    !f.endsWith(".test.ts"),
);

describe("dependency rule (DESIGN.md section 4)", () => {
  it("finds browser-side modules to check", () => {
    expect(browserSide.length).toBeGreaterThan(2);
  });
  it.each(browserSide)("%s imports nothing server-only", (file) => {
    const imports = [...readFileSync(file, "utf8").matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1] as string);
    const serverOnly = imports.filter((i) => /\.server$|\.repository$|\/server\/|^node:|\.routes$/.test(i));
    expect(serverOnly).toEqual([]);
  });
});

describe("one definition per endpoint (DESIGN.md section 5)", () => {
  it.each(browserSide)("%s writes no API URL of its own (endpoint keys and shell/api.ts build them)", (file) => {
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(code).not.toMatch(/["'`]\/api\/v1/);
  });

  it("has no route file, no document() call and no Hono route outside the API kernel", () => {
    const offenders = sources().filter((file) => {
      if (file === join("src", "server", "api.ts")) return false;
      const code = readFileSync(file, "utf8");
      return /\.routes\.ts$/.test(file) || /\bdocument\(\{/.test(code) || /new Hono\b/.test(code);
    });
    expect(offenders).toEqual([]);
  });
});

/** Relative modules a file imports at run time (type-only imports are erased). */
/** Where an import specifier points: `~/` is src/ (the alias of kernel and cross-feature imports). */
function resolveSpec(file: string, spec: string): string {
  return spec.startsWith("~/") ? join("src", spec.slice(2)) : join(file, "..", spec);
}

function runtimeImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [
    ...source.matchAll(
      /import\s+(?!type\b)[^;]*?from\s+["'](\.[^"']+|~\/[^"']+)["']|import\(\s*["'](\.[^"']+|~\/[^"']+)["']\s*\)/g,
    ),
  ]
    .map((m) => (m[1] ?? m[2]) as string)
    .map((spec) => {
      const base = resolveSpec(file, spec);
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
        if (candidate.match(/\.tsx?$/) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
      return "";
    })
    .filter(Boolean);
}

describe("browser bundles stay small", () => {
  // zod is 25 KB gzip: schemas live in isomorphic modules the server uses; the browser imports constants.
  it.each(browserSide)("%s reaches no zod schema module", (file) => {
    const seen = new Set<string>();
    const queue = [file];
    const offenders: string[] = [];
    while (queue.length) {
      const next = queue.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      const source = readFileSync(next, "utf8");
      if (/^import\s+(?!type\b)[^;]*from\s+["']zod["']/m.test(source)) offenders.push(next);
      queue.push(...runtimeImports(next));
    }
    expect(offenders).toEqual([]);
  });
});

/**
 * Files the rule tests pretend are in the tree (path -> text): a deliberately wrong import is checked
 * without writing anything under src/.
 */
type Probes = ReadonlyMap<string, string>;

/** Every module a file imports from this repository (type-only imports too: they are dependencies). */
function importsOf(file: string, probes: Probes = new Map()): string[] {
  const source = probes.get(file) ?? readFileSync(file, "utf8");
  return [...source.matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+|~\/[^"']+)["']/g)]
    .map((m) => resolveSpec(file, m[1] as string))
    .map((base) => {
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
        if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
      return base;
    });
}

const sources = () => files("src").filter((f) => /\.(ts|tsx|astro)$/.test(f) && !/\.test\.ts$/.test(f));
const featureOf = (file: string) => /^src[\\/]features[\\/]([^\\/]+)/.exec(file)?.[1] ?? null;
const isomorphic = (file: string) =>
  /^src[\\/]features[\\/][^\\/]+[\\/][^\\/.]+\.ts$/.test(file) || file.startsWith(join("src", "lib"));

/**
 * The rules of DESIGN.md section 4, as "from -> to" lines: a repository is private to its feature; the
 * shell knows no feature; isomorphic code (lib/, a feature's <domain>.ts) does not import the shell; the
 * features' dependencies have no cycle.
 */
function violations(probes: Probes = new Map()): string[] {
  const found = new Set<string>();
  const edges = new Map<string, Set<string>>();
  for (const file of [...sources(), ...probes.keys()]) {
    const from = featureOf(file);
    for (const target of importsOf(file, probes)) {
      const to = featureOf(target);
      if (to && from !== to && /\.repository(\.ts)?$/.test(target)) found.add(`repository: ${file} -> ${target}`);
      if (file.startsWith(join("src", "shell")) && to) found.add(`shell knows a feature: ${file} -> ${target}`);
      if (isomorphic(file) && target.startsWith(join("src", "shell")))
        found.add(`isomorphic imports shell: ${file} -> ${target}`);
      if (file.startsWith(join("src", "lib")) && (to || target.startsWith(join("src", "server"))))
        found.add(`lib knows a feature or the server: ${file} -> ${target}`);
      if (from && to && from !== to) {
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)?.add(to);
      }
    }
  }
  const reaches = (start: string, goal: string) => {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length) {
      const next = queue.pop() as string;
      if (next === goal) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(edges.get(next) ?? []));
    }
    return false;
  };
  for (const [from, targets] of edges)
    for (const to of targets) if (reaches(to, from)) found.add(`feature cycle: ${from} -> ${to}`);
  return [...found].map((line) => line.replaceAll("\\", "/")).sort();
}

describe("feature boundaries (DESIGN.md section 4)", () => {
  it("has no breach: no feature cycle, no other feature's repository, the shell and lib/ know no feature", () => {
    expect(violations()).toEqual([]);
  });

  it("sees a deliberately wrong import", () => {
    // A shell module reaching into a feature's repository breaks two rules at once.
    const probe = join("src", "shell", "architecture-probe.ts");
    const found = violations(
      new Map([
        [probe, 'import { findCartId } from "../features/cart/cart.repository";\nexport const probe = findCartId;\n'],
      ]),
    );
    expect(found).toContain("repository: src/shell/architecture-probe.ts -> src/features/cart/cart.repository.ts");
    expect(found).toContain(
      "shell knows a feature: src/shell/architecture-probe.ts -> src/features/cart/cart.repository.ts",
    );
  });

  it("sees a dependency going back (the catalogue importing the cart) and lib/ importing a feature", () => {
    const back = join("src", "features", "catalog", "architecture-probe.ts");
    const lib = join("src", "lib", "architecture-probe.ts");
    const found = violations(
      new Map([
        [back, 'export { CART_FORMS } from "../cart/cart.forms";\n'],
        [lib, 'export { DEFAULT_SHIPPING_COUNTRY } from "../features/pricing/pricing.constants";\n'],
      ]),
    );
    expect(found).toContain("feature cycle: catalog -> cart");
    expect(found).toContain("feature cycle: cart -> catalog");
    expect(found).toContain(
      "lib knows a feature or the server: src/lib/architecture-probe.ts -> src/features/pricing/pricing.constants.ts",
    );
  });
});

/** Each table's owner, read from the features' `<domain>.tables.ts` (the kernel's tables have none). */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files(join("src", "features")).filter((f) => f.endsWith(".tables.ts"))) {
    const feature = featureOf(file) as string;
    for (const match of readFileSync(file, "utf8").matchAll(/^ {2}([a-z_]+): /gm))
      owners.set(match[1] as string, feature);
  }
  return owners;
}

/**
 * Writes to a table another feature owns, as "file -> table (owner)": such a write goes through the
 * owner's service. Seeds (the demo shop's rows) may write anything.
 */
function foreignWrites(probes: Probes = new Map()): string[] {
  const owners = tableOwners();
  const found: string[] = [];
  for (const file of [...sources(), ...probes.keys()]) {
    const feature = featureOf(file);
    if (!feature || file.endsWith(".seed.ts")) continue;
    const source = probes.get(file) ?? readFileSync(file, "utf8");
    for (const match of source.matchAll(/\b(?:insertInto|updateTable|deleteFrom)\(\s*"([a-z_]+)/g)) {
      const owner = owners.get(match[1] as string);
      if (owner && owner !== feature) found.push(`${file} -> ${match[1]} (${owner})`);
    }
  }
  return found;
}

describe("tables owned by their feature (issue 30)", () => {
  it("declares every table once, in its feature's <domain>.tables.ts", () => {
    const owners = tableOwners();
    expect(owners.size).toBeGreaterThan(60);
    expect(owners.get("stock")).toBe("catalog");
    expect(owners.get("orders")).toBe("orders");
  });

  it("has no feature writing another feature's table", () => {
    expect(foreignWrites()).toEqual([]);
  });

  it("sees a deliberately wrong write: the orders repository taking stock itself", () => {
    const probe = join("src", "features", "orders", "architecture-probe.ts");
    const found = foreignWrites(
      new Map([[probe, 'export const take = (trx) => trx.updateTable("stock").set({ quantity: 0 }).execute();\n']]),
    );
    expect(found).toEqual([`${probe} -> stock (catalog)`]);
  });
});
