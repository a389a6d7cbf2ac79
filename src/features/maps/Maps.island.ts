import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { isSitePath } from "~/lib/url";

/** A marker icon: an image of this site (the asset library's), never another site's (CSP img-src). */
const Icon = z.string().max(500).refine(isSitePath, "a path on this site");

const Coordinates = { lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) };

export const mapIsland = defineIsland({
  name: "map",
  component: "MapView",
  description:
    "A map (offline basemap) with markers from content: each marker has lat, lng, a title and optional content text; zooms to fit the markers unless `zoomToFit` is false; zoom 13 by default; `icon` (for every marker, or a marker's own) is an image of this site; `mapType` names the configured map type shown first (MAP_STYLES), `mapTypeControl: false` hides the buttons that switch types.",
  props: z.object({
    title: z.string().min(1).max(200),
    markers: z
      .array(
        z.object({
          ...Coordinates,
          id: z.string().max(60).optional(),
          title: z.string().min(1).max(200),
          content: z.string().max(500).optional(),
          icon: Icon.optional(),
        }),
      )
      .max(200),
    center: z.object(Coordinates).optional(),
    zoom: z.number().min(0).max(22).optional(),
    zoomToFit: z.boolean().optional(),
    draggable: z.boolean().optional(),
    zoomControl: z.boolean().optional(),
    scrollWheel: z.boolean().optional(),
    disableDoubleClickZoom: z.boolean().optional(),
    icon: Icon.optional(),
    mapType: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,30}$/)
      .optional(),
    mapTypeControl: z.boolean().optional(),
  }),
  fixtures: {
    shops: {
      title: "Vitrine",
      markers: [
        { lat: 50.8467, lng: 4.3525, title: "Vitrine Bruxelles", content: "Rue du Marché aux Herbes 1" },
        { lat: 51.2194, lng: 4.4025, title: "Vitrine Antwerpen", content: "Meir 50" },
      ],
    },
    satellite: {
      title: "Vitrine",
      mapType: "satellite",
      mapTypeControl: false,
      markers: [{ lat: 50.8467, lng: 4.3525, title: "Vitrine Bruxelles" }],
    },
    icons: {
      title: "Vitrine",
      icon: "/favicon.svg",
      markers: [
        { lat: 50.8467, lng: 4.3525, title: "Vitrine Bruxelles" },
        { lat: 51.0543, lng: 3.7174, title: "Vitrine Gent", icon: "/favicon.svg?gent" },
      ],
    },
  },
});
