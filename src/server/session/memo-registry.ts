import type { PersonalMemo } from "./personal-memo";

/** The production server makes the memo; the API in Astro's bundle keeps answers in it (as the page cache). */
const shared = globalThis as { vitrinePersonalMemo?: PersonalMemo };

export function registerPersonalMemo(memo: PersonalMemo | undefined): void {
  shared.vitrinePersonalMemo = memo;
}

export function registeredPersonalMemo(): PersonalMemo | undefined {
  return shared.vitrinePersonalMemo;
}
