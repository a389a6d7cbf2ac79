/**
 * swup and the three plugins the shell uses, imported by name so that the build keeps only what they
 * use: a namespace import (`import("swup")`) kept every export, path-to-regexp's matcher (swup's
 * `matchPath`, which nothing here calls) among them. swup-start.ts loads this module after the first
 * paint; scripts/shell-chunk.mjs puts it in the swup file.
 */
import A11yPlugin from "@swup/a11y-plugin";
import HeadPlugin from "@swup/head-plugin";
import ScrollPlugin from "@swup/scroll-plugin";
import Swup from "swup";

export function createSwup(): {
  swup: Swup;
  plugins: InstanceType<typeof A11yPlugin | typeof ScrollPlugin | typeof HeadPlugin>[];
} {
  const plugins = [
    // Route announcements are set in the page's language by navigation.ts.
    new A11yPlugin(),
    // Jump to the top between pages (hidden by the fade): an animated scroll still running when the
    // shopper goes back would undo the restored position. Anchors use our 800 ms scroll.
    new ScrollPlugin({ animateScroll: { betweenPages: false, samePageWithHash: true, samePage: true } }),
    new HeadPlugin({ awaitAssets: true }),
  ];
  const swup = new Swup({ containers: ["#swup"], animationSelector: '[class*="transition-"]', cache: true });
  return { swup, plugins };
}
