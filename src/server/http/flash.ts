import type { AstroCookies } from "astro";
import { z } from "zod";
import { env } from "../config/env";

/**
 * A one-time notice carried across a form post's 303 redirect (the no-JavaScript paths): set by the
 * handler, shown and cleared by the next page. Only our own text and same-site links go in it.
 */
export const FLASH_COOKIE = "vitrine_flash";
export const FLASH_COOKIE_MAX_AGE_SECONDS = 300;

const FlashSchema = z.object({
  kind: z.enum(["success", "error"]),
  message: z.string().max(500),
  links: z
    .array(z.object({ href: z.string().startsWith("/").max(500), label: z.string().max(100) }))
    .max(3)
    .default([]),
});
export type Flash = z.infer<typeof FlashSchema>;

export function setFlash(cookies: AstroCookies, flash: Flash): void {
  cookies.set(FLASH_COOKIE, JSON.stringify(flash), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().cookieSecure,
    maxAge: FLASH_COOKIE_MAX_AGE_SECONDS,
  });
}

export function takeFlash(cookies: AstroCookies): Flash | null {
  const raw = cookies.get(FLASH_COOKIE)?.value;
  if (!raw) return null;
  cookies.delete(FLASH_COOKIE, { path: "/" });
  try {
    const parsed = FlashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
