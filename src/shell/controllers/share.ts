/** Sharing to social networks in a popup by default, or the browser's native share sheet where it exists. */
export type Network = "facebook" | "x" | "linkedin" | "whatsapp" | "pinterest" | "email";

export function shareUrl(network: Network, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "x":
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "whatsapp":
      return `https://wa.me/?text=${t}%20${u}`;
    case "pinterest":
      return `https://pinterest.com/pin/create/button/?url=${u}&description=${t}`;
    case "email":
      return `mailto:?subject=${t}&body=${u}`;
  }
}

export default function connect(element: HTMLElement): void {
  // The native share button exists only where the browser has a share sheet.
  if (element.dataset.shareNative !== undefined) element.hidden = typeof navigator.share !== "function";
  element.addEventListener("click", async (event) => {
    event.preventDefault();
    const url = element.dataset.shareUrl ?? window.location.href;
    const title = element.dataset.shareTitle ?? document.title;
    const network = (element.dataset.shareNetwork ?? "native") as Network | "native";
    if (network === "native" && typeof navigator.share === "function") {
      await navigator.share({ url, title }).catch(() => undefined);
      return;
    }
    const target = shareUrl(network === "native" ? "email" : network, url, title);
    if (target.startsWith("mailto:")) window.location.href = target;
    else window.open(target, "share", "popup,width=620,height=520,noopener");
  });
}
