/**
 * The staff import page with JavaScript (issue 35): the file is sent by XMLHttpRequest so the page shows
 * its upload's progress, then an indeterminate bar while the rows are applied, and the report from the
 * page the server answers, in place. Without JavaScript (or if the request fails) the form posts as is.
 */
export default function connect(element: HTMLElement): void {
  const form = element as HTMLFormElement;
  form.addEventListener("submit", (event) => {
    if (event.defaultPrevented || !form.checkValidity()) return;
    event.preventDefault();
    const progress = form.querySelector<HTMLProgressElement>("[data-import-progress]");
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const finish = () => {
      if (progress) progress.hidden = true;
      if (button) button.disabled = false;
      form.removeAttribute("aria-busy");
    };
    if (progress) {
      progress.hidden = false;
      progress.value = 0;
    }
    if (button) button.disabled = true;
    form.setAttribute("aria-busy", "true");
    const request = new XMLHttpRequest();
    request.open("POST", form.action || window.location.href);
    request.responseType = "document";
    request.upload.addEventListener("progress", (e) => {
      if (progress && e.lengthComputable) progress.value = Math.round((e.loaded / e.total) * 100);
    });
    // Sent: the server now reads and applies the rows; the bar has no end it can know.
    request.upload.addEventListener("load", () => progress?.removeAttribute("value"));
    request.addEventListener("load", () => {
      finish();
      const fresh = (request.response as Document | null)?.querySelector("[data-import-report]");
      const current = document.querySelector("[data-import-report]");
      if (fresh && current) current.replaceWith(document.importNode(fresh, true));
      else form.submit();
    });
    request.addEventListener("error", () => {
      finish();
      form.submit();
    });
    request.send(new FormData(form));
  });
}
