import { describe, expect, it } from "vitest";
import { scriptRuns } from "./fonts";

describe("scriptRuns", () => {
  it("cuts text where the font must change: each Indian script its own, Latin and ₹ in Noto Sans", () => {
    expect(scriptRuns("రాధిక శర్మ, नई दिल्ली ₹150")).toEqual([
      { script: "telugu", text: "రాధిక" },
      { script: "latin", text: " " },
      { script: "telugu", text: "శర్మ" },
      { script: "latin", text: ", " },
      { script: "devanagari", text: "नई" },
      { script: "latin", text: " " },
      { script: "devanagari", text: "दिल्ली" },
      { script: "latin", text: " " },
      { script: "latin-ext", text: "₹" },
      { script: "latin", text: "150" },
    ]);
  });

  it("keeps joiners, marks and dandas with the syllable before them, in its script", () => {
    expect(scriptRuns("క్\u200cష।")).toEqual([{ script: "telugu", text: "క్\u200cష।" }]);
    expect(scriptRuns("ਸਤਿ ਸ੍ਰੀ ਅਕਾਲ।")).toEqual([
      { script: "gurmukhi", text: "ਸਤਿ" },
      { script: "latin", text: " " },
      { script: "gurmukhi", text: "ਸ੍ਰੀ" },
      { script: "latin", text: " " },
      { script: "gurmukhi", text: "ਅਕਾਲ।" },
    ]);
    expect(scriptRuns("।")).toEqual([{ script: "devanagari", text: "।" }]);
    expect(scriptRuns("ಮೈಸೂರು পান্তুয়া ଓଡ଼ିଆ தமிழ் മലയാളം ગુજરાતી").map((run) => run.script).filter((script) => script !== "latin")).toEqual([
      "kannada",
      "bengali",
      "oriya",
      "tamil",
      "malayalam",
      "gujarati",
    ]);
  });
});
