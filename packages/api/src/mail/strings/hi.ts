import type { MailStrings } from "./types";

export const hi: MailStrings = {
  greeting: (name) => `नमस्ते ${name},`,
  statusNames: {
    "Order Recieved": "ऑर्डर मिल गया",
    "Food Processing": "तैयार हो रहा है",
    "Out for delivery": "डिलीवरी के लिए निकला",
    Delivered: "डिलीवर हो गया",
    Cancelled: "रद्द",
  },
  kg: (quantity) => `${quantity} किलो`,
  yourOrders: "आपके ऑर्डर",
  receipt: {
    subject: (shop, order) => `${shop}: ऑर्डर ${order} की पुष्टि हो गई`,
    thanks: (name, order) => `धन्यवाद, ${name}! हमें आपका भुगतान मिल गया है और आपके ऑर्डर ${order} की पुष्टि हो गई है।`,
    deliveringTo: (address) => `डिलीवरी का पता: ${address}`,
    invoice: (number, ordersUrl) => `कर बीजक ${number}: इसे अपने ऑर्डर (${ordersUrl}) से डाउनलोड करें।`,
    subtotal: (amount) => `उप-योग: ${amount}`,
    promo: (code, amount) => `प्रोमो कोड ${code}: -${amount}`,
    secondOrderDiscount: (amount) => `छूट (इस महीने का दूसरा ऑर्डर): -${amount}`,
    delivery: (zone, amount) => `डिलीवरी${zone ? ` (${zone})` : ""}: ${amount ?? "मुफ़्त"}`,
    paid: (amount, paymentId) => `भुगतान किया: ${amount} (भुगतान ${paymentId})`,
    track: "अपना ऑर्डर ट्रैक करें",
  },
  status: {
    statusLine: (status) => `स्थिति: ${status}`,
    headlines: {
      "Out for delivery": {
        subject: (order) => `ऑर्डर ${order} डिलीवरी के लिए निकल चुका है`,
        text: (order) => `आपका ऑर्डर ${order} हमारी रसोई से निकल चुका है और आप तक पहुँचने के रास्ते में है।`,
      },
      Delivered: {
        subject: (order) => `ऑर्डर ${order} डिलीवर हो गया है`,
        text: (order) => `आपका ऑर्डर ${order} डिलीवर हो गया है। उम्मीद है कि आपको हर टुकड़ा पसंद आएगा!`,
      },
      Cancelled: {
        subject: (order) => `ऑर्डर ${order} रद्द कर दिया गया है`,
        text: (order) =>
          `आपका ऑर्डर ${order} रद्द कर दिया गया है। अगर आपने इसका भुगतान किया था, तो पैसा आपके भुगतान के तरीके में वापस जाएगा; रिफ़ंड पूरा होने पर हम आपको फिर लिखेंगे।`,
      },
    },
  },
  refund: {
    subject: (shop, amount, order) => `${shop}: ऑर्डर ${order} के लिए ${amount} का रिफ़ंड`,
    refunded: (amount, order, why) => `हमने आपके ऑर्डर ${order} के लिए ${amount} रिफ़ंड कर दिए हैं (${why})।`,
    reasonWithCode: (reason, code) => `${reason} — कारण कोड ${code}`,
    clawback: (amount) => `${amount} रोक लिए गए: इस महीने के आपके बाद वाले ऑर्डर को ₹150 की छूट इसी ऑर्डर की वजह से मिली थी।`,
    bankTime: "पैसा उसी तरीके में वापस जाता है जिससे आपने भुगतान किया था; बैंक आम तौर पर इसे 5–7 कामकाजी दिनों में दिखा देते हैं।",
    creditNote: (number) => `क्रेडिट नोट ${number}: इसे अपने ऑर्डर से डाउनलोड करें।`,
  },
  reset: {
    subject: (shop) => `अपना ${shop} पासवर्ड रीसेट करें`,
    request: (shop, minutes) =>
      `हमें आपके ${shop} खाते का पासवर्ड रीसेट करने का अनुरोध मिला है। नया पासवर्ड चुनने के लिए ${minutes} मिनट के भीतर यह लिंक खोलें (यह एक ही बार काम करता है):`,
    action: "नया पासवर्ड चुनें",
    pasteLink: (link) => `या यह लिंक अपने ब्राउज़र में चिपकाएँ: ${link}`,
    ignore: "अगर आपने यह अनुरोध नहीं किया था, तो इस ई-मेल को अनदेखा कर दें: आपका पासवर्ड जैसा है वैसा ही रहेगा।",
  },
};
