/** The element a same-page anchor (`#id`, or an `<a name>`) points to, or null. */
export function findAnchorTarget(hash: string): Element | null {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return null;
  return document.getElementById(id) ?? document.querySelector(`a[name="${CSS.escape(id)}"]`);
}
