// The screen every text the agent reads passes through (goal, context, first sentence, tool
// descriptions, the business name, …): whether it asks the agent to hide or take back what the
// opening says, that it is an AI and who is calling. It reads the text the way a dodger writes it:
// any of the API's languages, accents, full-width forms, invisible characters, look-alike letters.

// Goals that ask the agent to hide what the opening says. Each language the API takes; matched
// on the goal with accents folded, so "Don't say you're an A.I." and "no digas que eres una IA"
// are both caught. A refusal names the field and the rule, never the phrase that matched.
const AI = String.raw`(?:an?\s+)?(?:ai|a\.i\.?|artificial(?:\s+intelligence)?|(?:ro)?bot|automated\s+(?:call|caller|voice|system)|virtual\s+assistant)`;
const HUMAN = String.raw`(?:an?\s+)?(?:real\s+)?(?:human(?:\s+being)?|person|real\s+person|live\s+agent|employee)`;
const REMOVAL_PATTERNS: RegExp[] = [
  // English
  new RegExp(
    String.raw`\b(?:do\s*n[o']?t|never|avoid|without)\s+(?:ever\s+)?(?:say(?:ing)?|tell(?:ing)?|mention(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|admit(?:ting)?|let\s+(?:them|on|anyone)\s+know)\b[^.!?\n]{0,40}\b${AI}\b`,
  ),
  new RegExp(
    String.raw`\b(?:pretend|act\s+as\s+if|claim|say|insist|tell\s+them)\w*\b[^.!?\n]{0,20}\b(?:to\s+be|you\s*(?:'re|are))\s+${HUMAN}\b`,
  ),
  new RegExp(
    String.raw`\b(?:pose|posing|impersonate|impersonating|pass\s+(?:yourself\s+)?off)\b[^.!?\n]{0,20}\b${HUMAN}\b`,
  ),
  new RegExp(String.raw`\b(?:hide|conceal|deny|denying|hiding)\b[^.!?\n]{0,30}\b${AI}\b`),
  new RegExp(
    String.raw`\b(?:do\s*n[o']?t|never|skip|without)\s+(?:say(?:ing)?|mention(?:ing)?|announc(?:e|ing)|giv(?:e|ing))\b[^.!?\n]{0,30}\b(?:(?:the\s+|this\s+)?call\s+is\s+(?:being\s+)?recorded|recording\s+notice|disclosure|who\s+(?:is|you\s+are)\s+calling|(?:company|business)\s+name)\b`,
  ),
  // Spanish
  /\bno\s+(?:digas|diga|menciones|mencione|reveles|revele|admitas|admita)\b[^.!?\n]{0,40}\b(?:ia|inteligencia\s+artificial|robot|bot)\b/,
  /\b(?:finge|finja|fingir|haz\s+creer|hagase\s+pasar|hazte\s+pasar)\b[^.!?\n]{0,30}\b(?:humano|humana|persona)\b/,
  /\b(?:oculta|oculte|ocultar|niega|niegue)\b[^.!?\n]{0,30}\b(?:ia|inteligencia\s+artificial|robot|bot)\b/,
  // French
  /\bne\s+(?:dis|dites|mentionne|mentionnez|revele|revelez|avoue|avouez)\s+(?:pas|jamais)\b[^.!?\n]{0,40}\b(?:ia|intelligence\s+artificielle|robot|bot)\b/,
  /\b(?:fais|faites)\s+semblant\b[^.!?\n]{0,30}\b(?:humain|humaine|personne)\b/,
  /\b(?:pretends|pretendez|faire\s+croire)\b[^.!?\n]{0,30}\b(?:humain|humaine|personne)\b/,
  /\b(?:cache|cachez|nie|niez)\b[^.!?\n]{0,30}\b(?:ia|intelligence\s+artificielle|robot|bot)\b/,
  // Words the agent would say that take the opening back ("Correction: I am not an AI, I am
  // Jenny, a real person"; "this is not a recording"), in the languages we screen.
  new RegExp(
    String.raw`\bi\s*(?:'m|am)\s+(?:not|no\s+longer|never)\s+(?:an?\s+|the\s+)?(?:ai|a\.i\.?|artificial|(?:ro)?bot|machine|computer|automated|virtual|recording)`,
  ),
  new RegExp(String.raw`\bi\s*(?:'m|am)\s+${HUMAN}\b`),
  new RegExp(
    String.raw`\b(?:this|it)\s*(?:'s|\s+is)\s+(?:not|never)\s+(?:an?\s+)?(?:recording|recorded|ai|a\.i\.?|(?:ro)?bot|automated|machine|artificial)`,
  ),
  new RegExp(String.raw`\bnot\s+${AI}\s*[,;:.!]?\s*(?:but|i\s*(?:'m|am)|just)\b`),
  new RegExp(String.raw`\bcorrection\b[^.!?\n]{0,60}\b(?:not|human|person)\b`),
  new RegExp(
    String.raw`\b(?:role[-\s]?play|you\s+are\s+now|from\s+now\s+on\s+you\s+are|stay\s+in\s+character)\b[^.!?\n]{0,40}\b(?:human|person|employee)\b`,
  ),
  new RegExp(
    String.raw`\bif\s+(?:anyone|they|someone|the\s+(?:person|callee))\s+asks?\b[^.!?\n]{0,60}\b${HUMAN}\b`,
  ),
  /\bno\s+soy\s+(?:una?\s+)?(?:ia|inteligencia\s+artificial|robot|bot|maquina|grabacion)\b/,
  /\bsoy\s+(?:una?\s+)?(?:persona\s+real|humano|humana|ser\s+humano)\b/,
  /\bje\s+ne\s+suis\s+pas\s+(?:une?\s+)?(?:ia|intelligence\s+artificielle|robot|bot|machine)\b/,
  /\bje\s+suis\s+(?:une?\s+)?(?:vraie\s+personne|humain|humaine|etre\s+humain|personne\s+reelle)\b/,
  /\bich\s+bin\s+(?:kein|keine)\s+(?:ki|roboter|bot|maschine|aufnahme)\b/,
  /\bich\s+bin\s+(?:ein\s+)?(?:echter\s+)?mensch\b/,
  /\bnon\s+sono\s+(?:un[' ]?\s*)?(?:ia|intelligenza\s+artificiale|robot|bot|macchina)\b/,
  /\bsono\s+(?:una\s+)?(?:persona\s+(?:reale|vera)|umano|umana|essere\s+umano)\b/,
  /\bnao\s+sou\s+(?:uma?\s+)?(?:ia|inteligencia\s+artificial|robo|bot|maquina)\b/,
  /\bsou\s+(?:uma?\s+)?(?:pessoa\s+(?:real|de\s+verdade)|humano|humana|ser\s+humano)\b/,
  /(?:ai|人工知能|ロボット|機械)(?:では|じゃ)(?:ありません|ない)|人間です|人間のふり|本物の人間/,
  /我不是(?:ai|人工智能|机器人|機器人)|我是真人|假装(?:是)?(?:人|真人)|假裝(?:是)?(?:人|真人)/,
  // German
  /\b(?:sag|sage|sagen\s+sie|erwahne|erwahnen\s+sie|verrate|verraten\s+sie)\s+(?:nicht|niemals|nie)\b[^.!?\n]{0,40}\b(?:ki|kunstliche\s+intelligenz|roboter|bot)\b/,
  /\b(?:gib\s+dich|geben\s+sie\s+sich)\b[^.!?\n]{0,20}\bals\s+(?:mensch|person)\b/,
  /\b(?:tu|tue|tun\s+sie)\s+so,?\s+als\b[^.!?\n]{0,30}\b(?:mensch|person)\b/,
  /\b(?:verheimliche|verheimlichen|verberge|verbergen|verschweige|verschweigen)\b[^.!?\n]{0,30}\b(?:ki|kunstliche\s+intelligenz|roboter|bot)\b/,
];

// Letters of other scripts that look like Latin ones, as a screen-dodger writes "АI" or "hυman".
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ɑ: 'a',
  ο: 'o',
  ν: 'v',
  υ: 'u',
  ι: 'i',
  κ: 'k',
  τ: 't',
  ρ: 'p',
  α: 'a',
  ε: 'e',
  η: 'n',
  μ: 'm',
  А: 'a',
  В: 'b',
  Е: 'e',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  Х: 'x',
  І: 'i',
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
};

/**
 * Lower case, accents folded, curly apostrophes straightened; compatibility forms (full-width,
 * ligatures) unified, invisible characters (zero-width, bidi controls) dropped and look-alike
 * letters of other scripts read as the Latin ones.
 */
export function folded(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u00ad]/g, '')
      .replace(
        /[\u0370-\u03ff\u0400-\u04ff\u0250-\u02af]/g,
        (letter) => LOOK_ALIKES[letter] ?? letter,
      )
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      // Kana voicing marks come back together (で, not て + ゙).
      .normalize('NFC')
      .toLowerCase()
  );
}

/** Whether a text asks the agent to hide that it is an AI, who is calling, or the recording. */
export function goalRemovesDisclosure(text: string): boolean {
  const plain = folded(text);
  return REMOVAL_PATTERNS.some((pattern) => pattern.test(plain));
}

export const DISCLOSURE_REFUSAL =
  'Every call opens by naming your business, saying the caller is an AI assistant and whether the call is recorded; a goal may not ask the agent to hide or change that (for example "don\'t say you are an AI" or "pretend to be a person").';
