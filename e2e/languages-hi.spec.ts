import { test } from "./support/test";
import { languageJourney } from "./support/language-journey";

test.describe("the shop in Hindi", () => {
  languageJourney({
    language: "hi",
    htmlLang: "hi-IN",
    heroHeading: "इत्मीनान से बनी मिठाइयाँ, ताज़ा आपके दरवाज़े तक",
    accept: "स्वीकार करें",
    add: "डालें",
    proceedToCart: "कार्ट पर जाएँ",
    cartHeading: "आपका कार्ट",
    checkout: "चेकआउट करें",
    loginDialog: "लॉग इन",
    toSignUp: "यहाँ क्लिक करें",
    signUpDialog: "साइन अप",
    yourName: "आपका नाम",
    email: "ईमेल",
    password: "पासवर्ड",
    agree: "आगे बढ़कर मैं इस्तेमाल की शर्तों और गोपनीयता नीति से सहमत हूँ।",
    createAccount: "खाता बनाएँ",
    street: "गली/मोहल्ला और मकान नंबर",
    city: "शहर",
    state: "राज्य",
    pincode: "पिन कोड",
    mobile: "मोबाइल",
    proceedToPayment: "भुगतान करें",
    pay: /^₹[\d,.]+ चुकाएँ$/,
    paid: "भुगतान हो गया!",
    viewMyOrders: "मेरे ऑर्डर देखें",
    myOrders: "मेरे ऑर्डर",
    invoice: /^बिल MTH\/\d\d-\d\d\/\d+$/,
    customer: { name: "राधिका शर्मा", street: "14 रेज़िडेंसी रोड", city: "बेंगलुरु", state: "कर्नाटक" },
  });
});
