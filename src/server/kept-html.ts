import { memoizePublic } from "./cache";
import { dependsOn } from "./page-cache/tags";

/** Parts kept at once (least recently used out): a list page's cards, its navigation and footer, for a few thousand pages. */
export const KEPT_PARTS = 5000;
/**
 * A longer name is rendered every time: names hold the page's address, which a visitor writes, so the
 * memory kept stays about KEPT_PARTS × (this + a part's HTML), however long the addresses sent.
 */
export const KEPT_NAME_MAX_CHARS = 1024;

/**
 * Server HTML of island-free parts of the page chrome (the navigation, the footer), rendered once per key
 * while public data keeps its version (decision 051), with `src/components/site/Kept.astro`.
 *
 * A part holding an island or a script is never kept: Astro writes an island's loader and directive
 * scripts once per page, into the first part that needs them, so a kept copy would carry them to pages
 * that have them already, or leave them out of pages that need them.
 */
const kept = memoizePublic(async (_key: string, render: { run: () => Promise<string> }) => {
  const html = await render.run();
  if (/<astro-island|<script/i.test(html)) throw new Unkept(html);
  return html;
}, KEPT_PARTS);

/** A part that must be rendered on every page: its HTML, not kept. */
class Unkept extends Error {
  constructor(readonly html: string) {
    super("not kept: the part holds an island or a script");
  }
}

/**
 * `tags`: the products whose stock and prices the part shows (decision 057): the part is rendered again
 * when one of them changes, and the page that shows it follows them too.
 */
export async function keptHtml(key: string, render: () => Promise<string>, tags: string[] = []): Promise<string> {
  if (key.length > KEPT_NAME_MAX_CHARS) return render();
  try {
    // The renderer goes in an object whose JSON is empty, so the key alone names the entry.
    return await kept(key, {
      run: () => {
        dependsOn(...tags);
        return render();
      },
    });
  } catch (error) {
    if (error instanceof Unkept) return error.html;
    throw error;
  }
}
