import type { Category } from "./catalog";
import type { Language } from "./languages";
import { categoryPage, SHOP_DESCRIPTION, STATIC_PAGES } from "./pages";

/**
 * Every storefront page's title and description in each language (DECISIONS, "Languages"): the server writes them
 * into the head for crawlers, the browser into `document.title` on navigation, so both say the same.
 */
export type PageKey =
  | keyof typeof STATIC_PAGES
  | "notFound"
  | "cart"
  | "checkout"
  | "search"
  | "account"
  | "forgotPassword"
  | "resetPassword"
  | "orderConfirmed"
  | "confirmingPayment"
  | "paymentFailed";

export interface PageText {
  title: string;
  description?: string;
}

interface LanguageTitles {
  /** The home page's title after the shop's name. */
  tagline: string;
  /** The home page's (and every page's default) description. */
  shopDescription: string;
  pages: Record<PageKey, PageText>;
  categories: Record<Category, PageText>;
}

const staticPageTexts = Object.fromEntries(Object.entries(STATIC_PAGES).map(([key, page]) => [key, { title: page.title, description: page.description }])) as Record<keyof typeof STATIC_PAGES, PageText>;

export const PAGE_TITLES: Record<Language, LanguageTitles> = {
  en: {
    tagline: "handcrafted Indian sweets",
    shopDescription: SHOP_DESCRIPTION,
    pages: {
      ...staticPageTexts,
      notFound: { title: "Not found" },
      cart: { title: "Cart" },
      checkout: { title: "Checkout" },
      search: { title: "Search" },
      account: { title: "My account" },
      forgotPassword: { title: "Forgot password" },
      resetPassword: { title: "Reset password" },
      orderConfirmed: { title: "Order confirmed" },
      confirmingPayment: { title: "Confirming payment" },
      paymentFailed: { title: "Payment failed" },
    },
    categories: {
      "Flour Sweets": categoryPage("Flour Sweets"),
      "Jaggery Sweets": categoryPage("Jaggery Sweets"),
      "Stuffed Sweets": categoryPage("Stuffed Sweets"),
      "Festive Sweets": categoryPage("Festive Sweets"),
    },
  },
  hi: {
    tagline: "हाथ से बनी भारतीय मिठाइयाँ",
    shopDescription: "छोटे बैच में ताज़ा, हाथ से बनी भारतीय मिठाइयाँ, पूरे भारत में डिलीवरी। लड्डू, बर्फ़ी, कतली और त्योहारों की पसंदीदा मिठाइयाँ, वज़न के हिसाब से।",
    pages: {
      faq: { title: "अक्सर पूछे जाने वाले सवाल", description: "किलो के हिसाब से मिठाई मँगाने, ताज़गी, डिलीवरी, भुगतान और ऑर्डर में बदलाव के बारे में जवाब।" },
      shipping: {
        title: "शिपिंग और डिलीवरी",
        description: "ऑर्डर 1-2 कार्यदिवस में पैक होते हैं और 2-4 कार्यदिवस में पहुँचते हैं, सोमवार से शनिवार सुबह 10 से शाम 7 बजे तक। डिलीवरी शुल्क पिन कोड पर निर्भर है।",
      },
      cancellation: {
        title: "रद्द करने और रिफ़ंड की नीति",
        description: "भुगतान हो चुके ऑर्डर रद्द या रिफ़ंड नहीं होते; टूटी या ग़लत मिठाई की शिकायत 24 घंटे के भीतर फ़ोटो के साथ करने पर भरपाई की जाती है।",
      },
      privacy: { title: "गोपनीयता नीति", description: "आपकी ख़रीदारी के समय हम क्या जानकारी लेते हैं, क्यों, कितने समय तक रखते हैं और आपके पास क्या विकल्प हैं।" },
      terms: { title: "नियम और शर्तें", description: "हमारी दुकान पर देखने, ऑर्डर करने और भुगतान करने पर लागू होने वाली शर्तें।" },
      notFound: { title: "नहीं मिला" },
      cart: { title: "कार्ट" },
      checkout: { title: "चेकआउट" },
      search: { title: "खोजें" },
      account: { title: "मेरा खाता" },
      forgotPassword: { title: "पासवर्ड भूल गए" },
      resetPassword: { title: "पासवर्ड रीसेट करें" },
      orderConfirmed: { title: "ऑर्डर पक्का हुआ" },
      confirmingPayment: { title: "भुगतान की पुष्टि" },
      paymentFailed: { title: "भुगतान नहीं हुआ" },
    },
    categories: {
      "Flour Sweets": { title: "आटे की मिठाइयाँ", description: "आटे की मिठाइयाँ (बेसन, आटा और घी), छोटे बैच में हाथ से बनी और किलो के हिसाब से बिकती हैं।" },
      "Jaggery Sweets": { title: "गुड़ की मिठाइयाँ", description: "गुड़ की मिठाइयाँ (गुड़ से मीठी की गई), छोटे बैच में हाथ से बनी और किलो के हिसाब से बिकती हैं।" },
      "Stuffed Sweets": { title: "भरवाँ मिठाइयाँ", description: "भरवाँ मिठाइयाँ (मेवों से भरी), छोटे बैच में हाथ से बनी और किलो के हिसाब से बिकती हैं।" },
      "Festive Sweets": { title: "त्योहारी मिठाइयाँ", description: "त्योहारी मिठाइयाँ (हर जश्न के लिए), छोटे बैच में हाथ से बनी और किलो के हिसाब से बिकती हैं।" },
    },
  },
  te: {
    tagline: "చేతితో చేసిన భారతీయ మిఠాయిలు",
    shopDescription: "చిన్న బ్యాచ్‌లలో తాజాగా, చేతితో చేసిన భారతీయ మిఠాయిలు, భారతదేశం అంతటా డెలివరీ. లడ్డూలు, బర్ఫీలు, కట్లీలు, పండుగ ఇష్టమైనవి, బరువు ప్రకారం.",
    pages: {
      faq: { title: "తరచుగా అడిగే ప్రశ్నలు", description: "కిలోల లెక్కన మిఠాయిలు ఆర్డర్ చేయడం, తాజాదనం, డెలివరీ, చెల్లింపు, ఆర్డర్ మార్పుల గురించి జవాబులు." },
      shipping: {
        title: "షిప్పింగ్, డెలివరీ",
        description: "ఆర్డర్లు 1-2 పని దినాల్లో ప్యాక్ చేసి 2-4 పని దినాల్లో అందజేస్తాం, సోమవారం నుండి శనివారం ఉదయం 10 నుండి సాయంత్రం 7 వరకు. డెలివరీ ఛార్జీ పిన్ కోడ్‌పై ఆధారపడి ఉంటుంది.",
      },
      cancellation: {
        title: "రద్దు, రిఫండ్ విధానం",
        description: "చెల్లించిన ఆర్డర్లను రద్దు లేదా రీఫండ్ చేయలేము; దెబ్బతిన్న లేదా తప్పు వస్తువులను 24 గంటల్లోపు ఫోటోలతో తెలియజేస్తే సరిచేస్తాం.",
      },
      privacy: { title: "గోప్యతా విధానం", description: "మీరు మా దగ్గర కొనేటప్పుడు ఏం సేకరిస్తాం, ఎందుకు, ఎంత కాలం ఉంచుతాం, మీకున్న ఎంపికలు ఏమిటి." },
      terms: { title: "నిబంధనలు, షరతులు", description: "మా షాప్‌లో చూడటం, ఆర్డర్ చేయడం, చెల్లించడం సమయంలో వర్తించే నిబంధనలు." },
      notFound: { title: "దొరకలేదు" },
      cart: { title: "కార్ట్" },
      checkout: { title: "చెక్‌అవుట్" },
      search: { title: "వెతకండి" },
      account: { title: "నా ఖాతా" },
      forgotPassword: { title: "పాస్‌వర్డ్ మర్చిపోయారు" },
      resetPassword: { title: "పాస్‌వర్డ్ రీసెట్ చేయండి" },
      orderConfirmed: { title: "ఆర్డర్ నిర్ధారణ అయింది" },
      confirmingPayment: { title: "చెల్లింపు నిర్ధారణ" },
      paymentFailed: { title: "చెల్లింపు విఫలమైంది" },
    },
    categories: {
      "Flour Sweets": { title: "పిండి మిఠాయిలు", description: "పిండి మిఠాయిలు (శెనగపిండి, గోధుమపిండి, నెయ్యి), చిన్న బ్యాచ్‌లలో చేతితో తయారై కిలోల లెక్కన అమ్మబడతాయి." },
      "Jaggery Sweets": { title: "బెల్లం మిఠాయిలు", description: "బెల్లం మిఠాయిలు (బెల్లంతో తీపి చేసినవి), చిన్న బ్యాచ్‌లలో చేతితో తయారై కిలోల లెక్కన అమ్మబడతాయి." },
      "Stuffed Sweets": { title: "పూర్ణం మిఠాయిలు", description: "పూర్ణం మిఠాయిలు (డ్రై ఫ్రూట్స్‌తో నింపినవి), చిన్న బ్యాచ్‌లలో చేతితో తయారై కిలోల లెక్కన అమ్మబడతాయి." },
      "Festive Sweets": { title: "పండుగ మిఠాయిలు", description: "పండుగ మిఠాయిలు (ప్రతి వేడుకకు), చిన్న బ్యాచ్‌లలో చేతితో తయారై కిలోల లెక్కన అమ్మబడతాయి." },
    },
  },
};

/** A page's whole `<title>` in `lang`: "<title> | <shop>", or the home page's "<shop> — <tagline>". */
export function localizedPageTitle(shopName: string, lang: Language, title?: string): string {
  return title ? `${title} | ${shopName}` : `${shopName} — ${PAGE_TITLES[lang].tagline}`;
}

/** A page's title and description in `lang` (the shop's description when the page has none of its own). */
export function pageText(lang: Language, key: PageKey): Required<PageText> {
  const text = PAGE_TITLES[lang].pages[key];
  return { title: text.title, description: text.description ?? PAGE_TITLES[lang].shopDescription };
}
