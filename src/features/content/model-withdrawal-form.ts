import type { Culture } from "~/lib/culture";

/** The model withdrawal form of directive 2011/83/EU, annex I(B), in each language's official wording. */
export const MODEL_WITHDRAWAL_FORM: Record<
  Culture,
  { title: string; note: string; lines: string[]; footnote: string }
> = {
  fr: {
    title: "Formulaire de rétractation",
    note: "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
    lines: [
      "À l'attention de [nom, adresse géographique, adresse e-mail du professionnel] :",
      "Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :",
      "Commandé le (*)/reçu le (*) :",
      "Nom du (des) consommateur(s) :",
      "Adresse du (des) consommateur(s) :",
      "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :",
      "Date :",
    ],
    footnote: "(*) Rayez la mention inutile.",
  },
  nl: {
    title: "Modelformulier voor herroeping",
    note: "(dit formulier alleen invullen en terugzenden wanneer u de overeenkomst wilt herroepen)",
    lines: [
      "Aan [naam, geografisch adres, e-mailadres van de handelaar]:",
      "Ik/Wij (*) deel/delen (*) u hierbij mede, dat ik/wij (*) onze overeenkomst betreffende de verkoop van de volgende goederen/levering van de volgende dienst (*) herroep/herroepen (*):",
      "Besteld op (*)/ontvangen op (*):",
      "Naam/Namen consument(en):",
      "Adres consument(en):",
      "Handtekening van consument(en) (alleen wanneer dit formulier op papier wordt ingediend):",
      "Datum:",
    ],
    footnote: "(*) Doorhalen wat niet van toepassing is.",
  },
  es: {
    title: "Modelo de formulario de desistimiento",
    note: "(sólo debe cumplimentar y enviar el presente formulario si desea desistir del contrato)",
    lines: [
      "A la atención de [nombre, dirección geográfica y correo electrónico del empresario]:",
      "Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de venta del siguiente bien/prestación del siguiente servicio (*):",
      "Pedido el/recibido el (*):",
      "Nombre del consumidor o de los consumidores:",
      "Domicilio del consumidor o de los consumidores:",
      "Firma del consumidor o de los consumidores (solo si el presente formulario se presenta en papel):",
      "Fecha:",
    ],
    footnote: "(*) Táchese lo que no proceda.",
  },
  de: {
    title: "Muster-Widerrufsformular",
    note: "(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)",
    lines: [
      "An [Name, Anschrift und E-Mail-Adresse des Unternehmers]:",
      "Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*):",
      "Bestellt am (*)/erhalten am (*):",
      "Name des/der Verbraucher(s):",
      "Anschrift des/der Verbraucher(s):",
      "Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier):",
      "Datum:",
    ],
    footnote: "(*) Unzutreffendes streichen.",
  },
  it: {
    title: "Modulo di recesso tipo",
    note: "(compilare e restituire il presente modulo solo se si desidera recedere dal contratto)",
    lines: [
      "Destinatario [nome, indirizzo geografico e indirizzo e-mail del professionista]:",
      "Con la presente io/noi (*) notifichiamo il recesso dal mio/nostro (*) contratto di vendita dei seguenti beni/servizi (*):",
      "Ordinato il (*)/ricevuto il (*):",
      "Nome del/dei consumatore(i):",
      "Indirizzo del/dei consumatore(i):",
      "Firma del/dei consumatore(i) (solo se il presente modulo è notificato in versione cartacea):",
      "Data:",
    ],
    footnote: "(*) Cancellare la dicitura inutile.",
  },
  pt: {
    title: "Modelo de formulário de livre resolução",
    note: "(só deve preencher e devolver o presente formulário se quiser resolver o contrato)",
    lines: [
      "Para [nome, endereço geográfico e endereço de correio eletrónico do profissional]:",
      "Pela presente comunico/comunicamos (*) que resolvo/resolvemos (*) do meu/nosso (*) contrato de venda do seguinte bem/prestação do seguinte serviço (*):",
      "Solicitado em (*)/recebido em (*):",
      "Nome do(s) consumidor(es):",
      "Endereço do(s) consumidor(es):",
      "Assinatura do(s) consumidor(es) (só no caso de o presente formulário ser notificado em papel):",
      "Data:",
    ],
    footnote: "(*) Riscar o que não interessa.",
  },
};
