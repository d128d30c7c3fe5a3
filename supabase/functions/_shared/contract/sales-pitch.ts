// Whether a call's words make it a sales call: a call that encourages buying, renting or investing
// is telemarketing whatever the task says (47 CFR 64.1200(f)(13)), and needs the callee's prior
// express written consent. An informational task whose goal reads as a pitch is refused, so the
// purpose cannot be used to skip consent. The rules are plain phrases, each with why it counts; a
// real informational goal ("offer Thursday if 3 pm does not suit") passes.

type PitchRule = { pattern: RegExp; why: string };

const PRODUCT =
  '(?:plan|product|service|deal|discount|subscription|package|membership|upgrade|sale|promotion|warranty|policy|bundle|program|trial)s?';

const RULES: PitchRule[] = [
  {
    pattern: new RegExp(
      `\\boffer(?:s|ing)?\\s+(?:(?:them|him|her|the\\s+callee|you)\\s+)?(?:(?:the|our|a|an|this|that|their)\\s+)?(?:[\\w-]+\\s+){0,3}${PRODUCT}\\b`,
      'i',
    ),
    why: 'it offers a product, plan or service',
  },
  {
    pattern:
      /\b(?:discount|promo(?:tion(?:al)?)?|coupon|special offer|limited[- ]time|free trial|\d+\s?% off|percent off|on sale|(?:spring|summer|fall|autumn|winter|holiday|black friday|flash|clearance) sale)\b/i,
    why: 'it promotes a price, sale or promotion',
  },
  {
    pattern: /\b(?:sell|upsell|cross-sell|pitch|telemarket)(?:s|ing)?\b/i,
    why: 'it sells',
  },
  {
    pattern:
      /\b(?:convince|persuade|get|encourage|urge|ask)\s+(?:them|him|her|the callee|people|customers?)\s+to\s+(?:buy|purchase|sign up|subscribe|upgrade|enroll|switch|invest|renew)\b/i,
    why: 'it asks the callee to buy, subscribe or invest',
  },
];

/** Why the text reads as a sales pitch (the phrase and the rule), or null when it does not. */
export function salesPitchIn(text: string): { phrase: string; why: string } | null {
  const plain = text.normalize('NFKC');
  for (const rule of RULES) {
    const found = rule.pattern.exec(plain);
    if (found) return { phrase: found[0], why: rule.why };
  }
  return null;
}

/** The refusal of an informational call whose words are a pitch, naming what made it one. */
export const salesPitchRefusal = (field: string, pitch: { phrase: string; why: string }) =>
  `${field} reads as a sales call ("${pitch.phrase}": ${pitch.why}), which the law treats as marketing: send purpose "marketing" with the callee's prior express written consent (consent), or reword it. See /docs#legal-basis.`;
