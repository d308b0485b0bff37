import type { Language } from "@mithai/schema";

/** The headings of the GST documents (invoice, bill of supply, credit note) in English, as rule 46 names them. */
const EN = {
  "Tax invoice": "Tax invoice",
  "Bill of supply": "Bill of supply",
  "Credit note": "Credit note",
  "Invoice number": "Invoice number",
  "Invoice date": "Invoice date",
  "Credit note number": "Credit note number",
  "Credit note date": "Credit note date",
  Order: "Order",
  "Billed and shipped to": "Billed and shipped to",
  State: "State",
  "Place of supply": "Place of supply",
  "Reverse charge": "Reverse charge",
  "Total paid": "Total paid",
  "Total refunded": "Total refunded",
  "Amount in words": "Amount in words",
} as const;
export type DocumentHeading = keyof typeof EN;

/** The same headings in Hindi and Telugu (a missing one fails the typecheck). */
const TRANSLATED: Record<Exclude<Language, "en">, Record<DocumentHeading, string>> = {
  hi: {
    "Tax invoice": "कर बीजक",
    "Bill of supply": "आपूर्ति का बिल",
    "Credit note": "क्रेडिट नोट",
    "Invoice number": "बीजक संख्या",
    "Invoice date": "बीजक तिथि",
    "Credit note number": "क्रेडिट नोट संख्या",
    "Credit note date": "क्रेडिट नोट तिथि",
    Order: "ऑर्डर",
    "Billed and shipped to": "बिल और डिलीवरी का पता",
    State: "राज्य",
    "Place of supply": "आपूर्ति का स्थान",
    "Reverse charge": "रिवर्स चार्ज",
    "Total paid": "कुल भुगतान",
    "Total refunded": "कुल रिफ़ंड",
    "Amount in words": "राशि शब्दों में",
  },
  te: {
    "Tax invoice": "పన్ను ఇన్‌వాయిస్",
    "Bill of supply": "సరఫరా బిల్లు",
    "Credit note": "క్రెడిట్ నోట్",
    "Invoice number": "ఇన్‌వాయిస్ సంఖ్య",
    "Invoice date": "ఇన్‌వాయిస్ తేదీ",
    "Credit note number": "క్రెడిట్ నోట్ సంఖ్య",
    "Credit note date": "క్రెడిట్ నోట్ తేదీ",
    Order: "ఆర్డర్",
    "Billed and shipped to": "బిల్లు మరియు డెలివరీ చిరునామా",
    State: "రాష్ట్రం",
    "Place of supply": "సరఫరా స్థలం",
    "Reverse charge": "రివర్స్ ఛార్జ్",
    "Total paid": "మొత్తం చెల్లింపు",
    "Total refunded": "మొత్తం రీఫండ్",
    "Amount in words": "మాటల్లో మొత్తం",
  },
};

/** The heading in the customer's language, when it is not English ("कर बीजक"); null for English. */
export function translatedHeading(heading: DocumentHeading, language: Language): string | null {
  return language === "en" ? null : TRANSLATED[language][heading];
}

/** A bilingual heading: English, then the customer's language ("Place of supply / आपूर्ति का स्थान"); English alone for English. */
export function documentHeading(heading: DocumentHeading, language: Language): string {
  const translated = translatedHeading(heading, language);
  return translated ? `${EN[heading]} / ${translated}` : EN[heading];
}
