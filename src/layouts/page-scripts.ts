/**
 * Every page's scripts, loaded after the first paint (src/shell/first-paint.ts, decision 052): the
 * features' behaviours first (they register their controllers), then the shell.
 */
import "./behaviours";
import "~/shell/main";
