import { slugify } from "~/features/content/content";
import { CULTURES } from "~/lib/culture";
import { renderScene } from "~/server/db/seed/images";
import { guidFor, insertMany, type SeedContext } from "~/server/db/seed/seeder";

/** News photos and gallery pictures live in a "News" folder under the library's Content folder. */
const CONTENT_FOLDER = 3;
export const NEWS_IMAGE = { width: 800, height: 600 };

const CATEGORIES = [
  {
    parent: null,
    names: {
      fr: "Vie de la boutique",
      nl: "Winkelleven",
      es: "Vida de la tienda",
      de: "Aus dem Laden",
      it: "Vita del negozio",
      pt: "Vida da loja",
    },
  },
  {
    parent: null,
    names: {
      fr: "Collections",
      nl: "Collecties",
      es: "Colecciones",
      de: "Kollektionen",
      it: "Collezioni",
      pt: "Coleções",
    },
  },
  {
    parent: 2,
    names: { fr: "Ateliers", nl: "Ateliers", es: "Talleres", de: "Werkstätten", it: "Laboratori", pt: "Oficinas" },
  },
] as const;

type Texts = Record<(typeof CULTURES)[number], string>;

/** A dozen news items over three months (category, title per culture). */
const NEWS: { category: number; title: Texts }[] = [
  {
    category: 2,
    title: {
      fr: "La collection d'automne est arrivée",
      nl: "De herfstcollectie is er",
      es: "Llega la colección de otoño",
      de: "Die Herbstkollektion ist da",
      it: "È arrivata la collezione autunnale",
      pt: "Chegou a coleção de outono",
    },
  },
  {
    category: 1,
    title: {
      fr: "Nos horaires pendant les fêtes",
      nl: "Onze openingsuren tijdens de feestdagen",
      es: "Nuestro horario en las fiestas",
      de: "Unsere Öffnungszeiten an den Feiertagen",
      it: "I nostri orari durante le feste",
      pt: "O nosso horário nas festas",
    },
  },
  {
    category: 3,
    title: {
      fr: "Atelier tricot du samedi",
      nl: "Breiatelier op zaterdag",
      es: "Taller de punto del sábado",
      de: "Strickwerkstatt am Samstag",
      it: "Laboratorio di maglia del sabato",
      pt: "Oficina de tricô ao sábado",
    },
  },
  {
    category: 1,
    title: {
      fr: "Une nouvelle boutique à Anvers",
      nl: "Een nieuwe winkel in Antwerpen",
      es: "Una nueva tienda en Amberes",
      de: "Ein neuer Laden in Antwerpen",
      it: "Un nuovo negozio ad Anversa",
      pt: "Uma nova loja em Antuérpia",
    },
  },
  {
    category: 2,
    title: {
      fr: "Le lin, notre matière de l'année",
      nl: "Linnen, onze stof van het jaar",
      es: "El lino, nuestro tejido del año",
      de: "Leinen, unser Stoff des Jahres",
      it: "Il lino, il nostro tessuto dell'anno",
      pt: "O linho, o nosso tecido do ano",
    },
  },
  {
    category: 3,
    title: {
      fr: "Réparer plutôt que jeter : l'atelier couture",
      nl: "Herstellen in plaats van weggooien: het naaiatelier",
      es: "Reparar en vez de tirar: el taller de costura",
      de: "Reparieren statt wegwerfen: die Nähwerkstatt",
      it: "Riparare invece di buttare: il laboratorio di cucito",
      pt: "Reparar em vez de deitar fora: a oficina de costura",
    },
  },
  {
    category: 1,
    title: {
      fr: "Livraison offerte en point relais",
      nl: "Gratis levering in een afhaalpunt",
      es: "Envío gratis a punto de recogida",
      de: "Kostenlose Lieferung an Abholstellen",
      it: "Consegna gratuita al punto di ritiro",
      pt: "Entrega grátis em ponto de recolha",
    },
  },
  {
    category: 2,
    title: {
      fr: "Manteaux d'hiver : le guide des tailles",
      nl: "Wintermantels: de maattabel",
      es: "Abrigos de invierno: la guía de tallas",
      de: "Wintermäntel: der Größenratgeber",
      it: "Cappotti invernali: la guida alle taglie",
      pt: "Casacos de inverno: o guia de tamanhos",
    },
  },
  {
    category: 1,
    title: {
      fr: "Les listes de naissance font peau neuve",
      nl: "De geboortelijsten in een nieuw jasje",
      es: "Las listas de nacimiento se renuevan",
      de: "Geburtslisten im neuen Gewand",
      it: "Le liste nascita si rinnovano",
      pt: "As listas de nascimento renovam-se",
    },
  },
  {
    category: 3,
    title: {
      fr: "Teinture végétale : retour en images",
      nl: "Plantaardig verven: terugblik in beeld",
      es: "Tinte vegetal: resumen en imágenes",
      de: "Pflanzenfärben: ein Rückblick in Bildern",
      it: "Tintura vegetale: il racconto per immagini",
      pt: "Tingimento vegetal: regresso em imagens",
    },
  },
  {
    category: 2,
    title: {
      fr: "Les soldes d'hiver commencent",
      nl: "De winterkoopjes beginnen",
      es: "Empiezan las rebajas de invierno",
      de: "Der Winterschlussverkauf beginnt",
      it: "Iniziano i saldi invernali",
      pt: "Começam os saldos de inverno",
    },
  },
  {
    category: 1,
    title: {
      fr: "Merci pour cette belle année",
      nl: "Bedankt voor dit mooie jaar",
      es: "Gracias por este gran año",
      de: "Danke für dieses schöne Jahr",
      it: "Grazie per questo bell'anno",
      pt: "Obrigado por este belo ano",
    },
  },
];

const SUMMARY: Texts = {
  fr: "Tout ce qu'il faut savoir, en quelques lignes et quelques photos.",
  nl: "Alles wat u moet weten, in enkele regels en foto's.",
  es: "Todo lo que hay que saber, en pocas líneas y algunas fotos.",
  de: "Alles Wichtige in wenigen Zeilen und einigen Fotos.",
  it: "Tutto quello che c'è da sapere, in poche righe e qualche foto.",
  pt: "Tudo o que precisa de saber, em poucas linhas e algumas fotos.",
};

const BODY: Texts = {
  fr: "<p>Notre équipe vous attend en boutique et en ligne. Les pièces présentées sont disponibles dans toutes les tailles tant que le stock le permet.</p><p>Les photos de la galerie s'ouvrent en grand d'un clic.</p>",
  nl: "<p>Ons team verwacht u in de winkel en online. De getoonde stukken zijn in alle maten beschikbaar zolang de voorraad strekt.</p><p>De foto's van de galerij openen groot met één klik.</p>",
  es: "<p>Nuestro equipo le espera en la tienda y en línea. Las prendas presentadas están disponibles en todas las tallas hasta agotar existencias.</p><p>Las fotos de la galería se amplían con un clic.</p>",
  de: "<p>Unser Team erwartet Sie im Laden und online. Die gezeigten Stücke gibt es in allen Größen, solange der Vorrat reicht.</p><p>Die Fotos der Galerie öffnen sich mit einem Klick in groß.</p>",
  it: "<p>Il nostro team vi aspetta in negozio e online. I capi presentati sono disponibili in tutte le taglie fino a esaurimento scorte.</p><p>Le foto della galleria si ingrandiscono con un clic.</p>",
  pt: "<p>A nossa equipa espera por si na loja e online. As peças apresentadas estão disponíveis em todos os tamanhos até esgotar o stock.</p><p>As fotos da galeria abrem em grande com um clique.</p>",
};

const AUTHORS = ["Claire Dubois", "Pieter Janssens", "Lucía Martín", "Jonas Weber"];

/** News categories, a dozen news items over the three months before the seed's "today", with galleries. */
export async function seedNews(ctx: SeedContext): Promise<void> {
  const { handle, now, rnd } = ctx;
  const db = handle.db;
  const iso = now.toISOString();
  // Explicit ids, like every seeded row (PostgreSQL's sequences move past them once the seed is done).
  const lastFolder = await db
    .selectFrom("asset_folders")
    .select((eb) => eb.fn.max<number>("id").as("id"))
    .executeTakeFirst();
  const folder = { id: Number(lastFolder?.id ?? 0) + 1 };
  await insertMany(handle, "asset_folders", [
    { id: folder.id, parent_id: CONTENT_FOLDER, name: "News", item_level: 2 },
  ]);
  const last = await db
    .selectFrom("assets")
    .select((eb) => eb.fn.max<number>("id").as("id"))
    .executeTakeFirst();
  let assetId = Number(last?.id ?? 0);
  const images: number[] = [];
  const assets: Record<string, unknown>[] = [];
  // One photo per news item and a pool of gallery pictures (each gallery takes three of them).
  for (let i = 0; i < NEWS.length + 8; i++) {
    const storageKey = `news-${i + 1}`;
    const hue = (i * 47) % 360;
    const size = await renderScene(storageKey, hue, i, NEWS_IMAGE.width, NEWS_IMAGE.height);
    assetId += 1;
    images.push(assetId);
    assets.push({
      id: assetId,
      guid: guidFor("asset", storageKey),
      folder_id: folder.id,
      name: `${storageKey}.webp`,
      original_file_name: `${storageKey}.webp`,
      mime_type: "image/webp",
      width: NEWS_IMAGE.width,
      height: NEWS_IMAGE.height,
      size,
      storage_key: storageKey,
      created_at: iso,
    });
  }
  await insertMany(handle, "assets", assets);

  await insertMany(
    handle,
    "news_categories",
    CATEGORIES.map((c, i) => ({ id: i + 1, parent_id: c.parent, position: i })),
  );
  await insertMany(
    handle,
    "news_category_translations",
    CATEGORIES.flatMap((c, i) => CULTURES.map((culture) => ({ category_id: i + 1, culture, name: c.names[culture] }))),
  );
  const DAY = 86_400_000;
  const rows = NEWS.map((item, i) => {
    // Spread over 90 days back from the seed's "today", at shop hours; two fall on the same day.
    const daysBack = i === 1 || i === 2 ? 80 : 88 - i * 7 - rnd.int(0, 2);
    const at = new Date(now.getTime() - daysBack * DAY);
    at.setUTCHours(9 + (i % 6), 30, 0, 0);
    return {
      id: i + 1,
      category_id: item.category,
      published_at: at.toISOString(),
      author: AUTHORS[i % AUTHORS.length] as string,
      image_asset_id: images[i] as number,
      published: 1,
      created_at: iso,
      updated_at: iso,
    };
  });
  await insertMany(handle, "news", rows);
  await insertMany(
    handle,
    "news_translations",
    NEWS.flatMap((item, i) =>
      CULTURES.map((culture) => ({
        news_id: i + 1,
        culture,
        slug: slugify(item.title[culture]),
        title: item.title[culture],
        summary: SUMMARY[culture],
        body: BODY[culture],
      })),
    ),
  );
  const pool = images.slice(NEWS.length);
  await insertMany(
    handle,
    "news_gallery",
    NEWS.flatMap((_, i) =>
      [0, 1, 2].map((position) => ({
        news_id: i + 1,
        asset_id: pool[(i + position) % pool.length] as number,
        position,
      })),
    ),
  );
}
