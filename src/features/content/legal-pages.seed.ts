import { convert } from "html-to-text";
import { CULTURES, type Culture } from "~/lib/culture";
import { escapeHtml } from "~/lib/text";
import type { DbHandle } from "~/server/db/client";
import { LEGAL_PAGE_KEYS, type LegalPageKey } from "./content";
import { MODEL_WITHDRAWAL_FORM } from "./model-withdrawal-form";

/**
 * The legal pages every shop in the EU must show (issue 36): terms of sale, privacy notice, withdrawal
 * (with the model form of directive 2011/83/EU annex I(B)) and legal notice, as editors' content pages.
 * Their texts are placeholders that say, between square brackets, what the operator must fill in: the
 * demo shop publishes them, a production shop gets them as drafts to complete and publish.
 */
type Texts = Record<Culture, string>;
type Section = { heading: Texts; text: Texts };

const FILL_IN: Texts = {
  fr: "Modèle à compléter par l'exploitant : chaque passage entre crochets doit être remplacé avant la mise en ligne. Ce texte n'a aucune valeur juridique en l'état.",
  nl: "Model in te vullen door de uitbater: elke passage tussen vierkante haken moet vóór de lancering worden vervangen. Deze tekst heeft zo geen juridische waarde.",
  es: "Modelo que debe completar el titular: cada pasaje entre corchetes debe sustituirse antes de la publicación. Este texto no tiene valor jurídico tal como está.",
  de: "Vorlage, vom Betreiber auszufüllen: Jede Stelle in eckigen Klammern ist vor dem Start zu ersetzen. In dieser Form hat der Text keine rechtliche Wirkung.",
  it: "Modello da completare a cura del gestore: ogni passaggio tra parentesi quadre va sostituito prima della pubblicazione. Così com'è, il testo non ha valore giuridico.",
  pt: "Modelo a completar pelo operador: cada passagem entre parêntesis retos deve ser substituída antes da publicação. Tal como está, este texto não tem valor jurídico.",
};

const SELLER: Section = {
  heading: {
    fr: "Le vendeur",
    nl: "De verkoper",
    es: "El vendedor",
    de: "Der Verkäufer",
    it: "Il venditore",
    pt: "O vendedor",
  },
  text: {
    fr: "[Raison sociale, forme juridique, adresse du siège, numéro d'entreprise, numéro de TVA, adresse e-mail et téléphone du service client.]",
    nl: "[Handelsnaam, rechtsvorm, adres van de zetel, ondernemingsnummer, btw-nummer, e-mailadres en telefoon van de klantendienst.]",
    es: "[Razón social, forma jurídica, domicilio social, número de registro, NIF-IVA, correo electrónico y teléfono de atención al cliente.]",
    de: "[Firma, Rechtsform, Anschrift des Sitzes, Handelsregisternummer, USt-IdNr., E-Mail-Adresse und Telefon des Kundendienstes.]",
    it: "[Ragione sociale, forma giuridica, indirizzo della sede, numero di iscrizione, partita IVA, e-mail e telefono del servizio clienti.]",
    pt: "[Denominação social, forma jurídica, morada da sede, número de registo, NIF, e-mail e telefone do apoio ao cliente.]",
  },
};

const TERMS: Section[] = [
  SELLER,
  {
    heading: {
      fr: "La commande",
      nl: "De bestelling",
      es: "El pedido",
      de: "Die Bestellung",
      it: "L'ordine",
      pt: "A encomenda",
    },
    text: {
      fr: "Le contrat est conclu lorsque vous acceptez ces conditions et validez votre commande ; vous recevez une confirmation par e-mail. [Langue du contrat, archivage de la commande, correction des erreurs de saisie.]",
      nl: "De overeenkomst komt tot stand wanneer u deze voorwaarden aanvaardt en uw bestelling bevestigt; u ontvangt een bevestiging per e-mail. [Taal van de overeenkomst, archivering, correctie van invoerfouten.]",
      es: "El contrato se celebra cuando acepta estas condiciones y confirma su pedido; recibe una confirmación por correo. [Idioma del contrato, archivo del pedido, corrección de errores.]",
      de: "Der Vertrag kommt zustande, wenn Sie diese Bedingungen annehmen und Ihre Bestellung absenden; Sie erhalten eine Bestätigung per E-Mail. [Vertragssprache, Speicherung des Vertragstextes, Korrektur von Eingabefehlern.]",
      it: "Il contratto è concluso quando accettate queste condizioni e confermate l'ordine; ricevete una conferma per e-mail. [Lingua del contratto, archiviazione dell'ordine, correzione degli errori.]",
      pt: "O contrato é celebrado quando aceita estas condições e confirma a encomenda; recebe uma confirmação por e-mail. [Língua do contrato, arquivo da encomenda, correção de erros.]",
    },
  },
  {
    heading: {
      fr: "Prix et paiement",
      nl: "Prijzen en betaling",
      es: "Precios y pago",
      de: "Preise und Zahlung",
      it: "Prezzi e pagamento",
      pt: "Preços e pagamento",
    },
    text: {
      fr: "Les prix s'entendent TVA du pays de livraison comprise ; les frais de livraison sont indiqués avant la commande. [Moyens de paiement acceptés et moment du débit.]",
      nl: "Prijzen zijn inclusief de btw van het land van levering; de verzendkosten worden vóór de bestelling getoond. [Aanvaarde betaalmiddelen en tijdstip van afschrijving.]",
      es: "Los precios incluyen el IVA del país de entrega; los gastos de envío se indican antes del pedido. [Medios de pago aceptados y momento del cargo.]",
      de: "Die Preise enthalten die Mehrwertsteuer des Lieferlandes; die Versandkosten werden vor der Bestellung angezeigt. [Akzeptierte Zahlungsarten und Zeitpunkt der Belastung.]",
      it: "I prezzi includono l'IVA del paese di consegna; le spese di spedizione sono indicate prima dell'ordine. [Mezzi di pagamento accettati e momento dell'addebito.]",
      pt: "Os preços incluem o IVA do país de entrega; os portes são indicados antes da encomenda. [Meios de pagamento aceites e momento do débito.]",
    },
  },
  {
    heading: { fr: "Livraison", nl: "Levering", es: "Entrega", de: "Lieferung", it: "Consegna", pt: "Entrega" },
    text: {
      fr: "[Pays livrés, délais, transporteurs, points de retrait, que faire d'un colis abîmé.]",
      nl: "[Leverlanden, termijnen, vervoerders, afhaalpunten, wat te doen met een beschadigd pakket.]",
      es: "[Países de entrega, plazos, transportistas, puntos de recogida, qué hacer con un paquete dañado.]",
      de: "[Lieferländer, Lieferzeiten, Versanddienstleister, Abholstellen, was bei einem beschädigten Paket zu tun ist.]",
      it: "[Paesi serviti, tempi, corrieri, punti di ritiro, cosa fare con un pacco danneggiato.]",
      pt: "[Países de entrega, prazos, transportadoras, pontos de recolha, o que fazer com uma encomenda danificada.]",
    },
  },
  {
    heading: {
      fr: "Droit de rétractation",
      nl: "Herroepingsrecht",
      es: "Derecho de desistimiento",
      de: "Widerrufsrecht",
      it: "Diritto di recesso",
      pt: "Direito de livre resolução",
    },
    text: {
      fr: "Vous pouvez vous rétracter sans motif dans les {days} jours qui suivent la réception de vos articles, depuis la page de votre commande ou avec le formulaire de rétractation. Nous vous remboursons au plus tard 14 jours après votre rétractation. [Qui paie le renvoi, adresse de retour, exceptions.]",
      nl: "U kunt zonder opgave van redenen herroepen binnen {days} dagen na ontvangst van uw artikelen, vanaf de pagina van uw bestelling of met het herroepingsformulier. Wij betalen u uiterlijk 14 dagen na uw herroeping terug. [Wie de terugzending betaalt, retouradres, uitzonderingen.]",
      es: "Puede desistir sin indicar el motivo en los {days} días siguientes a la recepción de sus artículos, desde la página de su pedido o con el formulario de desistimiento. Le reembolsamos a más tardar 14 días después. [Quién paga la devolución, dirección de devolución, excepciones.]",
      de: "Sie können binnen {days} Tagen nach Erhalt Ihrer Artikel ohne Angabe von Gründen widerrufen, auf der Seite Ihrer Bestellung oder mit dem Widerrufsformular. Wir erstatten spätestens 14 Tage nach Ihrem Widerruf. [Wer die Rücksendung bezahlt, Rücksendeadresse, Ausnahmen.]",
      it: "Potete recedere senza motivo entro {days} giorni dal ricevimento degli articoli, dalla pagina del vostro ordine o con il modulo di recesso. Rimborsiamo al più tardi 14 giorni dopo il recesso. [Chi paga la restituzione, indirizzo di reso, eccezioni.]",
      pt: "Pode resolver o contrato sem indicar motivo nos {days} dias seguintes à receção dos artigos, na página da sua encomenda ou com o formulário de livre resolução. Reembolsamos no prazo máximo de 14 dias. [Quem paga a devolução, morada de devolução, exceções.]",
    },
  },
  {
    heading: {
      fr: "Garantie et litiges",
      nl: "Garantie en geschillen",
      es: "Garantía y litigios",
      de: "Gewährleistung und Streitigkeiten",
      it: "Garanzia e controversie",
      pt: "Garantia e litígios",
    },
    text: {
      fr: "Les articles bénéficient de la garantie légale de conformité de deux ans. [Service après-vente, droit applicable, médiateur de la consommation compétent.]",
      nl: "Artikelen genieten de wettelijke conformiteitsgarantie van twee jaar. [Dienst na verkoop, toepasselijk recht, bevoegde consumentenbemiddelaar.]",
      es: "Los artículos tienen la garantía legal de conformidad de tres años en España y dos en el resto de la UE. [Servicio posventa, ley aplicable, entidad de resolución alternativa.]",
      de: "Für die Artikel gilt die gesetzliche Gewährleistung von zwei Jahren. [Kundendienst, anwendbares Recht, zuständige Verbraucherschlichtungsstelle.]",
      it: "Gli articoli godono della garanzia legale di conformità di due anni. [Assistenza post-vendita, legge applicabile, organismo di risoluzione alternativa.]",
      pt: "Os artigos beneficiam da garantia legal de conformidade de três anos. [Serviço pós-venda, lei aplicável, entidade de resolução alternativa de litígios.]",
    },
  },
];

const PRIVACY: Section[] = [
  {
    heading: {
      fr: "Responsable du traitement",
      nl: "Verwerkingsverantwoordelijke",
      es: "Responsable del tratamiento",
      de: "Verantwortlicher",
      it: "Titolare del trattamento",
      pt: "Responsável pelo tratamento",
    },
    text: {
      fr: "[Raison sociale, adresse, contact du délégué à la protection des données s'il y en a un.]",
      nl: "[Handelsnaam, adres, contact van de functionaris voor gegevensbescherming indien aanwezig.]",
      es: "[Razón social, dirección, contacto del delegado de protección de datos si lo hay.]",
      de: "[Firma, Anschrift, Kontakt des Datenschutzbeauftragten, falls vorhanden.]",
      it: "[Ragione sociale, indirizzo, contatto del responsabile della protezione dei dati se presente.]",
      pt: "[Denominação, morada, contacto do encarregado da proteção de dados, se existir.]",
    },
  },
  {
    heading: {
      fr: "Ce que nous traitons et pourquoi",
      nl: "Wat wij verwerken en waarom",
      es: "Qué tratamos y por qué",
      de: "Was wir verarbeiten und warum",
      it: "Cosa trattiamo e perché",
      pt: "O que tratamos e porquê",
    },
    text: {
      fr: "Votre compte, vos adresses, vos commandes, vos listes et vos demandes, pour exécuter vos commandes (contrat) et tenir notre comptabilité (obligation légale). [Autres finalités, destinataires : transporteurs, prestataire de paiement, hébergeur.]",
      nl: "Uw account, adressen, bestellingen, lijsten en verzoeken, om uw bestellingen uit te voeren (overeenkomst) en onze boekhouding te voeren (wettelijke plicht). [Andere doeleinden, ontvangers: vervoerders, betaaldienst, hostingpartij.]",
      es: "Su cuenta, direcciones, pedidos, listas y solicitudes, para ejecutar sus pedidos (contrato) y llevar nuestra contabilidad (obligación legal). [Otras finalidades, destinatarios: transportistas, proveedor de pagos, alojamiento.]",
      de: "Ihr Konto, Ihre Adressen, Bestellungen, Listen und Anfragen, um Ihre Bestellungen auszuführen (Vertrag) und unsere Buchhaltung zu führen (gesetzliche Pflicht). [Weitere Zwecke, Empfänger: Versanddienstleister, Zahlungsdienstleister, Hoster.]",
      it: "Il vostro account, indirizzi, ordini, liste e richieste, per eseguire gli ordini (contratto) e tenere la contabilità (obbligo di legge). [Altre finalità, destinatari: corrieri, fornitore di pagamento, hosting.]",
      pt: "A sua conta, moradas, encomendas, listas e pedidos, para executar as encomendas (contrato) e manter a contabilidade (obrigação legal). [Outras finalidades, destinatários: transportadoras, prestador de pagamentos, alojamento.]",
    },
  },
  {
    heading: {
      fr: "Vos droits",
      nl: "Uw rechten",
      es: "Sus derechos",
      de: "Ihre Rechte",
      it: "I vostri diritti",
      pt: "Os seus direitos",
    },
    text: {
      fr: "Depuis votre profil, vous téléchargez toutes les données que nous détenons sur vous et vous fermez votre compte ; vos commandes restent, anonymisées, le temps de conservation légal. [Durée de conservation, autorité de contrôle compétente.]",
      nl: "Vanuit uw profiel downloadt u alle gegevens die wij over u bewaren en sluit u uw account; uw bestellingen blijven, geanonimiseerd, zolang de wet dat vraagt. [Bewaartermijn, bevoegde toezichthoudende autoriteit.]",
      es: "Desde su perfil descarga todos los datos que tenemos sobre usted y cierra su cuenta; sus pedidos se conservan, anonimizados, durante el plazo legal. [Plazo de conservación, autoridad de control competente.]",
      de: "In Ihrem Profil laden Sie alle Daten herunter, die wir über Sie speichern, und schließen Ihr Konto; Ihre Bestellungen bleiben anonymisiert für die gesetzliche Aufbewahrungsfrist. [Aufbewahrungsfrist, zuständige Aufsichtsbehörde.]",
      it: "Dal vostro profilo scaricate tutti i dati che conserviamo su di voi e chiudete l'account; gli ordini restano, anonimizzati, per il periodo di conservazione legale. [Periodo di conservazione, autorità di controllo competente.]",
      pt: "No seu perfil descarrega todos os dados que guardamos sobre si e encerra a sua conta; as encomendas ficam, anonimizadas, durante o prazo legal. [Prazo de conservação, autoridade de controlo competente.]",
    },
  },
  {
    heading: { fr: "Cookies", nl: "Cookies", es: "Cookies", de: "Cookies", it: "Cookie", pt: "Cookies" },
    text: {
      fr: "Voici les cookies que la boutique écrit, par catégorie de consentement :",
      nl: "Dit zijn de cookies die de winkel schrijft, per toestemmingscategorie:",
      es: "Estas son las cookies que escribe la tienda, por categoría de consentimiento:",
      de: "Diese Cookies schreibt der Shop, nach Einwilligungskategorie:",
      it: "Ecco i cookie che il negozio scrive, per categoria di consenso:",
      pt: "Estes são os cookies que a loja escreve, por categoria de consentimento:",
    },
  },
];

const WITHDRAWAL_INFO: Section = {
  heading: {
    fr: "Votre droit de rétractation",
    nl: "Uw herroepingsrecht",
    es: "Su derecho de desistimiento",
    de: "Ihr Widerrufsrecht",
    it: "Il vostro diritto di recesso",
    pt: "O seu direito de livre resolução",
  },
  text: {
    fr: "Vous avez {days} jours à compter de la réception de vos articles pour vous rétracter sans donner de motif. Le plus simple : la page de votre commande, où ce formulaire est prérempli et envoyé en un clic (vous en recevez une copie par e-mail). Vous pouvez aussi nous renvoyer le formulaire ci-dessous ou toute autre déclaration claire. [Adresse de retour et frais de renvoi.]",
    nl: "U heeft {days} dagen na ontvangst van uw artikelen om zonder opgave van redenen te herroepen. Het eenvoudigst: de pagina van uw bestelling, waar dit formulier vooraf is ingevuld en met één klik wordt verzonden (u ontvangt een kopie per e-mail). U kunt ook het formulier hieronder of een andere duidelijke verklaring sturen. [Retouradres en kosten van terugzending.]",
    es: "Tiene {days} días desde la recepción de sus artículos para desistir sin indicar el motivo. Lo más sencillo: la página de su pedido, donde este formulario está prerrellenado y se envía con un clic (recibe una copia por correo). También puede enviarnos el formulario siguiente o cualquier otra declaración inequívoca. [Dirección y gastos de devolución.]",
    de: "Sie haben {days} Tage ab Erhalt Ihrer Artikel, um ohne Angabe von Gründen zu widerrufen. Am einfachsten auf der Seite Ihrer Bestellung: Dort ist dieses Formular vorausgefüllt und mit einem Klick gesendet (Sie erhalten eine Kopie per E-Mail). Sie können uns auch das folgende Formular oder eine andere eindeutige Erklärung senden. [Rücksendeadresse und Rücksendekosten.]",
    it: "Avete {days} giorni dal ricevimento degli articoli per recedere senza indicare il motivo. Il modo più semplice: la pagina del vostro ordine, dove questo modulo è precompilato e si invia con un clic (ne ricevete una copia per e-mail). Potete anche inviarci il modulo qui sotto o un'altra dichiarazione esplicita. [Indirizzo e spese di restituzione.]",
    pt: "Tem {days} dias a contar da receção dos artigos para resolver o contrato sem indicar motivo. O mais simples: a página da sua encomenda, onde este formulário vem preenchido e se envia com um clique (recebe uma cópia por e-mail). Também pode enviar-nos o formulário abaixo ou outra declaração inequívoca. [Morada e custos de devolução.]",
  },
};

const LEGAL_NOTICE: Section[] = [
  {
    heading: { fr: "Éditeur", nl: "Uitgever", es: "Editor", de: "Anbieter", it: "Editore", pt: "Editor" },
    text: SELLER.text,
  },
  {
    heading: {
      fr: "Directeur de la publication",
      nl: "Verantwoordelijke uitgever",
      es: "Responsable de la publicación",
      de: "Verantwortlich für den Inhalt",
      it: "Direttore responsabile",
      pt: "Diretor da publicação",
    },
    text: {
      fr: "[Nom de la personne responsable du contenu.]",
      nl: "[Naam van de persoon verantwoordelijk voor de inhoud.]",
      es: "[Nombre de la persona responsable del contenido.]",
      de: "[Name der für den Inhalt verantwortlichen Person.]",
      it: "[Nome della persona responsabile dei contenuti.]",
      pt: "[Nome da pessoa responsável pelo conteúdo.]",
    },
  },
  {
    heading: { fr: "Hébergeur", nl: "Hosting", es: "Alojamiento", de: "Hosting", it: "Hosting", pt: "Alojamento" },
    text: {
      fr: "[Nom, adresse et téléphone de l'hébergeur du site.]",
      nl: "[Naam, adres en telefoon van de hostingpartij.]",
      es: "[Nombre, dirección y teléfono del proveedor de alojamiento.]",
      de: "[Name, Anschrift und Telefon des Hosters.]",
      it: "[Nome, indirizzo e telefono del fornitore di hosting.]",
      pt: "[Nome, morada e telefone do alojamento do sítio.]",
    },
  },
];

const PAGES: Record<LegalPageKey, { slug: Texts; title: Texts; description: Texts; sections: Section[] }> = {
  terms: {
    slug: {
      fr: "conditions-generales-de-vente",
      nl: "algemene-verkoopvoorwaarden",
      es: "condiciones-generales-de-venta",
      de: "allgemeine-geschaeftsbedingungen",
      it: "condizioni-generali-di-vendita",
      pt: "condicoes-gerais-de-venda",
    },
    title: {
      fr: "Conditions générales de vente",
      nl: "Algemene verkoopvoorwaarden",
      es: "Condiciones generales de venta",
      de: "Allgemeine Geschäftsbedingungen",
      it: "Condizioni generali di vendita",
      pt: "Condições gerais de venda",
    },
    description: {
      fr: "Les conditions de vente de la boutique : commande, prix, livraison, rétractation, garantie.",
      nl: "De verkoopvoorwaarden van de winkel: bestelling, prijzen, levering, herroeping, garantie.",
      es: "Las condiciones de venta de la tienda: pedido, precios, entrega, desistimiento, garantía.",
      de: "Die Verkaufsbedingungen des Shops: Bestellung, Preise, Lieferung, Widerruf, Gewährleistung.",
      it: "Le condizioni di vendita del negozio: ordine, prezzi, consegna, recesso, garanzia.",
      pt: "As condições de venda da loja: encomenda, preços, entrega, livre resolução, garantia.",
    },
    sections: TERMS,
  },
  privacy: {
    slug: {
      fr: "protection-des-donnees",
      nl: "privacyverklaring",
      es: "politica-de-privacidad",
      de: "datenschutz",
      it: "informativa-privacy",
      pt: "politica-de-privacidade",
    },
    title: {
      fr: "Protection des données",
      nl: "Privacyverklaring",
      es: "Política de privacidad",
      de: "Datenschutzerklärung",
      it: "Informativa sulla privacy",
      pt: "Política de privacidade",
    },
    description: {
      fr: "Quelles données la boutique traite, pourquoi, combien de temps, vos droits et nos cookies.",
      nl: "Welke gegevens de winkel verwerkt, waarom, hoe lang, uw rechten en onze cookies.",
      es: "Qué datos trata la tienda, por qué, durante cuánto tiempo, sus derechos y nuestras cookies.",
      de: "Welche Daten der Shop verarbeitet, warum, wie lange, Ihre Rechte und unsere Cookies.",
      it: "Quali dati tratta il negozio, perché, per quanto tempo, i vostri diritti e i nostri cookie.",
      pt: "Que dados a loja trata, porquê, durante quanto tempo, os seus direitos e os nossos cookies.",
    },
    sections: PRIVACY,
  },
  withdrawal: {
    slug: {
      fr: "retractation",
      nl: "herroeping",
      es: "desistimiento",
      de: "widerruf",
      it: "recesso",
      pt: "livre-resolucao",
    },
    title: {
      fr: "Droit de rétractation",
      nl: "Herroepingsrecht",
      es: "Derecho de desistimiento",
      de: "Widerrufsbelehrung",
      it: "Diritto di recesso",
      pt: "Direito de livre resolução",
    },
    description: {
      fr: "Comment vous rétracter d'un achat, et le formulaire de rétractation.",
      nl: "Hoe u een aankoop herroept, en het herroepingsformulier.",
      es: "Cómo desistir de una compra, y el formulario de desistimiento.",
      de: "Wie Sie einen Kauf widerrufen, und das Widerrufsformular.",
      it: "Come recedere da un acquisto, e il modulo di recesso.",
      pt: "Como resolver uma compra, e o formulário de livre resolução.",
    },
    sections: [WITHDRAWAL_INFO],
  },
  "legal-notice": {
    slug: {
      fr: "mentions-legales",
      nl: "juridische-informatie",
      es: "aviso-legal",
      de: "impressum",
      it: "note-legali",
      pt: "informacao-legal",
    },
    title: {
      fr: "Mentions légales",
      nl: "Juridische informatie",
      es: "Aviso legal",
      de: "Impressum",
      it: "Note legali",
      pt: "Informação legal",
    },
    description: {
      fr: "Qui édite et héberge cette boutique.",
      nl: "Wie deze winkel uitgeeft en host.",
      es: "Quién edita y aloja esta tienda.",
      de: "Wer diesen Shop betreibt und hostet.",
      it: "Chi pubblica e ospita questo negozio.",
      pt: "Quem edita e aloja esta loja.",
    },
    sections: LEGAL_NOTICE,
  },
};

/** The model form as HTML, for the withdrawal page (and, as text, the mails). */
export function modelWithdrawalFormHtml(culture: Culture): string {
  const form = MODEL_WITHDRAWAL_FORM[culture];
  return [
    `<h2>${escapeHtml(form.title)}</h2>`,
    `<p><em>${escapeHtml(form.note)}</em></p>`,
    `<ul>${form.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p><small>${escapeHtml(form.footnote)}</small></p>`,
  ].join("\n");
}

function body(key: LegalPageKey, culture: Culture, returnDays: number): string {
  const page = PAGES[key];
  const parts = [`<p class="lead"><strong>${escapeHtml(FILL_IN[culture])}</strong></p>`];
  for (const section of page.sections)
    parts.push(
      `<h2>${escapeHtml(section.heading[culture])}</h2>`,
      `<p>${escapeHtml(section.text[culture].replace("{days}", String(returnDays)))}</p>`,
    );
  if (key === "privacy") parts.push('<shop-island name="cookie-list"></shop-island>');
  if (key === "withdrawal") parts.push(modelWithdrawalFormHtml(culture));
  return parts.join("\n");
}

/** Whether a legal page is missing (a shop created before them, or a production shop's first start). */
export async function lacksLegalPages(handle: DbHandle): Promise<boolean> {
  const rows = await handle.db
    .selectFrom("content_pages")
    .select("key")
    .where("key", "in", [...LEGAL_PAGE_KEYS])
    .execute();
  return rows.length < LEGAL_PAGE_KEYS.length;
}

/**
 * What only the unfinished template holds: its warning and its passages between brackets, in every
 * culture, as plain text. An operator's finished page keeps none of them.
 */
const TEMPLATE_MARKS: string[] = [
  ...new Set(
    [
      ...Object.values(FILL_IN),
      ...Object.values(PAGES).flatMap((page) =>
        page.sections.flatMap((section) =>
          Object.values(section.text).flatMap((text) => text.match(/\[[^\]]+\]/g) ?? []),
        ),
      ),
    ].map(plainText),
  ),
];

function plainText(html: string): string {
  return convert(html, { wordwrap: false, selectors: [{ selector: "a", options: { ignoreHref: true } }] })
    .replace(/\s+/g, " ")
    .trim();
}

/** The first passage of the unfinished legal template an HTML body still holds, or null. */
export function templateLeftover(html: string): string | null {
  const text = plainText(html);
  return TEMPLATE_MARKS.find((mark) => text.includes(mark)) ?? null;
}

/** The legal pages not published yet, or published with the template's placeholders (drafts to complete), by key. */
export async function unpublishedLegalPages(handle: DbHandle): Promise<string[]> {
  const published = await handle.db
    .selectFrom("content_pages as p")
    .innerJoin("content_page_translations as t", "t.page_id", "p.id")
    .select(["p.key", "t.body"])
    .where("p.key", "in", [...LEGAL_PAGE_KEYS])
    .where("p.published", "=", 1)
    .execute();
  const finished = (key: string) => {
    const bodies = published.filter((row) => row.key === key);
    return bodies.length > 0 && bodies.every((row) => templateLeftover(row.body) === null);
  };
  return LEGAL_PAGE_KEYS.filter((key) => !finished(key));
}

/**
 * Adds the legal pages a shop lacks, in every culture: published in the demo shop, drafts for an
 * operator to complete and publish otherwise. Ids from `firstId` (the demo's explicit ids) or the
 * table's own.
 */
export async function seedLegalPages(
  handle: DbHandle,
  options: { published: boolean; now: Date; returnDays: number; firstId?: number },
): Promise<void> {
  const iso = options.now.toISOString();
  const existing = new Set((await handle.db.selectFrom("content_pages").select("key").execute()).map((row) => row.key));
  let id = options.firstId;
  for (const key of LEGAL_PAGE_KEYS) {
    if (existing.has(key)) continue;
    const row = { key, published: options.published ? 1 : 0, created_at: iso, updated_at: iso };
    const inserted = await handle.db
      .insertInto("content_pages")
      .values(id === undefined ? row : { id: id++, ...row })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = PAGES[key];
    await handle.db
      .insertInto("content_page_translations")
      .values(
        CULTURES.map((culture) => ({
          page_id: inserted.id,
          culture,
          slug: page.slug[culture],
          title: page.title[culture],
          body: body(key, culture, options.returnDays),
          seo_description: page.description[culture],
        })),
      )
      .execute();
  }
}
