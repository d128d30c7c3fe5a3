// The languages a call can be held in, and how each is heard and spoken on the voice provider's
// stack (Vapi): one row per language, chosen per language where the provider does it well
// (docs/decisions/0032-tools-and-call-languages.md). The call API's `language`, the dashboard's settings and
// test form, /docs and the site's claims all read this table; the database's check constraints
// and default greetings hold the same codes (an integration test compares them). Plain
// TypeScript, imported by the app and the functions.

/** How the callee is heard: Vapi's transcriber provider, model and language. */
export type Transcriber =
  | { provider: 'deepgram'; model: 'nova-2' | 'nova-3'; language: string }
  | { provider: 'azure'; language: string };

/** The API's values: ISO 639-1 codes (`fil`: ISO 639-2, having no 639-1 code), and `auto`. */
export const CALL_LANGUAGE_CODES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'nl',
  'pl',
  'ru',
  'uk',
  'tr',
  'ar',
  'hi',
  'ja',
  'ko',
  'zh',
  'id',
  'ms',
  'fil',
  'vi',
  'sv',
  'da',
  'no',
  'fi',
  'cs',
  'sk',
  'hu',
  'ro',
  'bg',
  'hr',
  'el',
  'ta',
  'auto',
] as const;
export type CallLanguageCode = (typeof CALL_LANGUAGE_CODES)[number];

export type CallLanguage = {
  code: CallLanguageCode;
  /** The English name (the dashboard's label). */
  label: string;
  /** The name in the language itself. */
  nativeLabel: string;
  transcriber: Transcriber;
  /**
   * The ElevenLabs model our voices (Aria, Roger, Sarah, George) speak it with: Multilingual v2
   * where it covers the language (its best quality), Turbo v2.5 for the three only it covers.
   * Every voice speaks every language, so each language has all four voices.
   */
  voiceModel: 'eleven_multilingual_v2' | 'eleven_turbo_v2_5';
  /** The default first sentence, `{voice}` standing for the voice's name. */
  greeting: string;
};

const deepgram = (language: string): Transcriber => ({
  provider: 'deepgram',
  model: 'nova-2',
  language,
});
// Deepgram's Nova models do not take these; Azure's speech-to-text does, one locale per call.
const azure = (locale: string): Transcriber => ({ provider: 'azure', language: locale });
const V2 = 'eleven_multilingual_v2' as const;
const TURBO = 'eleven_turbo_v2_5' as const;

const row = (
  code: CallLanguageCode,
  label: string,
  nativeLabel: string,
  transcriber: Transcriber,
  voiceModel: CallLanguage['voiceModel'],
  greeting: string,
): CallLanguage => ({ code, label, nativeLabel, transcriber, voiceModel, greeting });

export const CALL_LANGUAGES: readonly CallLanguage[] = [
  row('en', 'English', 'English', deepgram('en'), V2, 'Hi, this is {voice}, an AI assistant.'),
  row('es', 'Spanish', 'Español', deepgram('es'), V2, 'Hola, le habla {voice}, asistente virtual.'),
  row(
    'fr',
    'French',
    'Français',
    deepgram('fr'),
    V2,
    "Bonjour, {voice} à l'appareil, assistance virtuelle.",
  ),
  row(
    'de',
    'German',
    'Deutsch',
    deepgram('de'),
    V2,
    'Hallo, hier spricht {voice}, ein KI-Assistent.',
  ),
  row(
    'it',
    'Italian',
    'Italiano',
    deepgram('it'),
    V2,
    'Buongiorno, sono {voice}, un assistente virtuale.',
  ),
  row(
    'pt',
    'Portuguese',
    'Português',
    deepgram('pt'),
    V2,
    'Olá, aqui é {voice}, uma assistente virtual.',
  ),
  row(
    'nl',
    'Dutch',
    'Nederlands',
    deepgram('nl'),
    V2,
    'Hallo, u spreekt met {voice}, een AI-assistent.',
  ),
  row('pl', 'Polish', 'Polski', deepgram('pl'), V2, 'Dzień dobry, mówi {voice}, asystent AI.'),
  row(
    'ru',
    'Russian',
    'Русский',
    deepgram('ru'),
    V2,
    'Здравствуйте, это {voice}, виртуальный ассистент.',
  ),
  row(
    'uk',
    'Ukrainian',
    'Українська',
    deepgram('uk'),
    V2,
    'Добрий день, це {voice}, віртуальний асистент.',
  ),
  row(
    'tr',
    'Turkish',
    'Türkçe',
    deepgram('tr'),
    V2,
    'Merhaba, ben {voice}, bir yapay zekâ asistanı.',
  ),
  row('ar', 'Arabic', 'العربية', azure('ar-SA'), V2, 'مرحباً، معك {voice}، مساعد ذكي.'),
  row('hi', 'Hindi', 'हिन्दी', deepgram('hi'), V2, 'नमस्ते, मैं {voice} बोल रही हूँ, एक एआई सहायक।'),
  row('ja', 'Japanese', '日本語', deepgram('ja'), V2, 'もしもし、AIアシスタントの{voice}です。'),
  row('ko', 'Korean', '한국어', deepgram('ko'), V2, '안녕하세요, AI 어시스턴트 {voice}입니다.'),
  row('zh', 'Chinese (Mandarin)', '中文', deepgram('zh'), V2, '您好，我是AI助理{voice}。'),
  row(
    'id',
    'Indonesian',
    'Bahasa Indonesia',
    deepgram('id'),
    V2,
    'Halo, saya {voice}, asisten AI.',
  ),
  row('ms', 'Malay', 'Bahasa Melayu', deepgram('ms'), V2, 'Helo, saya {voice}, pembantu AI.'),
  row(
    'fil',
    'Filipino',
    'Filipino',
    azure('fil-PH'),
    V2,
    'Magandang araw, ito si {voice}, isang AI assistant.',
  ),
  row(
    'vi',
    'Vietnamese',
    'Tiếng Việt',
    deepgram('vi'),
    TURBO,
    'Xin chào, tôi là {voice}, trợ lý AI.',
  ),
  row('sv', 'Swedish', 'Svenska', deepgram('sv'), V2, 'Hej, det här är {voice}, en AI-assistent.'),
  row('da', 'Danish', 'Dansk', deepgram('da'), V2, 'Hej, det er {voice}, en AI-assistent.'),
  row('no', 'Norwegian', 'Norsk', deepgram('no'), TURBO, 'Hei, dette er {voice}, en AI-assistent.'),
  row('fi', 'Finnish', 'Suomi', deepgram('fi'), V2, 'Hei, täällä {voice}, tekoälyavustaja.'),
  row(
    'cs',
    'Czech',
    'Čeština',
    deepgram('cs'),
    V2,
    'Dobrý den, tady {voice}, asistent s umělou inteligencí.',
  ),
  row(
    'sk',
    'Slovak',
    'Slovenčina',
    deepgram('sk'),
    V2,
    'Dobrý deň, tu {voice}, asistent s umelou inteligenciou.',
  ),
  row(
    'hu',
    'Hungarian',
    'Magyar',
    deepgram('hu'),
    TURBO,
    'Jó napot, {voice} vagyok, egy MI-asszisztens.',
  ),
  row('ro', 'Romanian', 'Română', deepgram('ro'), V2, 'Bună ziua, sunt {voice}, un asistent AI.'),
  row(
    'bg',
    'Bulgarian',
    'Български',
    deepgram('bg'),
    V2,
    'Здравейте, обажда се {voice}, виртуален асистент.',
  ),
  row('hr', 'Croatian', 'Hrvatski', azure('hr-HR'), V2, 'Dobar dan, ovdje {voice}, AI asistent.'),
  row('el', 'Greek', 'Ελληνικά', deepgram('el'), V2, 'Γεια σας, είμαι η {voice}, ψηφιακή βοηθός.'),
  row('ta', 'Tamil', 'தமிழ்', azure('ta-IN'), V2, 'வணக்கம், நான் {voice}, ஒரு AI உதவியாளர்.'),
  // The callee's language, detected as they speak (Deepgram Nova 3 "multi", which follows a
  // switch mid-call); the agent opens in English and answers in the language it hears.
  row(
    'auto',
    'Detect the callee’s language',
    'Auto',
    { provider: 'deepgram', model: 'nova-3', language: 'multi' },
    V2,
    'Hi, this is {voice}, an AI assistant.',
  ),
];

/** How many languages a call can be held in (`auto` is a mode, not a language). */
export const CALL_LANGUAGE_COUNT = CALL_LANGUAGES.filter((l) => l.code !== 'auto').length;

export function callLanguage(code: string): CallLanguage {
  return CALL_LANGUAGES.find((l) => l.code === code) ?? CALL_LANGUAGES[0]!;
}

/** The default first sentence of a call in `code`, naming the voice. */
export const greetingFor = (code: string, voice: string) =>
  callLanguage(code).greeting.replace('{voice}', voice);
