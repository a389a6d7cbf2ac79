import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { checkedName, type FileStore } from "./file-store";

/**
 * Copies a local assets folder (ASSETS_DIR) into another file store (the S3 bucket of ASSETS_S3_URL):
 * every stored file under its own name, then each one's size compared. Files whose names the server
 * never writes (a `.part` left by a crash, a stray file) are skipped and counted.
 */
export async function copyAssets(
  dir: string,
  target: FileStore,
  progress: (line: string) => void = () => {},
): Promise<{ copied: number; skipped: string[]; bytes: number }> {
  const files: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push(relative(dir, path).split(sep).join("/"));
    }
  };
  await walk(dir);
  const skipped: string[] = [];
  let copied = 0;
  let bytes = 0;
  for (const name of files.sort()) {
    try {
      checkedName(name);
    } catch {
      skipped.push(name);
      continue;
    }
    const size = (await stat(join(dir, name))).size;
    await target.write(name, createReadStream(join(dir, name)));
    const stored = await target.size(name);
    if (stored !== size) throw new Error(`${name}: ${size} bytes here, ${stored} in the target`);
    copied += 1;
    bytes += size;
    if (copied % 200 === 0) progress(`${copied} of ${files.length} files`);
  }
  progress(
    `copied ${copied} files (${bytes} bytes); skipped ${skipped.length}${skipped.length ? `: ${skipped.join(", ")}` : ""}`,
  );
  return { copied, skipped, bytes };
}
