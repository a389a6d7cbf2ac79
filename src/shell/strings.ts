/** The few shopper strings the shell needs in the browser, rendered by the server into #shell-strings. */
export interface ShellStrings {
  unknownError: string;
  close: string;
  copied: string;
  confirm: string;
  loginTitle: string;
  announceVisit: string;
  announceUrl: string;
}

let cached: ShellStrings | undefined;

export function shellStrings(): ShellStrings {
  if (!cached) {
    const node = document.getElementById("shell-strings");
    try {
      cached = JSON.parse(node?.textContent ?? "{}") as ShellStrings;
    } catch {
      cached = {} as ShellStrings;
    }
  }
  // A missing string shows its key, as the spec asks for missing resources.
  return new Proxy(cached, { get: (target, key: string) => target[key as keyof ShellStrings] ?? key });
}
