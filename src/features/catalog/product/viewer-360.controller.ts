/**
 * 360-degree viewer (spec 001 sections 2 and 9): modes slider (a range input), drag (pointer or arrow
 * keys) and auto (turns every `data-interval` ms, 100 by default, until the shopper drags, pauses or
 * prefers reduced motion). Frames are preloaded before the viewer becomes interactive.
 */
const PIXELS_PER_FRAME = 12;

export default async function connect(figure: HTMLElement): Promise<void> {
  const image = figure.querySelector("img");
  if (!image) return;
  const frames = JSON.parse(figure.dataset.frames ?? "[]") as string[];
  if (frames.length < 2) return;
  const mode = figure.dataset.mode ?? "auto";
  const interval = Number(figure.dataset.interval) || 100;
  await Promise.all(
    frames.map(
      (src) =>
        new Promise<void>((resolve) => {
          const preload = new Image();
          preload.onload = preload.onerror = () => resolve();
          preload.src = src;
        }),
    ),
  );

  let current = 0;
  const stage = document.createElement("div");
  stage.className = "viewer-360__stage";
  image.replaceWith(stage);
  stage.append(image);

  const show = (frame: number) => {
    current = ((frame % frames.length) + frames.length) % frames.length;
    image.src = frames[current] as string;
    figure.dataset.frame = String(current);
    range.value = String(current);
    if (stage.getAttribute("role") === "slider") stage.setAttribute("aria-valuenow", String(current + 1));
  };

  const range = Object.assign(document.createElement("input"), {
    type: "range",
    min: "0",
    max: String(frames.length - 1),
    step: "1",
    value: "0",
    className: "viewer-360__range",
  });
  range.setAttribute("aria-label", figure.dataset.labelAngle ?? "");
  range.addEventListener("input", () => show(Number(range.value)));
  if (mode === "slider") {
    figure.append(range);
    show(0);
    return;
  }

  // Drag (and the keyboard equivalent) for drag and auto modes.
  stage.tabIndex = 0;
  stage.setAttribute("role", "slider");
  stage.setAttribute("aria-label", figure.dataset.labelAngle ?? "");
  stage.setAttribute("aria-valuemin", "1");
  stage.setAttribute("aria-valuemax", String(frames.length));
  let timer: ReturnType<typeof setInterval> | undefined;
  let toggle: HTMLButtonElement | undefined;
  let dragFrom: { x: number; frame: number } | null = null;
  stage.addEventListener("pointerdown", (event) => {
    stop();
    dragFrom = { x: event.clientX, frame: current };
    stage.setPointerCapture(event.pointerId);
  });
  stage.addEventListener("pointermove", (event) => {
    if (dragFrom) show(dragFrom.frame - Math.round((event.clientX - dragFrom.x) / PIXELS_PER_FRAME));
  });
  const release = () => {
    dragFrom = null;
  };
  stage.addEventListener("pointerup", release);
  stage.addEventListener("pointercancel", release);
  stage.addEventListener("keydown", (event) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    stop();
    show(current + step);
  });
  function label() {
    if (!toggle) return;
    toggle.textContent = timer ? (figure.dataset.labelPause ?? "") : (figure.dataset.labelPlay ?? "");
    toggle.setAttribute("aria-pressed", String(Boolean(timer)));
  }
  function stop() {
    clearInterval(timer);
    timer = undefined;
    delete figure.dataset.rotating;
    label();
  }
  show(0);
  if (mode !== "auto") return;

  const button = Object.assign(document.createElement("button"), { type: "button", className: "viewer-360__toggle" });
  toggle = button;
  const start = () => {
    if (timer) return;
    timer = setInterval(() => show(current + 1), interval);
    figure.dataset.rotating = "true";
    label();
  };
  button.addEventListener("click", () => (timer ? stop() : start()));
  figure.append(button);
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) label();
  else start();
  // A swapped-out page must not keep a timer running.
  document.addEventListener("page:leave", stop, { once: true });
}
