// A worker thread of bench/import.mjs: loads `pages` in turn, `perSecond` a second, each sent on time
// whether or not the previous ones have answered, on an event loop of its own (the bench's main thread
// is busy streaming the upload, which would delay the pages it measures). Asked { from, to } (Date.now()
// values), it answers the durations of the pages sent in that window and how many failed.
import { parentPort, workerData } from "node:worker_threads";

const { pages, perSecond } = workerData;
const visits = [];

async function visit(i) {
  const sentAt = Date.now();
  const started = performance.now();
  const answer = await fetch(pages[i % pages.length]).catch(() => null);
  if (answer) await answer.arrayBuffer().catch(() => {});
  visits.push({ sentAt, ms: performance.now() - started, ok: answer?.ok === true });
}

parentPort.on("message", ({ from, to }) => {
  const inWindow = visits.filter((v) => v.sentAt >= from && v.sentAt <= to);
  parentPort.postMessage({
    ms: inWindow.map((v) => v.ms),
    failed: inWindow.filter((v) => !v.ok).length,
    // The five slowest: when they were sent (ms after `from`) and how long they took.
    slowest: [...inWindow]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((v) => `${v.sentAt - from}:${Math.round(v.ms)}`),
  });
});

const started = Date.now();
// Until the bench terminates the worker.
for (let sent = 0; ; ) {
  const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
  while (sent < due) visit(sent++);
  await new Promise((r) => setTimeout(r, 5));
}
