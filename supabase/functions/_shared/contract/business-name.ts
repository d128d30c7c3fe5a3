// The business name a call's opening speaks and the agent's instructions quote: the account's KYC
// legal name, which its owner may edit at any time, so it is held to what a name is. The same rules
// are the database's (private.business_name_problem, on every write of user_kyc.legal_name); the
// functions apply them again before a name is spoken, for rows written before the rules existed.
import { folded, goalRemovesDisclosure } from './disclosure-screen.ts';

export const BUSINESS_NAME_MAX_LENGTH = 200;
export const BUSINESS_NAME_MAX_WORDS = 16;

// Line breaks, other control characters and the invisible ones (zero-width, bidi controls) that
// could hide text from a reviewer.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;
// ASCII punctuation a legal name does not need and an instruction does (quotes, colons, brackets,
// markup): letters of every script, digits, spaces and & . , ' - ( ) / + ! stay allowed.
const NOT_IN_A_NAME = /["#$%*:;<=>?@[\\\]^_`{|}~]/;

// A name that speaks to the agent, or about what the caller is.
const INSTRUCTION_PATTERNS: RegExp[] = [
  /\b(?:not|never|no longer|isn't|is not)\s+(?:an?\s+)?(?:ai|a\.i\.?|bot|robot|machine|computer|recording|automated|assistant)\b/,
  /\b(?:real|actual|live)\s+(?:person|human|people|caller)\b/,
  /\b(?:i am|i'm|im|this is|we are|we're)\s+(?:an?\s+)?(?:real\s+)?(?:human|person|people)\b/,
  /\b(?:if|when)\s+(?:anyone|someone|somebody|they|asked|you're|you are)\b/,
  /\b(?:ignore|disregard|override|pretend|roleplay|role-play|role play)\b/,
  /\byou\s+(?:must|should|shall|will|are now|are not|are a|are an)\b/,
];

// Public bodies a caller must not appear to be: government agencies, courts, police, the armed
// forces. Such a name is for our support to review, not for a form to accept.
const PUBLIC_BODY_PATTERNS: RegExp[] = [
  /\b(?:federal|government|gov't|govt)\b/,
  /\b(?:fbi|irs|cia|dea|atf|fema|uscis|usps|ftc|fcc|dhs|doj|hhs|nsa)\b/,
  /\b(?:internal revenue|social security|medicare|medicaid|homeland security|secret service|postal service|white house|veterans affairs|border patrol|customs and border|immigration and customs|citizenship and immigration|drug enforcement|attorney general|district attorney|trade commission|communications commission|national guard|air force|coast guard|marine corps)\b/,
  /\b(?:department|dept\.?|ministry|bureau) of\b/,
  /\b(?:state|county|city|commonwealth) of\b/,
  /\b(?:police|sheriff|sheriff's|courthouse|embassy|consulate|army|navy)\b/,
  /\b(?:supreme|superior|district|county|federal|municipal|family|traffic) court\b/,
  /\b(?:united states|u\.s\.a?\.?|us)\s+(?:government|department|treasury|army|navy|marshals?|congress|senate)\b/,
];

/**
 * Why a legal name cannot be the business name calls speak, or null when it can. `publicBodies`
 * false leaves out the public-body check: a name our support reviewed and wrote may read as one.
 */
export function businessNameProblem(
  raw: string,
  { publicBodies = true }: { publicBodies?: boolean } = {},
): string | null {
  const name = raw.normalize('NFKC').trim();
  if (name.length === 0) return 'Enter legal name.';
  if (name.length > BUSINESS_NAME_MAX_LENGTH) return 'Keep the legal name under 200 characters.';
  if (INVISIBLE.test(name))
    return 'The legal name must be one line of visible characters (no line breaks or hidden characters).';
  if (NOT_IN_A_NAME.test(name))
    return "The legal name may hold letters, digits, spaces and & . , ' - ( ) / + ! only: calls speak it as it is.";
  if (name.split(/\s+/).length > BUSINESS_NAME_MAX_WORDS)
    return `The legal name may be at most ${BUSINESS_NAME_MAX_WORDS} words: calls speak it as it is.`;
  const plain = folded(name);
  if (goalRemovesDisclosure(name) || INSTRUCTION_PATTERNS.some((pattern) => pattern.test(plain)))
    return 'The legal name must be a name only: calls speak it in their opening, so it may not say what the caller is or instruct the agent.';
  if (publicBodies && PUBLIC_BODY_PATTERNS.some((pattern) => pattern.test(plain)))
    return 'This name reads as a government agency or public body, and calls may not appear to come from one. If it is your legal name, contact support to have it reviewed.';
  return null;
}

/** The name as calls speak it, or null when it breaks the rules (the opening then names none). */
export function spokenBusinessName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  return businessNameProblem(raw, { publicBodies: false }) === null
    ? raw.normalize('NFKC').trim()
    : null;
}
