/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    culture: import("./lib/culture").Culture;
    session: import("./server/session/session").Session;
    requestId: string;
  }
}
