import type { MailStrings } from "./types";

export const te: MailStrings = {
  greeting: (name) => `నమస్తే ${name},`,
  statusNames: {
    "Order Recieved": "ఆర్డర్ అందింది",
    "Food Processing": "తయారవుతోంది",
    "Out for delivery": "డెలివరీకి బయలుదేరింది",
    Delivered: "డెలివరీ అయింది",
    Cancelled: "రద్దయింది",
  },
  kg: (quantity) => `${quantity} కిలో`,
  yourOrders: "మీ ఆర్డర్లు",
  receipt: {
    subject: (shop, order) => `${shop}: ఆర్డర్ ${order} నిర్ధారించబడింది`,
    thanks: (name, order) => `ధన్యవాదాలు, ${name}! మీ చెల్లింపు మాకు అందింది, మీ ఆర్డర్ ${order} నిర్ధారించబడింది.`,
    deliveringTo: (address) => `డెలివరీ చిరునామా: ${address}`,
    invoice: (number, ordersUrl) => `పన్ను ఇన్‌వాయిస్ ${number}: మీ ఆర్డర్ల (${ordersUrl}) నుండి డౌన్‌లోడ్ చేసుకోండి.`,
    subtotal: (amount) => `ఉప మొత్తం: ${amount}`,
    promo: (code, amount) => `ప్రోమో కోడ్ ${code}: -${amount}`,
    secondOrderDiscount: (amount) => `తగ్గింపు (ఈ నెలలో రెండో ఆర్డర్): -${amount}`,
    delivery: (zone, amount) => `డెలివరీ${zone ? ` (${zone})` : ""}: ${amount ?? "ఉచితం"}`,
    paid: (amount, paymentId) => `చెల్లించినది: ${amount} (చెల్లింపు ${paymentId})`,
    track: "మీ ఆర్డర్‌ను ట్రాక్ చేయండి",
  },
  status: {
    statusLine: (status) => `స్థితి: ${status}`,
    headlines: {
      "Out for delivery": {
        subject: (order) => `ఆర్డర్ ${order} డెలివరీకి బయలుదేరింది`,
        text: (order) => `మీ ఆర్డర్ ${order} మా వంటగది నుండి బయలుదేరింది, మీ దగ్గరికి వస్తోంది.`,
      },
      Delivered: {
        subject: (order) => `ఆర్డర్ ${order} డెలివరీ అయింది`,
        text: (order) => `మీ ఆర్డర్ ${order} డెలివరీ అయింది. ప్రతి ముక్కా మీకు నచ్చుతుందని ఆశిస్తున్నాం!`,
      },
      Cancelled: {
        subject: (order) => `ఆర్డర్ ${order} రద్దు చేయబడింది`,
        text: (order) =>
          `మీ ఆర్డర్ ${order} రద్దు చేయబడింది. మీరు దానికి చెల్లించి ఉంటే, ఆ డబ్బు మీరు చెల్లించిన పద్ధతికే తిరిగి వెళ్తుంది; రీఫండ్ పూర్తయ్యాక మళ్ళీ రాస్తాం.`,
      },
    },
  },
  refund: {
    subject: (shop, amount, order) => `${shop}: ఆర్డర్ ${order} కోసం ${amount} రీఫండ్ చేశాం`,
    refunded: (amount, order, why) => `మీ ఆర్డర్ ${order} కోసం ${amount} రీఫండ్ చేశాం (${why}).`,
    reasonWithCode: (reason, code) => `${reason} — కారణం కోడ్ ${code}`,
    clawback: (amount) => `${amount} నిలిపి ఉంచాం: ఈ నెలలో మీ తర్వాతి ఆర్డర్‌కు ₹150 తగ్గింపు ఈ ఆర్డర్ వల్లే వచ్చింది.`,
    bankTime: "ఈ డబ్బు మీరు చెల్లించిన పద్ధతికే తిరిగి వెళ్తుంది; బ్యాంకులు సాధారణంగా 5–7 పని దినాల్లో దాన్ని చూపిస్తాయి.",
    creditNote: (number) => `క్రెడిట్ నోట్ ${number}: మీ ఆర్డర్ల నుండి డౌన్‌లోడ్ చేసుకోండి.`,
  },
  reset: {
    subject: (shop) => `మీ ${shop} పాస్‌వర్డ్‌ను రీసెట్ చేయండి`,
    request: (shop, minutes) =>
      `మీ ${shop} ఖాతా పాస్‌వర్డ్‌ను రీసెట్ చేయమని మాకు అభ్యర్థన వచ్చింది. కొత్త పాస్‌వర్డ్ ఎంచుకోవడానికి ${minutes} నిమిషాల్లోపు ఈ లింక్‌ను తెరవండి (ఇది ఒక్కసారే పనిచేస్తుంది):`,
    action: "కొత్త పాస్‌వర్డ్ ఎంచుకోండి",
    pasteLink: (link) => `లేదా ఈ లింక్‌ను మీ బ్రౌజర్‌లో అతికించండి: ${link}`,
    ignore: "మీరు దీన్ని అడగకపోతే, ఈ ఇ-మెయిల్‌ను పట్టించుకోనవసరం లేదు: మీ పాస్‌వర్డ్ అలాగే ఉంటుంది.",
  },
};
