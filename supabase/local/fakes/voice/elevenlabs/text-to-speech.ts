import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../../../http';
import { ELEVENLABS_VOICE_IDS } from '../../../../functions/_shared/voice/vapi/adapter.ts';

/**
 * ElevenLabs' text to speech as the voice samples call it (elevenlabs/elevenlabs-docs
 * fern/apis/api/openapi.json, "Text To Speech"): `POST /v1/text-to-speech/{voice_id}` with
 * `xi-api-key`, a JSON body `{ text, model_id? }` and `output_format` in the query. The stand-in
 * speaks the premade voices the agent uses, as a tone (a pitch of its own per voice) as long as the
 * words take, in the `pcm_*` formats only. Mounted by the voice server under `/elevenlabs`.
 */
export const LOCAL_ELEVENLABS_API_KEY = 'xi_dialwise_local';

/** The output_format enum of the openapi. */
const OUTPUT_FORMATS = [
  'mp3_22050_32',
  'mp3_44100_32',
  'mp3_44100_64',
  'mp3_44100_96',
  'mp3_44100_128',
  'mp3_44100_192',
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
  'alaw_8000',
  'opus_48000_32',
  'opus_48000_64',
  'opus_48000_96',
  'opus_48000_128',
  'opus_48000_192',
];

const PITCH: Record<string, number> = Object.fromEntries(
  Object.values(ELEVENLABS_VOICE_IDS).map((id, index) => [id, 180 + index * 40]),
);

/** HTTPValidationError: `{ detail: [{ loc, msg, type }] }`, status 422. */
const invalid = (res: ServerResponse, loc: string[], msg: string) =>
  sendJson(res, 422, { detail: [{ loc, msg, type: 'value_error' }] });

/** Answers a request under `/elevenlabs`; false when the path is not one of ours. */
export async function handleTextToSpeech(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  apiKey = LOCAL_ELEVENLABS_API_KEY,
): Promise<boolean> {
  const match = /^\/elevenlabs\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
  if (!match) return false;
  if (req.method !== 'POST') {
    sendJson(res, 405, { detail: 'Method Not Allowed' });
    return true;
  }
  if (req.headers['xi-api-key'] !== apiKey) {
    sendJson(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    return true;
  }
  const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
  if (!OUTPUT_FORMATS.includes(format)) {
    invalid(res, ['query', 'output_format'], `Input should be one of ${OUTPUT_FORMATS.join(', ')}`);
    return true;
  }
  let body: { text?: unknown; model_id?: unknown };
  try {
    body = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || 'null') ?? {};
  } catch {
    invalid(res, ['body'], 'JSON decode error');
    return true;
  }
  if (typeof body.text !== 'string' || !body.text) {
    invalid(res, ['body', 'text'], 'Field required');
    return true;
  }
  const voiceId = decodeURIComponent(match[1]!);
  const pitch = PITCH[voiceId];
  if (!pitch) {
    sendJson(res, 404, {
      detail: {
        status: 'voice_not_found',
        message: `A voice with the voice_id ${voiceId} was not found.`,
      },
    });
    return true;
  }
  if (!format.startsWith('pcm_')) {
    // Not ElevenLabs': the stand-in encodes no MP3, Opus or telephony formats.
    invalid(res, ['query', 'output_format'], 'The local stand-in speaks the pcm_* formats only');
    return true;
  }
  const rate = Number(format.slice('pcm_'.length));
  const seconds = Math.min(15, 0.4 + body.text.length * 0.06);
  const samples = Math.round(seconds * rate);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    // Syllables four times a second, so it sounds like the rhythm of speech, not one beep.
    const envelope = 0.5 - 0.5 * Math.cos(2 * Math.PI * 4 * t);
    pcm.writeInt16LE(Math.round(Math.sin(2 * Math.PI * pitch * t) * envelope * 9000), i * 2);
  }
  res.writeHead(200, { 'Content-Type': 'audio/pcm', 'Content-Length': String(pcm.length) });
  res.end(pcm);
  return true;
}
