import { loadIntoTarget } from "~/shell/fragments";
import { trackFolderChange } from "~/shell/tag-manager";

const TARGET = '[data-update-target="asset-folder"]';

/**
 * The folder tree (spec 000): nodes open and close; choosing a folder loads its `assetsbyfolder/`
 * fragment into the element marked for update, puts the folder's address in the address bar and pushes
 * `changeFolder` to the dataLayer. Without JavaScript the links open the library at that folder.
 */
export default function connect(tree: HTMLElement): void {
  const rootFolderId = tree.dataset.rootFolderId ?? "";
  const gone = new AbortController();
  tree.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const toggle = target?.closest<HTMLButtonElement>("[data-folder-toggle]");
      if (toggle) {
        const node = toggle.closest<HTMLElement>("li[data-open]");
        const open = node?.dataset.open !== "true";
        if (node) node.dataset.open = String(open);
        toggle.setAttribute("aria-expanded", String(open));
        return;
      }
      const link = target?.closest<HTMLAnchorElement>("a[data-folder-link]");
      if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey)
        return;
      event.preventDefault();
      void choose(link);
    },
    { signal: gone.signal },
  );
  document.addEventListener("page:leave", () => gone.abort(), { once: true, signal: gone.signal });

  async function choose(link: HTMLAnchorElement): Promise<void> {
    // A failure was said as every request's is (login, error dialog); the tree stays as it was.
    if (!(await loadIntoTarget(new URL(link.dataset.fragment ?? "", window.location.href), "GET", undefined, TARGET)))
      return;
    for (const current of tree.querySelectorAll("[aria-current]")) current.removeAttribute("aria-current");
    link.setAttribute("aria-current", "page");
    window.history.pushState(window.history.state, "", link.href);
    trackFolderChange(rootFolderId, link.dataset.folderId ?? "");
  }
}
