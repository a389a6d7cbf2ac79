import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

const Coordinates = { lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) };

export const mapIsland = defineIsland({
  name: "map",
  component: "MapView",
  description:
    "A map (offline basemap) with markers from content: each marker has lat, lng, a title and optional content text; zooms to fit the markers unless `zoomToFit` is false; zoom 13 by default.",
  props: z.object({
    title: z.string().min(1).max(200),
    markers: z
      .array(
        z.object({
          ...Coordinates,
          id: z.string().max(60).optional(),
          title: z.string().min(1).max(200),
          content: z.string().max(500).optional(),
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
  }),
  fixtures: {
    shops: {
      title: "Vitrine",
      markers: [
        { lat: 50.8467, lng: 4.3525, title: "Vitrine Bruxelles", content: "Rue du Marché aux Herbes 1" },
        { lat: 51.2194, lng: 4.4025, title: "Vitrine Antwerpen", content: "Meir 50" },
      ],
    },
  },
});
