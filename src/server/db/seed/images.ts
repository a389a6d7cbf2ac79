import sharp from "sharp";
import { fileStore } from "../../storage/file-store";
import type { Shape } from "./catalog-data";

export const IMAGE_SIZE = 640;

/**
 * A seed picture in WebP and JPEG, written through the configured file store (the local disk, or the S3
 * bucket of ASSETS_S3_URL: every process then finds it), unless both are there already; answers the
 * WebP's size. The store writes a file whole or not at all: processes seeding at once (test workers, two
 * servers starting) never read half of one.
 */
async function storedPicture(
  storageKey: string,
  svgText: string,
  webp: sharp.WebpOptions,
  jpeg: sharp.JpegOptions,
): Promise<number> {
  const store = fileStore();
  const [webpSize, jpgSize] = await Promise.all([store.size(`${storageKey}.webp`), store.size(`${storageKey}.jpg`)]);
  if (webpSize !== null && jpgSize !== null) return webpSize;
  const image = sharp(Buffer.from(svgText));
  const [webpBytes, jpgBytes] = await Promise.all([
    image.clone().webp(webp).toBuffer(),
    image.clone().jpeg(jpeg).toBuffer(),
  ]);
  await Promise.all([store.write(`${storageKey}.webp`, webpBytes), store.write(`${storageKey}.jpg`, jpgBytes)]);
  return webpBytes.length;
}

const SHAPES: Record<Shape, string> = {
  tshirt:
    "M250 150 L330 120 Q400 170 470 120 L550 150 L660 260 L590 330 L540 290 L540 680 L260 680 L260 290 L210 330 L140 260 Z",
  sweater:
    "M250 150 L330 120 Q400 160 470 120 L550 150 L640 260 L690 600 L620 610 L560 320 L545 690 L255 690 L240 320 L180 610 L110 600 L160 260 Z",
  trousers: "M270 120 L530 120 L560 690 L440 690 L400 300 L360 690 L240 690 Z",
  dress: "M320 110 L480 110 L470 250 L600 690 L200 690 L330 250 Z",
  jacket:
    "M250 140 L350 110 L400 220 L450 110 L550 140 L650 260 L690 620 L620 630 L560 330 L555 700 L245 700 L240 330 L180 630 L110 620 L150 260 Z",
  shoe: "M130 520 L160 360 Q260 330 330 400 L430 440 Q600 460 680 520 L690 600 L120 600 Z",
  bag: "M190 300 L610 300 L650 690 L150 690 Z M300 300 Q300 150 400 150 Q500 150 500 300 L470 300 Q470 185 400 185 Q330 185 330 300 Z",
  scarf: "M300 100 L420 100 L440 560 L520 700 L400 700 L360 580 L330 700 L230 700 L300 560 Z",
  hat: "M200 560 Q200 200 400 200 Q600 200 600 560 Z M180 560 L620 560 L620 640 L180 640 Z",
  socks: "M300 100 L430 100 L430 500 L600 560 Q660 600 620 670 L400 680 Q300 680 300 600 Z",
  bottle: "M350 100 L450 100 L450 200 Q560 240 560 340 L560 680 L240 680 L240 340 Q240 240 350 200 Z",
};

/** Fills a shape with one colour, two as stripes, or three as bands. */
function fill(colours: readonly string[]): { defs: string; paint: string } {
  if (colours.length === 1) return { defs: "", paint: colours[0] as string };
  const stripe = colours.length === 2 ? 40 : 60;
  const rects = colours
    .map((c, i) => `<rect x="0" y="${i * stripe}" width="800" height="${stripe}" fill="${c}"/>`)
    .join("");
  return {
    defs: `<pattern id="p" width="800" height="${stripe * colours.length}" patternUnits="userSpaceOnUse">${rects}</pattern>`,
    paint: "url(#p)",
  };
}

function svg(shape: Shape, colours: readonly string[], view: number): string {
  const { defs, paint } = fill(colours);
  const background = ["#f3efe8", "#e9eef2", "#f1ebf0"][view % 3];
  // View 0 is the whole product; view 1 a closer, tilted look; view 2 from further away.
  const transform = [
    "",
    "translate(400 400) rotate(-8) scale(1.35) translate(-400 -400)",
    "translate(400 400) scale(0.8) translate(-400 -400)",
  ][view % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 800 800">
<defs>${defs}</defs>
<rect width="800" height="800" fill="${background}"/>
<g transform="${transform}"><path d="${SHAPES[shape]}" fill="${paint}" stroke="#00000022" stroke-width="4" fill-rule="evenodd"/></g>
</svg>`;
}

/** Renders a product photo as WebP and a JPEG fallback; skips files that exist (same seed, same picture). */
export async function renderProductImage(
  storageKey: string,
  shape: Shape,
  colours: readonly string[],
  view: number,
): Promise<{ webpSize: number }> {
  return {
    webpSize: await storedPicture(storageKey, svg(shape, colours, view), { quality: 75, effort: 2 }, { quality: 80 }),
  };
}

/** Frames of a 360-degree view: 24 by default, one every 15 degrees. */
export const FRAME_COUNT = 24;
export const FRAME_SIZE = 480;

/** One frame of a product turning on itself: the outline narrows and a highlight moves across it. */
function frameSvg(shape: Shape, colour: string, frame: number): string {
  const angle = (frame / FRAME_COUNT) * 2 * Math.PI;
  const width = Math.max(0.18, Math.abs(Math.cos(angle)));
  const flip = Math.cos(angle) < 0 ? -1 : 1;
  const light = 50 + Math.round(40 * Math.sin(angle));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME_SIZE}" height="${FRAME_SIZE}" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/><stop offset="${light / 100}" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="${colour}"/></linearGradient></defs>
<rect width="800" height="800" fill="#f4f1ec"/>
<ellipse cx="400" cy="710" rx="${220 * width + 60}" ry="24" fill="#00000018"/>
<g transform="translate(400 400) scale(${(flip * width).toFixed(3)} 1) translate(-400 -400)">
<path d="${SHAPES[shape]}" fill="${colour}" fill-rule="evenodd"/><path d="${SHAPES[shape]}" fill="url(#g)" stroke="#00000033" stroke-width="4" fill-rule="evenodd"/></g>
</svg>`;
}

/** Renders one 360 frame (WebP and JPEG); skips files that exist. */
export async function renderFrame(storageKey: string, shape: Shape, colour: string, frame: number): Promise<number> {
  return storedPicture(storageKey, frameSvg(shape, colour, frame), { quality: 70, effort: 2 }, { quality: 75 });
}

/** Brand logos: a wordmark on a tinted plate, 320 × 160. */
export const LOGO_WIDTH = 320;
export const LOGO_HEIGHT = 160;

function logoSvg(name: string, hue: number): string {
  const text = name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const size = name.length > 14 ? 30 : 36;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 320 160">
<rect width="320" height="160" fill="#ffffff"/>
<circle cx="160" cy="52" r="24" fill="hsl(${hue} 45% 38%)"/>
<path d="M148 52 L160 36 L172 52 L160 68 Z" fill="#ffffff"/>
<text x="160" y="122" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${size}" letter-spacing="1" fill="hsl(${hue} 35% 22%)">${text}</text>
</svg>`;
}

/** Renders a brand's logo (WebP and JPEG); skips files that exist. */
export async function renderBrandLogo(storageKey: string, name: string, hue: number): Promise<number> {
  return storedPicture(storageKey, logoSvg(name, hue), { quality: 80, effort: 2 }, { quality: 85 });
}

/** A content picture (banners, news): a landscape of soft hills under a sky, in the hue given. */
function sceneSvg(hue: number, variant: number, width: number, height: number): string {
  const sunX = 120 + ((variant * 173) % Math.max(1, width - 240));
  const hills = [0.62, 0.72, 0.84].map((level, i) => {
    const y = Math.round(height * level);
    const bump = Math.round(height * (0.1 + ((variant + i) % 3) * 0.04));
    return `<path d="M0 ${y} Q ${width * 0.3} ${y - bump} ${width * 0.55} ${y} T ${width} ${y - bump / 2} L ${width} ${height} L 0 ${height} Z" fill="hsl(${(hue + i * 18) % 360} ${38 + i * 8}% ${62 - i * 14}%)"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${(hue + 200) % 360} 55% 82%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360} 60% 92%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${Math.round(height * 0.28)}" r="${Math.round(height * 0.1)}" fill="hsl(${(hue + 40) % 360} 85% 72%)"/>
${hills.join("\n")}
</svg>`;
}

/** Renders a content picture (WebP and JPEG); skips files that exist. */
export async function renderScene(
  storageKey: string,
  hue: number,
  variant: number,
  width: number,
  height: number,
): Promise<number> {
  return storedPicture(storageKey, sceneSvg(hue, variant, width, height), { quality: 70, effort: 2 }, { quality: 78 });
}
