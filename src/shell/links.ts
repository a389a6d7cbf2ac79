/**
 * Spec 000 section 2: which links load by Ajax. Pure: takes what the click handler knows.
 * A link loads by Ajax unless it is external (another origin, a scheme such as mailto:, a logoff URL,
 * a file-extension URL), has the no-ajax or ajax-tab class, has target _blank, is a Bootstrap-style
 * toggle, or Ctrl (Cmd on a Mac) is held.
 */
export interface LinkFacts {
  href: string;
  classes: readonly string[];
  target: string | null;
  /** data-toggle or data-bs-toggle (collapse, tab, modal, dropdown...). */
  toggle: string | null;
  download: boolean;
  ctrlOrMeta: boolean;
}

export type LinkDecision =
  | "ajax"
  | "external"
  | "logoff"
  | "file"
  | "no-ajax-class"
  | "new-tab"
  | "toggle"
  | "modifier"
  | "download";

const LOGOFF = /\/(security\/)?(logoff|logout|signout)(\/|$|\?)/i;
/** A last path segment with an extension is a file (pdf, zip, jpg...); pages never have one. */
const FILE_EXTENSION = /\/[^/?#]+\.[a-z0-9]{1,5}$/i;

export function linkDecision(link: LinkFacts, location: { origin: string; href: string }): LinkDecision {
  if (link.ctrlOrMeta) return "modifier";
  if (link.target && link.target !== "_self") return "new-tab";
  if (link.download) return "download";
  if (link.toggle) return "toggle";
  if (link.classes.includes("no-ajax") || link.classes.includes("ajax-tab")) return "no-ajax-class";
  let url: URL;
  try {
    url = new URL(link.href, location.href);
  } catch {
    return "external";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "external";
  if (url.origin !== location.origin) return "external";
  if (LOGOFF.test(url.pathname)) return "logoff";
  if (FILE_EXTENSION.test(url.pathname)) return "file";
  return "ajax";
}

/** The facts of an anchor element and the click that followed it. */
export function linkFacts(el: Element, event?: MouseEvent | KeyboardEvent): LinkFacts {
  return {
    href: el.getAttribute("href") ?? "",
    classes: Array.from(el.classList),
    target: el.getAttribute("target"),
    toggle: el.getAttribute("data-bs-toggle") ?? el.getAttribute("data-toggle"),
    download: el.hasAttribute("download"),
    ctrlOrMeta: Boolean(event && (event.ctrlKey || event.metaKey)),
  };
}

/**
 * Homepage recognition (spec 000 section 2): the site URL plus the culture, with an optional
 * trailing slash or anchor, is the home page.
 */
export function isHomepage(url: string, siteOrigin: string, culture: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, siteOrigin);
  } catch {
    return false;
  }
  if (parsed.origin !== new URL(siteOrigin).origin || parsed.search) return false;
  return parsed.pathname === `/${culture}` || parsed.pathname === `/${culture}/`;
}
