/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    culture: import("./lib/culture").Culture;
    session: import("./server/session/session").Session;
    requestId: string;
    /** A one-time notice from the previous form post (src/server/http/flash.ts). */
    flash: import("./server/http/flash").Flash | null;
  }
}
