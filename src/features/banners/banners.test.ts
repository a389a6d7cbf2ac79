import { describe, expect, it } from "vitest";
import {
  countdownDate,
  countdownParts,
  embedUrl,
  memoryId,
  POPUP_MEMORY_MAX_ENTRIES,
  parsePopupMemory,
  playerCommand,
  popupMemoryValue,
  rememberPopup,
  VIDEO_ID_PATTERN,
  watchUrl,
} from "./banners";

describe("countdown", () => {
  it("counts whole days, hours, minutes and seconds, and ends at zero", () => {
    const now = Date.UTC(2026, 11, 24, 10, 0, 0);
    expect(countdownParts(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      ended: false,
    });
    expect(countdownParts(now, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
    expect(countdownParts(now - 5000, now).ended).toBe(true);
  });

  it("writes its end date DD/MM/YYYY in the shop's time zone", () => {
    expect(countdownDate(new Date("2026-12-24T18:00:00Z"))).toBe("24/12/2026");
    // 23:30 UTC on 31 December is already 1 January in Brussels.
    expect(countdownDate(new Date("2026-12-31T23:30:00Z"))).toBe("01/01/2027");
  });
});

describe("the popup memory cookie", () => {
  it("reads the notShow list and ignores what is not ours", () => {
    const value = popupMemoryValue([{ id: "popup-1", datetime: "2026-11-01T00:00:00.000Z" }]);
    expect(parsePopupMemory(value)).toEqual([{ id: "popup-1", datetime: "2026-11-01T00:00:00.000Z" }]);
    expect(parsePopupMemory("garbage")).toEqual([]);
    expect(parsePopupMemory(encodeURIComponent('{"notShow":[{"id":3},"x",{"id":"a","datetime":"b"}]}'))).toEqual([
      { id: "a", datetime: "b" },
    ]);
    expect(parsePopupMemory(undefined)).toEqual([]);
  });

  it("records an id with its time once, newest last, and keeps a bounded list", () => {
    const at = new Date("2026-11-02T10:00:00Z");
    const once = rememberPopup([{ id: memoryId("popup", 1), datetime: "old" }], "popup-1", at);
    expect(once).toEqual([{ id: "popup-1", datetime: "2026-11-02T10:00:00.000Z" }]);
    let many = once;
    for (let i = 0; i < 80; i++) many = rememberPopup(many, memoryId("banner", i), at);
    expect(many).toHaveLength(POPUP_MEMORY_MAX_ENTRIES);
    expect(many.at(-1)?.id).toBe("banner-79");
  });
});

describe("videos", () => {
  it("accepts each provider's ids only", () => {
    expect(VIDEO_ID_PATTERN.youtube.test("aqz-KE-bpKQ")).toBe(true);
    expect(VIDEO_ID_PATTERN.youtube.test("aqz-KE-bpKQ&autoplay=1")).toBe(false);
    expect(VIDEO_ID_PATTERN.vimeo.test("76979871")).toBe(true);
    expect(VIDEO_ID_PATTERN.vimeo.test("76979871/../x")).toBe(false);
  });

  it("embeds YouTube with its command API and Vimeo looping, muted", () => {
    expect(embedUrl("youtube", "aqz-KE-bpKQ")).toBe(
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?enablejsapi=1&playsinline=1&rel=0",
    );
    expect(embedUrl("vimeo", "76979871")).toContain("muted=1&loop=1");
    expect(watchUrl("vimeo", "76979871")).toBe("https://vimeo.com/76979871");
    expect(playerCommand("youtube", false)).toBe('{"event":"command","func":"pauseVideo","args":[]}');
    expect(playerCommand("vimeo", true)).toEqual({ method: "play" });
  });
});
