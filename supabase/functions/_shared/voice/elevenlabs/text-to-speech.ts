// ElevenLabs' text to speech, as the voice samples use it: POST /v1/text-to-speech/{voice_id} with
// `xi-api-key`, `{ text, model_id }` and `output_format=pcm_16000` (raw 16-bit little-endian PCM
// at 16 kHz, a format every plan may ask for). Shapes from elevenlabs/elevenlabs-docs
// fern/apis/api/openapi.json ("Text To Speech": Body_Text_to_speech_v1_text_to_speech__voice_id__post,
// the output_format enum, HTTPValidationError). Locally ELEVENLABS_API_URL points at the
// stand-in (supabase/local/fakes/voice/elevenlabs).
import { ProviderError } from '../provider.ts';

export type TextToSpeechConfig = { apiUrl: string; apiKey: string; fetch?: typeof fetch };

/** The sample rate of `pcm_16000`. */
export const SPEECH_SAMPLE_RATE = 16_000;

/** The largest answer taken (a sample is a sentence: a few seconds, ~32 KB a second). */
const MAX_SPEECH_BYTES = 2 * 1024 * 1024;

/** Why ElevenLabs refused, from `detail` (a message object, or HTTPValidationError's list). */
function refusalOf(body: unknown, status: number): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail))
    return detail.map((item) => String((item as { msg?: unknown }).msg ?? item)).join('; ');
  if (detail && typeof detail === 'object' && 'message' in detail)
    return String((detail as { message: unknown }).message);
  return typeof detail === 'string' ? detail : `status ${status}`;
}

export function createTextToSpeech(config: TextToSpeechConfig) {
  const send = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');
  return {
    /** `text` said by the voice with the model: raw 16 kHz 16-bit PCM. */
    async speak(input: { voiceId: string; modelId: string; text: string }): Promise<Uint8Array> {
      let response: Response;
      try {
        response = await send(
          `${base}/v1/text-to-speech/${encodeURIComponent(input.voiceId)}?output_format=pcm_16000`,
          {
            method: 'POST',
            headers: { 'xi-api-key': config.apiKey, 'Content-Type': 'application/json' },
            body: JSON.stringify({ text: input.text, model_id: input.modelId }),
            signal: AbortSignal.timeout(20_000),
          },
        );
      } catch (error) {
        throw new ProviderError(
          `The voice service could not be reached: ${(error as Error).message}`,
          null,
        );
      }
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new ProviderError(
          `The voice service refused the sample (${response.status}): ${refusalOf(body, response.status)}`,
          response.status,
        );
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength === 0 || bytes.byteLength > MAX_SPEECH_BYTES)
        throw new ProviderError(
          `The voice service answered ${bytes.byteLength} bytes of audio for one sentence`,
          null,
        );
      return bytes;
    },
  };
}

export type TextToSpeech = ReturnType<typeof createTextToSpeech>;
