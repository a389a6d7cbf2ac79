/**
 * Shows the generic error dialog. The dialog code loads only when an error happens; if even that
 * fails (the network is gone), the browser's own alert says the same.
 */
export function showError(): void {
  import("./dialog")
    .then(({ showErrorDialog }) => showErrorDialog())
    .catch(() => {
      const strings = document.getElementById("shell-strings")?.textContent ?? "{}";
      window.alert((JSON.parse(strings) as { unknownError?: string }).unknownError ?? "Error");
    });
}
