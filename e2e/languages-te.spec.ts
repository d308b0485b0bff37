import { test } from "./support/test";
import { languageJourney } from "./support/language-journey";

test.describe("the shop in Telugu", () => {
  languageJourney({
    language: "te",
    htmlLang: "te-IN",
    heroHeading: "తీరిగ్గా తయారైన మిఠాయిలు, తాజాగా మీ ఇంటి వద్దకు",
    accept: "అంగీకరించండి",
    add: "జోడించండి",
    proceedToCart: "కార్ట్‌కి వెళ్లండి",
    cartHeading: "మీ కార్ట్",
    checkout: "చెక్‌అవుట్‌కి వెళ్లండి",
    loginDialog: "లాగిన్",
    toSignUp: "ఇక్కడ నొక్కండి",
    signUpDialog: "సైన్ అప్",
    yourName: "మీ పేరు",
    email: "ఈమెయిల్",
    password: "పాస్‌వర్డ్",
    agree: "కొనసాగడం ద్వారా వినియోగ నిబంధనలు, గోప్యతా విధానానికి నేను అంగీకరిస్తున్నాను.",
    createAccount: "ఖాతా తెరవండి",
    street: "వీధి, ఇంటి నంబర్",
    city: "నగరం",
    state: "రాష్ట్రం",
    pincode: "పిన్ కోడ్",
    mobile: "మొబైల్",
    proceedToPayment: "చెల్లింపుకు వెళ్లండి",
    pay: /^₹[\d,.]+ చెల్లించండి$/,
    paid: "చెల్లింపు విజయవంతం!",
    viewMyOrders: "నా ఆర్డర్లు చూడండి",
    myOrders: "నా ఆర్డర్లు",
    invoice: /^బిల్లు MTH\/\d\d-\d\d\/\d+$/,
    customer: { name: "రాధిక శర్మ", street: "14 రెసిడెన్సీ రోడ్", city: "బెంగళూరు", state: "కర్ణాటక" },
  });
});
