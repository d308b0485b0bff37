import type { Category, FaqEntry } from "@mithai/schema";

/** How the demo picture draws one piece of the sweet (see packages/tooling/src/demo-art.ts). */
export type SweetShape = "sphere" | "square" | "diamond" | "disc" | "halfmoon" | "teardrop" | "spiral" | "roll" | "bar";

export interface DemoSweet {
  slug: string;
  name: string;
  description: string;
  /** Integer paise per kg. */
  pricePaise: number;
  category: Category;
  ingredients: string;
  benefits: string;
  faq: FaqEntry[];
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  /** Colours are hex; `shade` is the shadow side, `accent` a filling, nut or syrup colour. */
  art: {
    shape: SweetShape;
    base: string;
    shade: string;
    accent: string;
    garnish: "none" | "pistachio" | "silver" | "sesame" | "saffron" | "almond" | "coconut";
  };
}

/** The demo catalogue: 16 sweets, four in each category. */
export const DEMO_SWEETS: DemoSweet[] = [
  // ---------------------------------------------------------------- Flour Sweets
  {
    slug: "besan-laddoo",
    name: "Besan Laddoo",
    description:
      "Gram flour roasted slowly in pure ghee until it turns golden and smells of toasted nuts, then rolled by hand with powdered sugar and green cardamom. Each laddoo is dense yet melts on the tongue, just like the ones from a grandmother's kitchen.",
    pricePaise: 64000,
    category: "Flour Sweets",
    ingredients: "Gram flour (besan), pure cow ghee, powdered sugar, green cardamom, almonds, pistachios",
    benefits:
      "Gram flour brings a little plant protein and fibre to a festive treat. Made without colours or preservatives, so you taste only roasted besan, ghee and cardamom.",
    faq: [
      {
        question: "How long do besan laddoos stay fresh?",
        answer:
          "They keep well for up to 15 days in an airtight tin at room temperature, away from heat and sunlight. No refrigeration is needed.",
      },
      {
        question: "Do they contain nuts?",
        answer:
          "Yes, they are topped with chopped almonds and pistachios and are made in a kitchen that handles nuts and dairy.",
      },
    ],
    metaTitle: "Besan Laddoo - Pure Ghee Gram Flour Laddoo | Mithai",
    metaDescription:
      "Order handmade besan laddoo roasted slowly in pure ghee with cardamom and nuts. Melt-in-the-mouth, preservative free, shipped fresh across India.",
    metaKeywords: "besan laddoo, besan ladoo, gram flour laddoo, ghee laddoo, buy besan laddoo online, diwali sweets",
    art: { shape: "sphere", base: "#E3A63F", shade: "#B0701F", accent: "#F2C66B", garnish: "pistachio" },
  },
  {
    slug: "mysore-pak",
    name: "Mysore Pak",
    description:
      "The royal sweet of Karnataka: gram flour cooked into bubbling ghee and sugar syrup until it sets into a porous, golden block. Ours is the soft, ghee-rich style that crumbles gently and leaves a buttery finish.",
    pricePaise: 72000,
    category: "Flour Sweets",
    ingredients: "Gram flour (besan), pure cow ghee, sugar, water",
    benefits:
      "Just four honest ingredients with no added colour, essence or preservative. A small piece is rich and satisfying, so a little goes a long way.",
    faq: [
      {
        question: "Is this the hard or the soft Mysore Pak?",
        answer:
          "It is the soft, ghee-rich style that breaks easily with a fork. The edges are slightly firmer and the centre is melt-in-the-mouth.",
      },
      {
        question: "How should I store it?",
        answer:
          "Keep it in a closed box at room temperature and enjoy within 10 days. If your home is very warm, refrigerate it and bring it back to room temperature before serving.",
      },
    ],
    metaTitle: "Soft Ghee Mysore Pak - Traditional Karnataka Sweet | Mithai",
    metaDescription:
      "Buy soft Mysore Pak made with gram flour, pure ghee and sugar. Porous, buttery and melt-in-the-mouth, cooked in small batches and delivered fresh.",
    metaKeywords: "mysore pak, ghee mysore pak, soft mysore pak, karnataka sweets, besan sweets, buy mysore pak online",
    art: { shape: "square", base: "#EDB341", shade: "#B97520", accent: "#FFD77A", garnish: "none" },
  },
  {
    slug: "atta-pinni",
    name: "Atta Pinni",
    description:
      "A Punjabi winter favourite of whole wheat flour roasted deep brown in desi ghee, bound with sugar and studded with almonds, melon seeds and a little edible gum. Hearty, nutty and perfect with a cup of evening chai.",
    pricePaise: 68000,
    category: "Flour Sweets",
    ingredients:
      "Whole wheat flour (atta), pure cow ghee, sugar, almonds, melon seeds, edible gum (gond), green cardamom",
    benefits:
      "Whole wheat flour and nuts make pinni a filling, warming sweet for cold mornings. There is no maida, colour or preservative in it.",
    faq: [
      {
        question: "What is the shelf life of atta pinni?",
        answer:
          "Pinni keeps for up to 3 weeks in an airtight container at room temperature, which is why Punjabi families make them in big batches every winter.",
      },
      {
        question: "Does it contain gluten or nuts?",
        answer:
          "Yes. It is made from whole wheat flour, so it contains gluten, and it has almonds and melon seeds in it.",
      },
    ],
    metaTitle: "Atta Pinni - Punjabi Whole Wheat Ghee Pinni | Mithai",
    metaDescription:
      "Order Punjabi atta pinni made with roasted whole wheat, desi ghee, almonds, melon seeds and gond. A warming winter sweet, handmade and fresh.",
    metaKeywords: "atta pinni, pinni, punjabi pinni, wheat laddoo, winter sweets, gond pinni, buy pinni online",
    art: { shape: "sphere", base: "#A86C36", shade: "#6E401B", accent: "#D09A5E", garnish: "almond" },
  },
  {
    slug: "soan-papdi",
    name: "Soan Papdi",
    description:
      "Gram flour and refined flour roasted in ghee, pulled into sugar syrup again and again until it forms hundreds of feather-light, flaky strands. Each cube is crisp at the edges and dissolves the moment it touches your tongue.",
    pricePaise: 48000,
    category: "Flour Sweets",
    ingredients: "Sugar, gram flour (besan), refined wheat flour, pure ghee, milk, green cardamom, pistachios, almonds",
    benefits:
      "Light and airy, so a single piece satisfies a sweet craving without feeling heavy. It travels well and is a long-lasting gift.",
    faq: [
      {
        question: "Why is soan papdi so flaky?",
        answer:
          "The hot sugar mass is pulled and folded into the roasted flour by hand many times, which traps air and creates the thread-like layers.",
      },
      {
        question: "How long does it last?",
        answer:
          "Kept sealed and dry, it stays fresh for up to a month. Close the box after opening, because humidity makes the flakes soft.",
      },
    ],
    metaTitle: "Soan Papdi - Flaky Ghee Soan Papdi Cubes | Mithai",
    metaDescription:
      "Buy flaky, melt-in-the-mouth soan papdi made with roasted gram flour, ghee and cardamom, topped with pistachio. A long-lasting festive gift.",
    metaKeywords: "soan papdi, son papdi, patisa, flaky sweet, diwali gift sweets, buy soan papdi online",
    art: { shape: "square", base: "#EDD9A0", shade: "#C4A466", accent: "#F8EBC4", garnish: "pistachio" },
  },
  // ---------------------------------------------------------------- Jaggery Sweets
  {
    slug: "gur-til-laddoo",
    name: "Gur Til Laddoo",
    description:
      "Toasted white sesame seeds bound in bubbling jaggery syrup with a pinch of cardamom and rolled while still warm. Crunchy, nutty and deeply caramel, just like the laddoos shared on Makar Sankranti.",
    pricePaise: 56000,
    category: "Jaggery Sweets",
    ingredients: "White sesame seeds, jaggery, peanuts, ghee, green cardamom",
    benefits:
      "Sweetened only with jaggery, with no refined sugar. Sesame and peanuts add a satisfying crunch and a little natural oil and protein.",
    faq: [
      {
        question: "Is there any refined sugar in these laddoos?",
        answer: "No. They are sweetened only with jaggery, which gives them their dark colour and caramel taste.",
      },
      {
        question: "How long do they keep, and are they hard to bite?",
        answer:
          "They stay crisp for about 3 weeks in an airtight jar. They are crunchy rather than rock-hard, but people with sensitive teeth may prefer to break them into halves.",
      },
    ],
    metaTitle: "Gur Til Laddoo - Sesame Jaggery Laddoo | Mithai",
    metaDescription:
      "Order crunchy gur til laddoo made with toasted sesame and pure jaggery, no refined sugar. A Makar Sankranti classic, handmade in small batches.",
    metaKeywords: "til laddoo, gur til laddoo, sesame laddoo, jaggery laddoo, makar sankranti sweets, tilgul",
    art: { shape: "sphere", base: "#94592A", shade: "#5C3214", accent: "#C98D4E", garnish: "sesame" },
  },
  {
    slug: "peanut-chikki",
    name: "Peanut Chikki",
    description:
      "Roasted, skinned peanuts folded into jaggery cooked to the hard-crack stage, then rolled thin and cut into bars while warm. It snaps cleanly and tastes of toffee, toasted nuts and a hint of ghee.",
    pricePaise: 44000,
    category: "Jaggery Sweets",
    ingredients: "Roasted peanuts, jaggery, ghee, a pinch of cardamom",
    benefits:
      "A simple snack of peanuts and jaggery with no refined sugar or glucose syrup. Peanuts bring plant protein and crunch.",
    faq: [
      {
        question: "Does the chikki get sticky?",
        answer:
          "Jaggery draws moisture from the air, so keep the bars in their sealed pack or an airtight jar. Stored this way they stay crisp for up to 4 weeks.",
      },
      {
        question: "Is it safe for people with peanut allergy?",
        answer: "No. Peanut chikki is made mostly of peanuts and should be avoided by anyone with a peanut allergy.",
      },
    ],
    metaTitle: "Peanut Chikki - Jaggery Groundnut Bars | Mithai",
    metaDescription:
      "Buy crunchy peanut chikki made with roasted groundnuts and pure jaggery, no refined sugar or glucose. Thin, crisp bars cut by hand.",
    metaKeywords: "peanut chikki, groundnut chikki, jaggery chikki, gur chikki, lonavala chikki, buy chikki online",
    art: { shape: "bar", base: "#B8772C", shade: "#7A4716", accent: "#E6BE7E", garnish: "none" },
  },
  {
    slug: "nolen-gur-sandesh",
    name: "Nolen Gur Sandesh",
    description:
      "Fresh chhena kneaded with nolen gur, the fragrant date-palm jaggery that reaches Kolkata only in winter, and pressed into soft rounds. Delicate, smoky-sweet and lightly caramel, it is Bengal's favourite seasonal treat.",
    pricePaise: 88000,
    category: "Jaggery Sweets",
    ingredients: "Fresh chhena (cottage cheese), nolen gur (date palm jaggery), a little sugar, green cardamom",
    benefits:
      "Made from fresh milk chhena, so it is lighter than fried or ghee-rich sweets. Date-palm jaggery gives it a natural caramel aroma with no added flavouring.",
    faq: [
      {
        question: "How should I store sandesh?",
        answer:
          "Sandesh is a fresh milk sweet. Refrigerate it as soon as it arrives and enjoy within 3 days for the best texture.",
      },
      {
        question: "Is nolen gur sandesh available all year?",
        answer:
          "We make it in the winter months while fresh nolen gur is available. Outside the season we use our best stored date-palm jaggery, which is just as fragrant but slightly darker.",
      },
    ],
    metaTitle: "Nolen Gur Sandesh - Bengali Date Palm Jaggery | Mithai",
    metaDescription:
      "Order soft nolen gur sandesh from fresh chhena and date-palm jaggery. A delicate Bengali winter sweet, made in small batches and sent chilled.",
    metaKeywords: "nolen gur sandesh, sandesh, bengali sweets, date palm jaggery, chhena sweets, notun gur sandesh",
    art: { shape: "disc", base: "#D6AE80", shade: "#A27A4E", accent: "#8E5A2E", garnish: "none" },
  },
  {
    slug: "gur-papdi-sukhdi",
    name: "Gur Papdi (Sukhdi)",
    description:
      "A Gujarati home staple of whole wheat flour roasted in ghee and stirred into melted jaggery, spread on a thali and cut into squares while warm. Soft, fudgy and fragrant with dry ginger and cardamom.",
    pricePaise: 52000,
    category: "Jaggery Sweets",
    ingredients: "Whole wheat flour, jaggery, pure ghee, dry ginger powder, green cardamom, almonds",
    benefits:
      "Only wheat, ghee and jaggery, with no refined sugar. It is a comforting, energy-giving sweet Gujarati families pack for travel.",
    faq: [
      {
        question: "Is sukhdi soft or crunchy?",
        answer:
          "Ours is the soft, slightly fudgy style. It firms up a little in winter; a few seconds in the microwave brings back the softness.",
      },
      {
        question: "How long does sukhdi stay fresh?",
        answer: "About 2 weeks in an airtight box at room temperature. It travels well, so it makes a good gift to send.",
      },
    ],
    metaTitle: "Gur Papdi (Sukhdi) - Gujarati Jaggery Sweet | Mithai",
    metaDescription:
      "Buy soft Gujarati gur papdi, also called sukhdi, made with roasted wheat flour, pure ghee and jaggery. No refined sugar, handmade fresh.",
    metaKeywords: "gur papdi, sukhdi, gol papdi, gujarati sweets, jaggery sweets, wheat jaggery barfi",
    art: { shape: "square", base: "#A9682D", shade: "#6F3E16", accent: "#C98B4C", garnish: "almond" },
  },
  // ---------------------------------------------------------------- Stuffed Sweets
  {
    slug: "gujiya",
    name: "Gujiya",
    description:
      "Crisp half-moon pastries with a hand-crimped edge, filled with sweet roasted khoya, coconut, raisins and chopped nuts, then fried slowly in ghee. The flaky shell gives way to a rich, fragrant centre, the taste of Holi in every bite.",
    pricePaise: 76000,
    category: "Stuffed Sweets",
    ingredients:
      "Refined wheat flour, pure ghee, khoya (milk solids), sugar, desiccated coconut, cashews, almonds, raisins, green cardamom",
    benefits:
      "Fried in pure ghee rather than vegetable fat, with a generous milk-and-nut filling. We make them fresh in small batches so the shell stays crisp.",
    faq: [
      {
        question: "How long do gujiyas stay crisp?",
        answer:
          "About 7 days in an airtight container at room temperature. Because the filling contains khoya, keep them somewhere cool and dry.",
      },
      {
        question: "Which allergens do they contain?",
        answer: "They contain wheat (gluten), milk and tree nuts such as cashews and almonds.",
      },
    ],
    metaTitle: "Gujiya - Khoya and Dry Fruit Stuffed Gujiya | Mithai",
    metaDescription:
      "Order crisp, hand-crimped gujiya filled with khoya, coconut and dry fruits and fried in pure ghee. The classic Holi sweet, made fresh to order.",
    metaKeywords: "gujiya, mawa gujiya, khoya gujiya, holi sweets, karanji, buy gujiya online",
    art: { shape: "halfmoon", base: "#E7B96C", shade: "#AE7834", accent: "#F6DEA6", garnish: "none" },
  },
  {
    slug: "ukadiche-modak",
    name: "Ukadiche Modak",
    description:
      "Steamed rice-flour dumplings pleated by hand into little pointed domes, filled with fresh coconut and jaggery scented with cardamom and nutmeg. Served with a spoon of ghee, they are Lord Ganesha's favourite and ours too.",
    pricePaise: 96000,
    category: "Stuffed Sweets",
    ingredients: "Rice flour, fresh coconut, jaggery, ghee, green cardamom, nutmeg, saffron, a pinch of salt",
    benefits:
      "Steamed, not fried, with a filling of fresh coconut and jaggery and no refined sugar. Naturally free of wheat.",
    faq: [
      {
        question: "How soon should modaks be eaten?",
        answer:
          "Ukadiche modak are best the day they arrive. Refrigerate them and eat within 2 days; steam for 3 to 4 minutes to make them soft again.",
      },
      {
        question: "Are they gluten free?",
        answer:
          "The shell is made from rice flour and contains no wheat. They are prepared in a kitchen that also handles wheat, so we cannot promise there are no traces.",
      },
    ],
    metaTitle: "Ukadiche Modak - Steamed Coconut Jaggery Modak | Mithai",
    metaDescription:
      "Order hand-pleated ukadiche modak, steamed rice dumplings filled with fresh coconut and jaggery. Ganesh Chaturthi's favourite, made to order.",
    metaKeywords: "ukadiche modak, modak, steamed modak, ganesh chaturthi sweets, coconut jaggery modak, maharashtrian sweets",
    art: { shape: "teardrop", base: "#F5EDDF", shade: "#CDBBA0", accent: "#E8C98F", garnish: "saffron" },
  },
  {
    slug: "stuffed-khajur",
    name: "Stuffed Khajur",
    description:
      "Soft, plump dates pitted by hand and filled with a mix of almonds, cashews and pistachios, then rolled and sliced to show the jewel-like nut centre. Naturally sweet and chewy, with a good crunch in the middle.",
    pricePaise: 148000,
    category: "Stuffed Sweets",
    ingredients: "Seedless dates, almonds, cashews, pistachios, walnuts, a touch of ghee, green cardamom",
    benefits:
      "Sweetened only by the dates themselves, with no added sugar. A generous share of nuts makes it a satisfying bite.",
    faq: [
      {
        question: "Does stuffed khajur have added sugar?",
        answer:
          "No. All the sweetness comes from the dates. Dates are naturally high in sugar, though, so enjoy them in moderation.",
      },
      {
        question: "How long does it last and is it good for gifting?",
        answer:
          "It keeps for up to 4 weeks in an airtight box in a cool, dry place, which makes it one of our most popular gifts to send across India.",
      },
    ],
    metaTitle: "Stuffed Khajur - Dates Filled with Dry Fruits | Mithai",
    metaDescription:
      "Buy stuffed khajur: soft dates filled with almonds, cashews and pistachios, with no added sugar. A rich, chewy treat and a thoughtful gift.",
    metaKeywords: "stuffed khajur, stuffed dates, dates dry fruit roll, khajur roll, sugar free sweets, dry fruit gift",
    art: { shape: "roll", base: "#5E2E17", shade: "#35160A", accent: "#D9B982", garnish: "pistachio" },
  },
  {
    slug: "malai-sandwich",
    name: "Malai Sandwich",
    description:
      "Soft chhena cakes simmered in light syrup, split open and filled with thick, saffron-tinted malai, then finished with pistachio. A cool, creamy Bengali classic that is as pretty as it is delicious.",
    pricePaise: 84000,
    category: "Stuffed Sweets",
    ingredients: "Fresh chhena (cottage cheese), sugar, milk, malai (clotted cream), saffron, green cardamom, pistachios",
    benefits:
      "A fresh milk sweet that is light and not fried. Only real saffron gives the cream its colour.",
    faq: [
      {
        question: "Does malai sandwich need refrigeration?",
        answer:
          "Yes. It is filled with fresh cream, so keep it refrigerated and enjoy within 2 days. It tastes best served chilled.",
      },
      {
        question: "Is it very sweet?",
        answer:
          "It is moderately sweet. We drain most of the syrup before filling, so the creamy malai and saffron come through.",
      },
    ],
    metaTitle: "Malai Sandwich - Bengali Chhena Cream Sweet | Mithai",
    metaDescription:
      "Order malai sandwich: soft chhena filled with saffron malai and pistachio. A creamy Bengali sweet made fresh, delivered chilled in small batches.",
    metaKeywords: "malai sandwich, bengali sweets, chhena sweets, cream sandwich sweet, malai chop, buy bengali sweets online",
    art: { shape: "roll", base: "#F2E4C4", shade: "#CDB68A", accent: "#F7D27A", garnish: "pistachio" },
  },
  // ---------------------------------------------------------------- Festive Sweets
  {
    slug: "kaju-katli",
    name: "Kaju Katli",
    description:
      "Finely ground cashews cooked gently with sugar into a smooth, fudge-like dough, rolled thin and cut into classic diamonds. Finished with edible silver leaf, it is the box everyone hopes to open at Diwali.",
    pricePaise: 128000,
    category: "Festive Sweets",
    ingredients: "Cashew nuts, sugar, pure ghee, edible silver leaf (varq)",
    benefits:
      "Made from premium cashews with no flour or filler, so each thin diamond is rich and smooth. A little piece feels indulgent.",
    faq: [
      {
        question: "Is the silver leaf vegetarian?",
        answer:
          "Yes. We use food-grade silver varq made by machine between paper sheets, without any animal products. We can also pack it without varq on request.",
      },
      {
        question: "How long does kaju katli stay fresh?",
        answer:
          "Up to 2 weeks at room temperature in a sealed box, or 3 weeks refrigerated. It contains cashews, so it is not suitable for people with a tree nut allergy.",
      },
    ],
    metaTitle: "Kaju Katli - Cashew Barfi with Silver Varq | Mithai",
    metaDescription:
      "Buy smooth kaju katli made with premium cashews and finished with edible silver varq. The classic Diwali gift, cut into thin diamonds by hand.",
    metaKeywords: "kaju katli, kaju barfi, cashew barfi, diwali sweets, silver varq sweets, buy kaju katli online",
    art: { shape: "diamond", base: "#F2E7D3", shade: "#D1BD9A", accent: "#FFF8EA", garnish: "silver" },
  },
  {
    slug: "motichoor-laddoo",
    name: "Motichoor Laddoo",
    description:
      "Tiny pearls of gram flour boondi fried in ghee, soaked in saffron-cardamom syrup and pressed into soft, glistening laddoos. Moist, fragrant and crumbly, they are the sweet of every wedding, puja and celebration.",
    pricePaise: 60000,
    category: "Festive Sweets",
    ingredients: "Gram flour (besan), pure ghee, sugar, saffron, green cardamom, melon seeds, pistachios, rose water",
    benefits:
      "Coloured with real saffron rather than synthetic colour, and fried in pure ghee. Soft enough for children and grandparents alike.",
    faq: [
      {
        question: "How long do motichoor laddoos last?",
        answer:
          "They are best within 7 days. Keep them in an airtight box at room temperature; refrigeration can make them firm.",
      },
      {
        question: "Can I order them for a wedding or puja?",
        answer:
          "Yes. We pack them in gift boxes of any size and take bulk orders for weddings, pujas and office celebrations with a few days' notice.",
      },
    ],
    metaTitle: "Motichoor Laddoo - Saffron Boondi Laddoo | Mithai",
    metaDescription:
      "Order soft motichoor laddoo made from fine ghee-fried boondi, saffron and cardamom. Perfect for weddings, pujas and festive gift boxes.",
    metaKeywords: "motichoor laddoo, motichoor ladoo, boondi laddoo, wedding sweets, puja prasad, buy laddoo online",
    art: { shape: "sphere", base: "#F4972A", shade: "#C4621A", accent: "#FFC15A", garnish: "pistachio" },
  },
  {
    slug: "jalebi",
    name: "Jalebi",
    description:
      "Lightly fermented batter piped freehand into spirals, fried until crisp and plunged into warm saffron syrup. Crunchy outside, juicy inside and best eaten warm, perhaps with a little rabri.",
    pricePaise: 48000,
    category: "Festive Sweets",
    ingredients: "Refined wheat flour, yoghurt, pure ghee, sugar, saffron, green cardamom, lemon juice",
    benefits:
      "Fried in pure ghee and coloured with saffron, not artificial colour. Best enjoyed warm as an occasional festive treat.",
    faq: [
      {
        question: "How do I make jalebi crisp again?",
        answer:
          "Warm them in an oven or air fryer at 150 C for 3 to 4 minutes. Avoid the microwave, which makes them soft.",
      },
      {
        question: "How long do they stay fresh?",
        answer:
          "Jalebi is best on the day it is made and keeps for up to 2 days in a closed box. It contains wheat (gluten) and milk.",
      },
    ],
    metaTitle: "Jalebi - Crisp Saffron Syrup Jalebi in Ghee | Mithai",
    metaDescription:
      "Buy crisp, juicy jalebi piped by hand, fried in pure ghee and soaked in saffron syrup. Best warm with rabri for festivals and Sunday mornings.",
    metaKeywords: "jalebi, desi ghee jalebi, saffron jalebi, jalebi rabri, festival sweets, buy jalebi online",
    art: { shape: "spiral", base: "#F39A1E", shade: "#BD5E0D", accent: "#FFD36E", garnish: "none" },
  },
  {
    slug: "kaju-pista-roll",
    name: "Kaju Pista Roll",
    description:
      "Smooth cashew dough wrapped around a bright core of ground pistachio, rolled into logs and sliced to show the green swirl. Finished with silver varq, it is an elegant centrepiece for any festive box.",
    pricePaise: 156000,
    category: "Festive Sweets",
    ingredients: "Cashew nuts, pistachios, sugar, pure ghee, green cardamom, edible silver leaf (varq)",
    benefits:
      "Made almost entirely of cashews and pistachios with no flour or khoya. The pistachio colour is natural, not added.",
    faq: [
      {
        question: "Is the green colour natural?",
        answer: "Yes. The green centre is simply ground pistachio; we add no colour of any kind.",
      },
      {
        question: "Is it good for corporate or wedding gifting?",
        answer:
          "Yes. It keeps for 2 weeks at room temperature and travels well, so we pack it in gift boxes for weddings and corporate orders. It contains tree nuts.",
      },
    ],
    metaTitle: "Kaju Pista Roll - Cashew Pistachio Roll Sweet | Mithai",
    metaDescription:
      "Order kaju pista roll: smooth cashew dough around a natural pistachio centre, finished with silver varq. An elegant festive and wedding gift.",
    metaKeywords: "kaju pista roll, cashew pistachio roll, kaju roll, dry fruit sweets, wedding gift sweets, diwali gift box",
    art: { shape: "roll", base: "#F0E4CC", shade: "#C9B48D", accent: "#8DB34A", garnish: "silver" },
  },
];
