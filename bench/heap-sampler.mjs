// Preloaded into a server by bench/gc.mjs (`node --import ./bench/heap-sampler.mjs`): the first SIGUSR2
// starts V8's sampling heap profiler, keeping only what outlives minor collections (what scavenges copy
// and promote); the second writes the profile to VITRINE_HEAP_SAMPLE.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const file = process.env.VITRINE_HEAP_SAMPLE;
if (file) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let sampling = false;
  process.on("SIGUSR2", async () => {
    if (!sampling) {
      sampling = true;
      await post("HeapProfiler.enable");
      await post("HeapProfiler.startSampling", {
        samplingInterval: 512,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: false,
      });
      return;
    }
    const { profile } = await post("HeapProfiler.stopSampling");
    writeFileSync(file, JSON.stringify(profile));
    sampling = false;
  });
}
