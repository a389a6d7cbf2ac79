import { INTENT_EVENTS } from "~/shell/first-paint";
import { PRESS_ATTRIBUTE } from "~/shell/press";

/**
 * The page's scripts are fetched only after the load event (decision 070): the few-line module that
 * starts them (PageFrame.astro's `<script>`, src/shell/first-paint.ts) is written inside a `<template>`,
 * so the browser neither fetches nor runs it while the page and its photo load, and this inline script,
 * right after it, puts it in the document two frames after the load event and the page's largest paint
 * (3 s after the load event at most; at the load event in a browser that does not report that paint),
 * or at once on the shopper's first intent (a touch, a pointer press, a key), which it marks
 * `data-shell-start="now"` for first-paint.ts to start without waiting for an idle moment. It also marks `<html>` with PRESS_ATTRIBUTE while a pointer is
 * pressed, so that what the scripts show at their start waits for that press's click (shell/press.ts).
 * Its text is the same on every page: the Content-Security-Policy allows it by hash.
 */
export const BOOT_SCRIPT = [
  "(function(d){",
  `var t=d.currentScript.previousElementSibling,h=d.documentElement,E=${JSON.stringify(INTENT_EVENTS)},put=0;`,
  "h.dataset.shell='waiting';",
  "function boot(){if(put)return;put=1;d.body.appendChild(d.importNode(t.content,!0))}",
  "function intent(){h.dataset.shellStart='now';E.forEach(function(e){removeEventListener(e,intent,!0)});boot()}",
  "E.forEach(function(e){addEventListener(e,intent,{capture:!0,passive:!0})});",
  `function press(e){e.type==='pointerdown'?h.setAttribute('${PRESS_ATTRIBUTE}',''):h.removeAttribute('${PRESS_ATTRIBUTE}')}`,
  "['pointerdown','pointerup','pointercancel'].forEach(function(e){addEventListener(e,press,{capture:!0,passive:!0})});",
  // After the load event, not before the page's largest paint has been reported (two frames later): a
  // request that ends before that paint is one Lighthouse's simulation waits for (decision 070, addendum).
  "function later(){var w=0,o,P=window.PerformanceObserver;",
  "function go(){if(w)return;w=1;if(o)o.disconnect();requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(boot,0)})})}",
  "if(P&&(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0){o=new P(go);o.observe({type:'largest-contentful-paint',buffered:!0});setTimeout(go,3000)}else go()}",
  // Until the shell takes them (shell/main.ts), a form sent or a field typed in inside a behaviour's element
  // is held for it: the first tap on "add to cart" behaves as every later one. Sent for real after 8 s
  // when the shell never comes (no network): the page still works as without JavaScript.
  "var Q=window.VitrineEarly=[];",
  "function early(e){var t=e.target;if(window.VitrineEarly!==Q||!t.closest||!t.closest('[data-controller]'))return;",
  "if(e.type!=='submit'){if(Q.indexOf(t)<0)Q.push(t);return}",
  "if(!t.requestSubmit)return;e.preventDefault();var s=e.submitter||null;Q.push([t,s]);boot();",
  "setTimeout(function(){if(window.VitrineEarly===Q){window.VitrineEarly=null;t.requestSubmit(s)}},8000)}",
  "['submit','input'].forEach(function(e){addEventListener(e,early,!0)});",
  "if(d.readyState==='complete')later();else addEventListener('load',later,{once:!0})",
  "})(document)",
].join("");
