import type { Culture } from "~/lib/culture";

/** Text in each of the six cultures. */
export type Translated = Record<Culture, string>;

export type SizeSet = "clothing" | "shoes" | "socks" | "none";
export type Shape =
  | "tshirt"
  | "sweater"
  | "trousers"
  | "dress"
  | "jacket"
  | "shoe"
  | "bag"
  | "scarf"
  | "hat"
  | "socks"
  | "bottle";

export interface CategorySeed {
  code: string;
  parent: string | null;
  name: Translated;
  description: Translated;
  /** What one product of this category is called, for product names. */
  productType?: Translated;
  sizes?: SizeSet;
  hasColours?: boolean;
  materials?: number[];
  /** Price range tax excluded, in cents. */
  price?: [number, number];
  shape?: Shape;
  /** Sold by volume: the unit price is shown per litre. */
  unitMeasure?: "l";
  /** Minimum and step quantity (socks come in packs of two pairs). */
  quantityStep?: number;
}

export const CATEGORIES: CategorySeed[] = [
  {
    code: "clothing",
    parent: null,
    name: { fr: "Vêtements", nl: "Kleding", es: "Ropa", de: "Bekleidung", it: "Abbigliamento", pt: "Roupa" },
    description: {
      fr: "Des basiques durables aux pièces de saison.",
      nl: "Van duurzame basics tot seizoensstukken.",
      es: "De básicos duraderos a prendas de temporada.",
      de: "Von langlebigen Basics bis zu saisonalen Stücken.",
      it: "Dai capi basici durevoli ai pezzi di stagione.",
      pt: "Dos básicos duradouros às peças da estação.",
    },
  },
  {
    code: "tshirts",
    parent: "clothing",
    name: { fr: "T-shirts", nl: "T-shirts", es: "Camisetas", de: "T-Shirts", it: "T-shirt", pt: "T-shirts" },
    description: {
      fr: "T-shirts doux et résistants, en coton bio ou en lin.",
      nl: "Zachte en stevige T-shirts van biologisch katoen of linnen.",
      es: "Camisetas suaves y resistentes de algodón orgánico o lino.",
      de: "Weiche, robuste T-Shirts aus Bio-Baumwolle oder Leinen.",
      it: "T-shirt morbide e resistenti in cotone biologico o lino.",
      pt: "T-shirts macias e resistentes de algodão orgânico ou linho.",
    },
    productType: { fr: "T-shirt", nl: "T-shirt", es: "Camiseta", de: "T-Shirt", it: "T-shirt", pt: "T-shirt" },
    sizes: "clothing",
    hasColours: true,
    materials: [0, 2, 3],
    price: [1490, 3490],
    shape: "tshirt",
  },
  {
    code: "sweaters",
    parent: "clothing",
    name: { fr: "Pulls", nl: "Truien", es: "Jerséis", de: "Pullover", it: "Maglioni", pt: "Camisolas" },
    description: {
      fr: "Pulls chauds en laine mérinos et en cachemire.",
      nl: "Warme truien van merinowol en kasjmier.",
      es: "Jerséis cálidos de lana merino y cachemira.",
      de: "Warme Pullover aus Merinowolle und Kaschmir.",
      it: "Maglioni caldi in lana merino e cashmere.",
      pt: "Camisolas quentes de lã merino e caxemira.",
    },
    productType: { fr: "Pull", nl: "Trui", es: "Jersey", de: "Pullover", it: "Maglione", pt: "Camisola" },
    sizes: "clothing",
    hasColours: true,
    materials: [0, 1, 6],
    price: [4990, 12990],
    shape: "sweater",
  },
  {
    code: "trousers",
    parent: "clothing",
    name: { fr: "Pantalons", nl: "Broeken", es: "Pantalones", de: "Hosen", it: "Pantaloni", pt: "Calças" },
    description: {
      fr: "Pantalons et jeans pour tous les jours.",
      nl: "Broeken en jeans voor elke dag.",
      es: "Pantalones y vaqueros para cada día.",
      de: "Hosen und Jeans für jeden Tag.",
      it: "Pantaloni e jeans per tutti i giorni.",
      pt: "Calças e jeans para todos os dias.",
    },
    productType: { fr: "Pantalon", nl: "Broek", es: "Pantalón", de: "Hose", it: "Pantalone", pt: "Calça" },
    sizes: "clothing",
    hasColours: true,
    materials: [0, 2, 4],
    price: [3990, 8990],
    shape: "trousers",
  },
  {
    code: "dresses",
    parent: "clothing",
    name: { fr: "Robes", nl: "Jurken", es: "Vestidos", de: "Kleider", it: "Abiti", pt: "Vestidos" },
    description: {
      fr: "Robes légères et robes d'hiver.",
      nl: "Lichte zomerjurken en winterjurken.",
      es: "Vestidos ligeros y vestidos de invierno.",
      de: "Leichte Sommerkleider und Winterkleider.",
      it: "Abiti leggeri e abiti invernali.",
      pt: "Vestidos leves e vestidos de inverno.",
    },
    productType: { fr: "Robe", nl: "Jurk", es: "Vestido", de: "Kleid", it: "Abito", pt: "Vestido" },
    sizes: "clothing",
    hasColours: true,
    materials: [0, 1, 2, 3],
    price: [4990, 11990],
    shape: "dress",
  },
  {
    code: "jackets",
    parent: "clothing",
    name: { fr: "Vestes", nl: "Jassen", es: "Chaquetas", de: "Jacken", it: "Giacche", pt: "Casacos" },
    description: {
      fr: "Vestes coupe-vent, imperméables et vestes en cuir.",
      nl: "Windjacks, regenjassen en leren jassen.",
      es: "Cortavientos, impermeables y chaquetas de piel.",
      de: "Windjacken, Regenjacken und Lederjacken.",
      it: "Giacche antivento, impermeabili e giacche in pelle.",
      pt: "Corta-ventos, impermeáveis e casacos de pele.",
    },
    productType: { fr: "Veste", nl: "Jas", es: "Chaqueta", de: "Jacke", it: "Giacca", pt: "Casaco" },
    sizes: "clothing",
    hasColours: true,
    materials: [3, 4, 5, 7],
    price: [7990, 24990],
    shape: "jacket",
  },
  {
    code: "shoes",
    parent: null,
    name: { fr: "Chaussures", nl: "Schoenen", es: "Calzado", de: "Schuhe", it: "Scarpe", pt: "Calçado" },
    description: {
      fr: "Baskets et chaussures de ville confortables.",
      nl: "Comfortabele sneakers en nette schoenen.",
      es: "Zapatillas y zapatos de ciudad cómodos.",
      de: "Bequeme Sneaker und Stadtschuhe.",
      it: "Sneakers e scarpe da città comode.",
      pt: "Ténis e sapatos de cidade confortáveis.",
    },
    productType: { fr: "Baskets", nl: "Sneakers", es: "Zapatillas", de: "Sneaker", it: "Sneakers", pt: "Ténis" },
    sizes: "shoes",
    hasColours: true,
    materials: [5, 7, 3],
    price: [5990, 15990],
    shape: "shoe",
  },
  {
    code: "accessories",
    parent: null,
    name: {
      fr: "Accessoires",
      nl: "Accessoires",
      es: "Accesorios",
      de: "Accessoires",
      it: "Accessori",
      pt: "Acessórios",
    },
    description: {
      fr: "Sacs, écharpes, bonnets et chaussettes.",
      nl: "Tassen, sjaals, mutsen en sokken.",
      es: "Bolsos, bufandas, gorros y calcetines.",
      de: "Taschen, Schals, Mützen und Socken.",
      it: "Borse, sciarpe, berretti e calzini.",
      pt: "Malas, cachecóis, gorros e meias.",
    },
  },
  {
    code: "bags",
    parent: "accessories",
    name: { fr: "Sacs", nl: "Tassen", es: "Bolsos", de: "Taschen", it: "Borse", pt: "Malas" },
    description: {
      fr: "Sacs à dos, cabas et sacoches.",
      nl: "Rugzakken, shoppers en schoudertassen.",
      es: "Mochilas, bolsos de mano y bandoleras.",
      de: "Rucksäcke, Shopper und Umhängetaschen.",
      it: "Zaini, shopper e borse a tracolla.",
      pt: "Mochilas, sacos e malas a tiracolo.",
    },
    productType: { fr: "Sac", nl: "Tas", es: "Bolso", de: "Tasche", it: "Borsa", pt: "Mala" },
    sizes: "none",
    hasColours: true,
    materials: [5, 7, 3],
    price: [3990, 17990],
    shape: "bag",
  },
  {
    code: "scarves",
    parent: "accessories",
    name: { fr: "Écharpes", nl: "Sjaals", es: "Bufandas", de: "Schals", it: "Sciarpe", pt: "Cachecóis" },
    description: {
      fr: "Écharpes douces pour l'hiver.",
      nl: "Zachte sjaals voor de winter.",
      es: "Bufandas suaves para el invierno.",
      de: "Weiche Schals für den Winter.",
      it: "Sciarpe morbide per l'inverno.",
      pt: "Cachecóis macios para o inverno.",
    },
    productType: { fr: "Écharpe", nl: "Sjaal", es: "Bufanda", de: "Schal", it: "Sciarpa", pt: "Cachecol" },
    sizes: "none",
    hasColours: true,
    materials: [1, 6, 0],
    price: [2490, 8990],
    shape: "scarf",
  },
  {
    code: "hats",
    parent: "accessories",
    name: { fr: "Bonnets", nl: "Mutsen", es: "Gorros", de: "Mützen", it: "Berretti", pt: "Gorros" },
    description: {
      fr: "Bonnets tricotés et casquettes.",
      nl: "Gebreide mutsen en petten.",
      es: "Gorros de punto y gorras.",
      de: "Strickmützen und Kappen.",
      it: "Berretti in maglia e cappellini.",
      pt: "Gorros de malha e bonés.",
    },
    productType: { fr: "Bonnet", nl: "Muts", es: "Gorro", de: "Mütze", it: "Berretto", pt: "Gorro" },
    sizes: "none",
    hasColours: true,
    materials: [1, 6, 0],
    price: [1990, 5990],
    shape: "hat",
  },
  {
    code: "socks",
    parent: "accessories",
    name: { fr: "Chaussettes", nl: "Sokken", es: "Calcetines", de: "Socken", it: "Calzini", pt: "Meias" },
    description: {
      fr: "Chaussettes vendues par deux paires.",
      nl: "Sokken, verkocht per twee paar.",
      es: "Calcetines vendidos de dos en dos pares.",
      de: "Socken, verkauft in Zweierpacks.",
      it: "Calzini venduti a coppie di paia.",
      pt: "Meias vendidas aos pares de dois.",
    },
    productType: { fr: "Chaussettes", nl: "Sokken", es: "Calcetines", de: "Socken", it: "Calzini", pt: "Meias" },
    sizes: "socks",
    hasColours: true,
    materials: [0, 1],
    price: [590, 1490],
    shape: "socks",
    quantityStep: 2,
  },
  {
    code: "care",
    parent: null,
    name: { fr: "Entretien", nl: "Verzorging", es: "Cuidado", de: "Pflege", it: "Cura", pt: "Cuidado" },
    description: {
      fr: "Lessives et soins pour faire durer vos vêtements.",
      nl: "Wasmiddelen en verzorging om je kleding langer te laten meegaan.",
      es: "Detergentes y cuidados para que tu ropa dure más.",
      de: "Waschmittel und Pflege, damit Kleidung länger hält.",
      it: "Detersivi e cura per far durare i tuoi capi.",
      pt: "Detergentes e cuidados para a roupa durar mais.",
    },
    productType: {
      fr: "Lessive délicate",
      nl: "Fijnwasmiddel",
      es: "Detergente delicado",
      de: "Feinwaschmittel",
      it: "Detersivo delicato",
      pt: "Detergente delicado",
    },
    sizes: "none",
    hasColours: false,
    price: [490, 1490],
    shape: "bottle",
    unitMeasure: "l",
  },
];

/** Materials, as they follow a product type ("Pull en laine mérinos"). */
export const MATERIALS: Translated[] = [
  {
    fr: "en coton bio",
    nl: "van biologisch katoen",
    es: "de algodón orgánico",
    de: "aus Bio-Baumwolle",
    it: "in cotone biologico",
    pt: "de algodão orgânico",
  },
  {
    fr: "en laine mérinos",
    nl: "van merinowol",
    es: "de lana merino",
    de: "aus Merinowolle",
    it: "in lana merino",
    pt: "de lã merino",
  },
  { fr: "en lin", nl: "van linnen", es: "de lino", de: "aus Leinen", it: "in lino", pt: "de linho" },
  {
    fr: "en polyester recyclé",
    nl: "van gerecycled polyester",
    es: "de poliéster reciclado",
    de: "aus recyceltem Polyester",
    it: "in poliestere riciclato",
    pt: "de poliéster reciclado",
  },
  { fr: "en denim", nl: "van denim", es: "de tela vaquera", de: "aus Denim", it: "in denim", pt: "de ganga" },
  { fr: "en cuir", nl: "van leer", es: "de piel", de: "aus Leder", it: "in pelle", pt: "de pele" },
  {
    fr: "en cachemire",
    nl: "van kasjmier",
    es: "de cachemira",
    de: "aus Kaschmir",
    it: "in cashmere",
    pt: "de caxemira",
  },
  { fr: "en toile", nl: "van canvas", es: "de lona", de: "aus Canvas", it: "in tela", pt: "de lona" },
];

/** Scents for the care products, in place of a material. */
export const SCENTS: Translated[] = [
  {
    fr: "à la lavande",
    nl: "met lavendel",
    es: "con lavanda",
    de: "mit Lavendel",
    it: "alla lavanda",
    pt: "com lavanda",
  },
  {
    fr: "sans parfum",
    nl: "zonder parfum",
    es: "sin perfume",
    de: "ohne Duft",
    it: "senza profumo",
    pt: "sem perfume",
  },
  { fr: "au cèdre", nl: "met ceder", es: "con cedro", de: "mit Zeder", it: "al cedro", pt: "com cedro" },
  { fr: "aux agrumes", nl: "met citrus", es: "con cítricos", de: "mit Zitrus", it: "agli agrumi", pt: "com citrinos" },
];

/** Model names: neutral words that read well in every language. */
export const MODELS = [
  "Alba",
  "Nora",
  "Sierra",
  "Mistral",
  "Brisa",
  "Fjord",
  "Atlas",
  "Lumen",
  "Odessa",
  "Tramontana",
  "Calypso",
  "Solstice",
  "Verona",
  "Linnea",
  "Aurora",
  "Bruges",
  "Delta",
  "Estoril",
  "Flandre",
  "Granada",
  "Helios",
  "Ibiza",
  "Juno",
  "Kiruna",
  "Loire",
  "Marais",
  "Nova",
  "Ostende",
  "Porto",
  "Riviera",
  "Sable",
  "Toscana",
  "Umbria",
  "Valencia",
  "Wadden",
  "Zenit",
  "Cobalt",
  "Ardenne",
  "Brera",
  "Camargue",
  "Dune",
  "Elba",
  "Faro",
  "Gironde",
  "Havana",
  "Isola",
  "Jura",
  "Lagos",
  "Menton",
  "Navarra",
  "Orvieto",
  "Palma",
  "Quimper",
  "Ronda",
  "Sintra",
  "Tavira",
  "Utrecht",
  "Vigo",
  "Zeeland",
  "Arles",
];

export const BRANDS = [
  "Maison Lune",
  "Noordkust",
  "Atelier Sève",
  "Costa Brava Co.",
  "Berliner Faden",
  "Filo Verde",
  "Tecelagem Porto",
  "Les Ateliers du Nord",
  "Walvis",
  "Sol y Sombra",
  "Kiefernwald",
  "Onda Blu",
];

export const FITS: Translated[] = [
  { fr: "droite", nl: "rechte", es: "recto", de: "gerade", it: "dritta", pt: "direito" },
  { fr: "ajustée", nl: "getailleerde", es: "entallado", de: "taillierte", it: "aderente", pt: "justo" },
  { fr: "ample", nl: "losse", es: "holgado", de: "weite", it: "morbida", pt: "largo" },
];

/** Description sentences; {type}, {material}, {brand}, {fit}, {model} are filled in. */
export const DESCRIPTION_TEMPLATES: Translated[] = [
  {
    fr: "{type} {model} {material}, signé {brand} et pensé pour le quotidien.",
    nl: "{type} {model} {material}, ontworpen door {brand} voor elke dag.",
    es: "{type} {model} {material}, firmado por {brand} y pensado para el día a día.",
    de: "{type} {model} {material} von {brand}, gemacht für jeden Tag.",
    it: "{type} {model} {material}, firmato {brand} e pensato per ogni giorno.",
    pt: "{type} {model} {material}, assinado por {brand} e pensado para o dia a dia.",
  },
  {
    fr: "Coupe {fit}, coutures renforcées et finitions soignées.",
    nl: "Een {fit} pasvorm, verstevigde naden en een verzorgde afwerking.",
    es: "Corte {fit}, costuras reforzadas y acabados cuidados.",
    de: "Eine {fit} Passform, verstärkte Nähte und saubere Verarbeitung.",
    it: "Vestibilità {fit}, cuciture rinforzate e finiture curate.",
    pt: "Corte {fit}, costuras reforçadas e acabamentos cuidados.",
  },
  {
    fr: "Fabriqué en Europe dans un atelier partenaire depuis plus de dix ans.",
    nl: "Gemaakt in Europa, in een atelier waarmee we al meer dan tien jaar samenwerken.",
    es: "Fabricado en Europa en un taller con el que colaboramos desde hace más de diez años.",
    de: "Hergestellt in Europa, in einer Werkstatt, mit der wir seit über zehn Jahren arbeiten.",
    it: "Prodotto in Europa in un laboratorio partner da oltre dieci anni.",
    pt: "Fabricado na Europa numa oficina parceira há mais de dez anos.",
  },
  {
    fr: "Entretien : lavage à 30 °C sur l'envers, séchage à plat, repassage doux. Les matières sont choisies pour durer plusieurs saisons sans boulocher ni se détendre, et chaque pièce est contrôlée avant de partir chez vous.",
    nl: "Onderhoud: wassen op 30 °C binnenstebuiten, plat laten drogen, zacht strijken. De materialen zijn gekozen om meerdere seizoenen mee te gaan zonder pluizen of uitrekken, en elk stuk wordt gecontroleerd voor het naar u vertrekt.",
    es: "Cuidados: lavado a 30 °C del revés, secado en plano, planchado suave. Los materiales se eligen para durar varias temporadas sin bolitas ni deformarse, y cada prenda se revisa antes de salir hacia usted.",
    de: "Pflege: bei 30 °C auf links waschen, liegend trocknen, sanft bügeln. Die Materialien sind für mehrere Saisons gewählt, ohne Pilling oder Ausleiern, und jedes Stück wird geprüft, bevor es zu Ihnen geht.",
    it: "Cura: lavaggio a 30 °C al rovescio, asciugatura in piano, stiratura delicata. I materiali sono scelti per durare più stagioni senza pilling né deformarsi, e ogni capo viene controllato prima di partire verso di voi.",
    pt: "Cuidados: lavagem a 30 °C do avesso, secagem na horizontal, engomar suave. Os materiais são escolhidos para durar várias estações sem borbotos nem deformar, e cada peça é verificada antes de seguir para si.",
  },
];

export const CARE_DESCRIPTION: Translated = {
  fr: "{type} {model} {material} de {brand} : lave en douceur la laine, la soie et les fibres fines, dès 30 °C.",
  nl: "{type} {model} {material} van {brand}: wast wol, zijde en fijne vezels zacht, vanaf 30 °C.",
  es: "{type} {model} {material} de {brand}: lava con suavidad lana, seda y fibras finas, desde 30 °C.",
  de: "{type} {model} {material} von {brand}: wäscht Wolle, Seide und feine Fasern schonend, ab 30 °C.",
  it: "{type} {model} {material} di {brand}: lava delicatamente lana, seta e fibre fini, da 30 °C.",
  pt: "{type} {model} {material} da {brand}: lava suavemente lã, seda e fibras finas, a partir de 30 °C.",
};

export interface ColourSeed {
  code: string;
  name: Translated;
  colours: [string] | [string, string] | [string, string, string];
}

export const COLOURS: ColourSeed[] = [
  {
    code: "black",
    name: { fr: "Noir", nl: "Zwart", es: "Negro", de: "Schwarz", it: "Nero", pt: "Preto" },
    colours: ["#1d1d1f"],
  },
  {
    code: "white",
    name: { fr: "Blanc", nl: "Wit", es: "Blanco", de: "Weiß", it: "Bianco", pt: "Branco" },
    colours: ["#f4f1ea"],
  },
  {
    code: "navy",
    name: { fr: "Marine", nl: "Marineblauw", es: "Azul marino", de: "Marineblau", it: "Blu navy", pt: "Azul-marinho" },
    colours: ["#1f2a44"],
  },
  {
    code: "red",
    name: { fr: "Rouge", nl: "Rood", es: "Rojo", de: "Rot", it: "Rosso", pt: "Vermelho" },
    colours: ["#b3261e"],
  },
  {
    code: "green",
    name: {
      fr: "Vert forêt",
      nl: "Bosgroen",
      es: "Verde bosque",
      de: "Waldgrün",
      it: "Verde bosco",
      pt: "Verde floresta",
    },
    colours: ["#2e6b3f"],
  },
  {
    code: "beige",
    name: { fr: "Beige", nl: "Beige", es: "Beis", de: "Beige", it: "Beige", pt: "Bege" },
    colours: ["#d8c3a5"],
  },
  {
    code: "grey",
    name: {
      fr: "Gris chiné",
      nl: "Gemêleerd grijs",
      es: "Gris jaspeado",
      de: "Grau meliert",
      it: "Grigio melange",
      pt: "Cinzento mesclado",
    },
    colours: ["#8a8d91"],
  },
  {
    code: "mustard",
    name: { fr: "Moutarde", nl: "Mosterd", es: "Mostaza", de: "Senfgelb", it: "Senape", pt: "Mostarda" },
    colours: ["#d4a017"],
  },
  {
    code: "pink",
    name: {
      fr: "Rose poudré",
      nl: "Poederroze",
      es: "Rosa empolvado",
      de: "Puderrosa",
      it: "Rosa cipria",
      pt: "Rosa velho",
    },
    colours: ["#e3a6b4"],
  },
  {
    code: "sky",
    name: { fr: "Bleu ciel", nl: "Hemelsblauw", es: "Azul cielo", de: "Himmelblau", it: "Azzurro", pt: "Azul-céu" },
    colours: ["#7fb2e5"],
  },
  {
    code: "breton",
    name: {
      fr: "Marinière",
      nl: "Bretonse streep",
      es: "Rayas marineras",
      de: "Bretonische Streifen",
      it: "Righe marinare",
      pt: "Riscas marinheiras",
    },
    colours: ["#1f2a44", "#f4f1ea"],
  },
  {
    code: "bicolour",
    name: {
      fr: "Rouge et noir",
      nl: "Rood en zwart",
      es: "Rojo y negro",
      de: "Rot und Schwarz",
      it: "Rosso e nero",
      pt: "Vermelho e preto",
    },
    colours: ["#b3261e", "#1d1d1f"],
  },
  {
    code: "tricolour",
    name: { fr: "Tricolore", nl: "Driekleur", es: "Tricolor", de: "Dreifarbig", it: "Tricolore", pt: "Tricolor" },
    colours: ["#1f2a44", "#f4f1ea", "#b3261e"],
  },
  {
    code: "camo",
    name: { fr: "Camouflage", nl: "Camouflage", es: "Camuflaje", de: "Tarnmuster", it: "Mimetico", pt: "Camuflado" },
    colours: ["#2e6b3f", "#d8c3a5", "#6b4f2a"],
  },
];

export const SIZE_SETS: Record<Exclude<SizeSet, "none">, string[]> = {
  clothing: ["XS", "S", "M", "L", "XL", "XXL"],
  shoes: ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"],
  socks: ["35-38", "39-42", "43-46"],
};

export const ATTRIBUTE_NAMES: Record<"colour" | "size", Translated> = {
  colour: { fr: "Couleur", nl: "Kleur", es: "Color", de: "Farbe", it: "Colore", pt: "Cor" },
  size: { fr: "Taille", nl: "Maat", es: "Talla", de: "Größe", it: "Taglia", pt: "Tamanho" },
};

/** Countries we ship to, with VAT rates in basis points (standard and reduced). */
export const COUNTRIES: { code: string; eu: boolean; standard: number; reduced: number }[] = [
  { code: "BE", eu: true, standard: 2100, reduced: 600 },
  { code: "NL", eu: true, standard: 2100, reduced: 900 },
  { code: "LU", eu: true, standard: 1700, reduced: 800 },
  { code: "FR", eu: true, standard: 2000, reduced: 550 },
  { code: "DE", eu: true, standard: 1900, reduced: 700 },
  { code: "ES", eu: true, standard: 2100, reduced: 1000 },
  { code: "IT", eu: true, standard: 2200, reduced: 1000 },
  { code: "PT", eu: true, standard: 2300, reduced: 600 },
  { code: "CH", eu: false, standard: 0, reduced: 0 },
];

export const WAREHOUSES = [
  { code: "BRU", name: "Entrepôt Bruxelles", city: "Bruxelles" },
  { code: "ANR", name: "Magazijn Antwerpen", city: "Antwerpen" },
  { code: "RTM", name: "Magazijn Rotterdam", city: "Rotterdam" },
  { code: "LIL", name: "Entrepôt Lille", city: "Lille" },
];

/** The demo two-factor secret (base32), in the README for trying the sign-in with a code. */
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Demo accounts; the README lists the same credentials. */
export const DEMO_CUSTOMERS = [
  {
    email: "marie@vitrine.test",
    password: "Vitrine-demo-1",
    first: "Marie",
    last: "Dubois",
    culture: "fr",
    business: null,
    role: "customer",
  },
  {
    email: "jan@vitrine.test",
    password: "Vitrine-demo-2",
    first: "Jan",
    last: "Peeters",
    culture: "nl",
    business: { company: "Peeters Textiel BV", vat: "BE0403019261" },
    role: "customer",
  },
  {
    email: "lucia@vitrine.test",
    password: "Vitrine-demo-3",
    first: "Lucía",
    last: "García",
    culture: "es",
    business: null,
    role: "customer",
  },
  {
    // Two-factor enrolled: the README gives the secret to put in an authenticator app.
    email: "totp@vitrine.test",
    password: "Vitrine-demo-4",
    first: "Tomás",
    last: "Oliveira",
    culture: "pt",
    business: null,
    role: "customer",
    totpSecret: DEMO_TOTP_SECRET,
  },
  {
    // The shop's owner (issue 72): two-factor required, with the demo's published secret.
    email: "owner@vitrine.test",
    password: "Vitrine-owner-1",
    first: "Olivia",
    last: "Owner",
    culture: "fr",
    business: null,
    role: "owner",
    totpSecret: DEMO_TOTP_SECRET,
  },
  {
    // A shop assistant: orders, customers, refunds, stock.
    email: "staff@vitrine.test",
    password: "Vitrine-staff-1",
    first: "Sam",
    last: "Staff",
    culture: "fr",
    business: null,
    role: "assistant",
  },
  {
    email: "editor@vitrine.test",
    password: "Vitrine-editor-1",
    first: "Eva",
    last: "Editor",
    culture: "fr",
    business: null,
    role: "editor",
  },
] as const;
