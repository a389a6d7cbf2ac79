// How every browser run here starts Debian's Chromium (tests and benchmarks alike).
import { existsSync } from "node:fs";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The browser shoppers run (the bench, Lighthouse): the whole Chromium, in its headless mode. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ARGS,
};

/**
 * The browser tests: Debian's `chromium-headless-shell` where it is installed, the same engine without
 * the desktop browser around it (what Playwright's own downloads use for headless runs). Measured on the
 * whole suite on two cores: Playwright 18.2 min with the whole Chromium, 12.3 min with the shell, every
 * screenshot baseline the same. Without it, the whole Chromium.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const TEST_CHROMIUM_LAUNCH = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_LAUNCH.executablePath),
  args: ARGS,
};
