import { CULTURES, type Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { env } from "~/server/config/env";
import { renderScene } from "~/server/db/seed/images";
import { guidFor, insertMany, type SeedContext } from "~/server/db/seed/seeder";
import { HOME_PAGE_KEY } from "./content";
import { seedLegalPages } from "./legal-pages.seed";

const CONTENT_FOLDER = 3;
const HERO = { width: 1200, height: 500 };

type Texts = Record<Culture, string>;

const HERO_SLIDES: { title: Texts; text: Texts; link: string; label: Texts }[] = [
  {
    title: {
      fr: "Les soldes d'hiver",
      nl: "De winterkoopjes",
      es: "Rebajas de invierno",
      de: "Winterschlussverkauf",
      it: "I saldi invernali",
      pt: "Os saldos de inverno",
    },
    text: {
      fr: "Jusqu'à −40 % sur une sélection de pièces.",
      nl: "Tot −40 % op een selectie stukken.",
      es: "Hasta un −40 % en una selección de prendas.",
      de: "Bis zu −40 % auf ausgewählte Stücke.",
      it: "Fino al −40 % su una selezione di capi.",
      pt: "Até −40 % numa seleção de peças.",
    },
    link: "/{culture}/catalog?q=",
    label: {
      fr: "Voir la sélection",
      nl: "Bekijk de selectie",
      es: "Ver la selección",
      de: "Zur Auswahl",
      it: "Vedi la selezione",
      pt: "Ver a seleção",
    },
  },
  {
    title: {
      fr: "Nos ateliers",
      nl: "Onze ateliers",
      es: "Nuestros talleres",
      de: "Unsere Werkstätten",
      it: "I nostri laboratori",
      pt: "As nossas oficinas",
    },
    text: {
      fr: "Tricot, couture, teinture : apprenez avec nous.",
      nl: "Breien, naaien, verven: leer het bij ons.",
      es: "Punto, costura, tinte: aprenda con nosotros.",
      de: "Stricken, Nähen, Färben: lernen Sie bei uns.",
      it: "Maglia, cucito, tintura: imparate con noi.",
      pt: "Tricô, costura, tingimento: aprenda connosco.",
    },
    link: "/{culture}/news",
    label: {
      fr: "Les actualités",
      nl: "Het nieuws",
      es: "Las noticias",
      de: "Die Neuigkeiten",
      it: "Le notizie",
      pt: "As notícias",
    },
  },
  {
    title: {
      fr: "Listes de naissance",
      nl: "Geboortelijsten",
      es: "Listas de nacimiento",
      de: "Geburtslisten",
      it: "Liste nascita",
      pt: "Listas de nascimento",
    },
    text: {
      fr: "Créez la vôtre et partagez-la en un clic.",
      nl: "Maak de uwe en deel ze met één klik.",
      es: "Cree la suya y compártala con un clic.",
      de: "Legen Sie Ihre an und teilen Sie sie mit einem Klick.",
      it: "Create la vostra e condividetela con un clic.",
      pt: "Crie a sua e partilhe-a com um clique.",
    },
    link: "/{culture}/birthlists/birthlist/search",
    label: { fr: "Découvrir", nl: "Ontdekken", es: "Descubrir", de: "Entdecken", it: "Scopri", pt: "Descobrir" },
  },
];

const ABOUT = {
  slug: {
    fr: "a-propos",
    nl: "over-ons",
    es: "sobre-nosotros",
    de: "ueber-uns",
    it: "chi-siamo",
    pt: "sobre-nos",
  } as Texts,
  title: {
    fr: "À propos de Vitrine",
    nl: "Over Vitrine",
    es: "Sobre Vitrine",
    de: "Über Vitrine",
    it: "Chi siamo",
    pt: "Sobre a Vitrine",
  } as Texts,
  intro: {
    fr: "Vitrine habille petits et grands depuis 1998, avec des vêtements faits pour durer.",
    nl: "Vitrine kleedt groot en klein sinds 1998, met kleren die lang meegaan.",
    es: "Vitrine viste a pequeños y mayores desde 1998, con ropa hecha para durar.",
    de: "Vitrine kleidet Groß und Klein seit 1998, mit Kleidung, die hält.",
    it: "Vitrine veste grandi e piccoli dal 1998, con capi fatti per durare.",
    pt: "A Vitrine veste miúdos e graúdos desde 1998, com roupa feita para durar.",
  } as Texts,
  team: { fr: "L'équipe", nl: "Het team", es: "El equipo", de: "Das Team", it: "La squadra", pt: "A equipa" } as Texts,
  teamText: {
    fr: "Claire choisit les tissus et dessine les collections. Pieter tient la boutique d'Anvers et connaît chaque client par son prénom. Lucía anime les ateliers de couture du samedi. Jonas prépare les colis et répond à vos messages. Ensemble, ils vérifient chaque pièce avant qu'elle ne parte, réparent ce qui peut l'être et reprennent ce qui ne convient pas.",
    nl: "Claire kiest de stoffen en tekent de collecties. Pieter runt de winkel in Antwerpen en kent elke klant bij naam. Lucía leidt de naaiateliers op zaterdag. Jonas maakt de pakjes klaar en beantwoordt uw berichten. Samen controleren ze elk stuk voor het vertrekt, herstellen wat hersteld kan worden en nemen terug wat niet past.",
    es: "Claire elige los tejidos y diseña las colecciones. Pieter lleva la tienda de Amberes y conoce a cada cliente por su nombre. Lucía anima los talleres de costura del sábado. Jonas prepara los paquetes y responde a sus mensajes. Juntos revisan cada prenda antes de enviarla, reparan lo que se puede y recogen lo que no queda bien.",
    de: "Claire wählt die Stoffe und entwirft die Kollektionen. Pieter führt den Laden in Antwerpen und kennt jede Kundin beim Vornamen. Lucía leitet die Nähwerkstatt am Samstag. Jonas packt die Pakete und beantwortet Ihre Nachrichten. Gemeinsam prüfen sie jedes Stück vor dem Versand, reparieren, was sich reparieren lässt, und nehmen zurück, was nicht passt.",
    it: "Claire sceglie i tessuti e disegna le collezioni. Pieter gestisce il negozio di Anversa e conosce ogni cliente per nome. Lucía anima i laboratori di cucito del sabato. Jonas prepara i pacchi e risponde ai vostri messaggi. Insieme controllano ogni capo prima della spedizione, riparano ciò che si può e riprendono ciò che non va bene.",
    pt: "A Claire escolhe os tecidos e desenha as coleções. O Pieter gere a loja de Antuérpia e conhece cada cliente pelo nome. A Lucía anima as oficinas de costura de sábado. O Jonas prepara as encomendas e responde às suas mensagens. Juntos verificam cada peça antes de sair, reparam o que se pode reparar e recebem de volta o que não serve.",
  } as Texts,
  shops: {
    fr: "Nos boutiques",
    nl: "Onze winkels",
    es: "Nuestras tiendas",
    de: "Unsere Läden",
    it: "I nostri negozi",
    pt: "As nossas lojas",
  } as Texts,
  video: {
    fr: "Notre atelier en vidéo",
    nl: "Ons atelier op video",
    es: "Nuestro taller en vídeo",
    de: "Unsere Werkstatt im Video",
    it: "Il nostro laboratorio in video",
    pt: "A nossa oficina em vídeo",
  } as Texts,
};

const POPUP = {
  newsletter: {
    fr: "Notre lettre d'information",
    nl: "Onze nieuwsbrief",
    es: "Nuestro boletín",
    de: "Unser Newsletter",
    it: "La nostra newsletter",
    pt: "A nossa newsletter",
  } as Texts,
  newsletterText: {
    fr: "Une lettre par mois : nouveautés, ateliers et ventes privées.",
    nl: "Eén brief per maand: nieuwigheden, ateliers en privéverkopen.",
    es: "Un boletín al mes: novedades, talleres y ventas privadas.",
    de: "Ein Brief im Monat: Neuheiten, Werkstätten und Privatverkäufe.",
    it: "Una lettera al mese: novità, laboratori e vendite private.",
    pt: "Uma carta por mês: novidades, oficinas e vendas privadas.",
  } as Texts,
  title: {
    fr: "Bienvenue chez Vitrine",
    nl: "Welkom bij Vitrine",
    es: "Bienvenido a Vitrine",
    de: "Willkommen bei Vitrine",
    it: "Benvenuti da Vitrine",
    pt: "Bem-vindo à Vitrine",
  } as Texts,
  body: {
    fr: "<p>Les soldes d'hiver ont commencé : jusqu'à −40 % sur une sélection.</p><p><a href=\"/fr/news\">Toutes nos actualités</a></p>",
    nl: '<p>De winterkoopjes zijn begonnen: tot −40 % op een selectie.</p><p><a href="/nl/news">Al ons nieuws</a></p>',
    es: '<p>Han empezado las rebajas de invierno: hasta un −40 % en una selección.</p><p><a href="/es/news">Todas nuestras noticias</a></p>',
    de: '<p>Der Winterschlussverkauf hat begonnen: bis zu −40 % auf eine Auswahl.</p><p><a href="/de/news">Alle Neuigkeiten</a></p>',
    it: '<p>Sono iniziati i saldi invernali: fino al −40 % su una selezione.</p><p><a href="/it/news">Tutte le nostre notizie</a></p>',
    pt: '<p>Começaram os saldos de inverno: até −40 % numa seleção.</p><p><a href="/pt/news">Todas as nossas notícias</a></p>',
  } as Texts,
};

const SHOPS = [
  {
    id: "brussels",
    lat: 50.8467,
    lng: 4.3525,
    title: "Vitrine Bruxelles",
    content: "Rue du Marché aux Herbes 1, 1000 Bruxelles",
  },
  { id: "antwerp", lat: 51.2194, lng: 4.4025, title: "Vitrine Antwerpen", content: "Meir 50, 2000 Antwerpen" },
  { id: "ghent", lat: 51.0543, lng: 3.7174, title: "Vitrine Gent", content: "Veldstraat 12, 9000 Gent" },
];

const tag = (name: string, props?: unknown, inner = "") =>
  `<shop-island name="${name}"${props ? ` props='${JSON.stringify(props).replace(/'/g, "&#39;")}'` : ""}>${inner}</shop-island>`;

function homeBody(culture: Culture): string {
  const t = translator(culture);
  return [
    tag("banner", { bannerKey: "home-hero" }),
    tag("news-ticker"),
    `<h2>${t("Catalog.Categories")}</h2>`,
    tag("category-blocks"),
    `<h2>${t("Catalog.Featured")}</h2>`,
    tag("product-carousel"),
    `<h2>${t("Catalog.Brands")}</h2>`,
    tag("brand-carousel", { kind: "logos" }),
    tag("brand-carousel"),
    tag("popup", { popupKey: "welcome" }),
  ].join("\n");
}

function aboutBody(culture: Culture): string {
  return [
    `<p class="lead">${ABOUT.intro[culture]}</p>`,
    `<h2>${ABOUT.team[culture]}</h2>`,
    tag("see-more", { height: 120 }, `<p>${ABOUT.teamText[culture]}</p><p>${ABOUT.teamText[culture]}</p>`),
    `<h2>${ABOUT.shops[culture]}</h2>`,
    tag("map", { title: ABOUT.shops[culture], markers: SHOPS }),
    tag("video", { provider: "youtube", videoId: "aqz-KE-bpKQ", title: ABOUT.video[culture], modal: true }),
  ].join("\n");
}

/** The editors' demo content: the home page, "about us", the hero banner, a video banner, a popup, the maps key. */
export async function seedContent(ctx: SeedContext): Promise<void> {
  const { handle, now } = ctx;
  const db = handle.db;
  const iso = now.toISOString();
  const last = await db
    .selectFrom("assets")
    .select((eb) => eb.fn.max<number>("id").as("id"))
    .executeTakeFirst();
  let assetId = Number(last?.id ?? 0);
  const heroAssets: number[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < HERO_SLIDES.length + 2; i++) {
    const storageKey = `banner-${i + 1}`;
    const size = await renderScene(storageKey, (i * 83 + 20) % 360, i + 3, HERO.width, HERO.height);
    assetId += 1;
    heroAssets.push(assetId);
    rows.push({
      id: assetId,
      guid: guidFor("asset", storageKey),
      folder_id: CONTENT_FOLDER,
      name: `${storageKey}.webp`,
      original_file_name: `${storageKey}.webp`,
      mime_type: "image/webp",
      width: HERO.width,
      height: HERO.height,
      size,
      storage_key: storageKey,
      created_at: iso,
    });
  }
  await insertMany(handle, "assets", rows);

  await insertMany(handle, "content_pages", [
    { id: 1, key: HOME_PAGE_KEY, published: 1, created_at: iso, updated_at: iso },
    { id: 2, key: "about", published: 1, created_at: iso, updated_at: iso },
  ]);
  await insertMany(
    handle,
    "content_page_translations",
    CULTURES.flatMap((culture) => {
      const t = translator(culture);
      return [
        {
          page_id: 1,
          culture,
          slug: "home",
          title: t("Layout.Tagline"),
          body: homeBody(culture),
          seo_description: t("Layout.FooterText"),
        },
        {
          page_id: 2,
          culture,
          slug: ABOUT.slug[culture],
          title: ABOUT.title[culture],
          body: aboutBody(culture),
          seo_description: ABOUT.intro[culture],
        },
      ];
    }),
  );

  // The hero banner fades every 6 s and counts down to the end of its sale: the first of a month more
  // than a year after the day the demo is seeded (an ended sale would leave the demo without its banner).
  const today = new Date(Math.max(now.getTime(), Date.now()));
  const end = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth() + 1, 1)).toISOString();
  await insertMany(handle, "banners", [
    { id: 1, key: "home-hero", duration_ms: 6000, fade: 1, closable: 0, end_at: end, published: 1, updated_at: iso },
    { id: 2, key: "videos", duration_ms: null, fade: 0, closable: 1, end_at: null, published: 1, updated_at: iso },
  ]);
  const slides = [
    ...HERO_SLIDES.map((s, i) => ({
      id: i + 1,
      banner_id: 1,
      position: i,
      asset_id: heroAssets[i] as number,
      video_provider: null,
      video_id: null,
      link_url: s.link,
    })),
    {
      id: 4,
      banner_id: 2,
      position: 0,
      asset_id: heroAssets[3] as number,
      video_provider: "youtube",
      video_id: "aqz-KE-bpKQ",
      link_url: null,
    },
    {
      id: 5,
      banner_id: 2,
      position: 1,
      asset_id: heroAssets[4] as number,
      video_provider: "vimeo",
      video_id: "76979871",
      link_url: null,
    },
  ];
  await insertMany(handle, "banner_slides", slides);
  await insertMany(
    handle,
    "banner_slide_translations",
    CULTURES.flatMap((culture) => [
      ...HERO_SLIDES.map((s, i) => ({
        slide_id: i + 1,
        culture,
        title: s.title[culture],
        text: s.text[culture],
        link_label: s.label[culture],
      })),
      { slide_id: 4, culture, title: ABOUT.video[culture], text: "", link_label: "" },
      { slide_id: 5, culture, title: "Vimeo", text: "", link_label: "" },
    ]),
  );
  // The welcome popup is on the home page; the newsletter one, without an end, is for previews.
  await insertMany(handle, "popups", [
    { id: 1, key: "welcome", end_at: end, published: 1, updated_at: iso },
    { id: 2, key: "newsletter", end_at: null, published: 1, updated_at: iso },
  ]);
  await insertMany(
    handle,
    "popup_translations",
    CULTURES.flatMap((culture) => [
      { popup_id: 1, culture, title: POPUP.title[culture], body: POPUP.body[culture] },
      { popup_id: 2, culture, title: POPUP.newsletter[culture], body: `<p>${POPUP.newsletterText[culture]}</p>` },
    ]),
  );
  await insertMany(handle, "settings", [{ key: "GoogleFrontAPIKey", value: "" }]);
  await seedLegalPages(handle, { published: true, now, returnDays: env().RETURN_DAYS, firstId: 3 });
}
