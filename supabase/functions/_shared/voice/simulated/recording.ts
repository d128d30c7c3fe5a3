/**
 * The audio of a recorded simulated call: a real, playable WAV (RIFF, 16-bit linear PCM, mono,
 * 8 kHz, the "wav;l16" Vapi records in) exactly as long as the call's reported duration. Nobody
 * really spoke, so the audio says so honestly: each turn is a tone for as long as the turn lasts
 * (the agent at 440 Hz, the callee at 330 Hz, pulsed like syllables), silence between turns.
 */
import type { Buffer } from 'node:buffer';
import { pcmWav } from '../wav.ts';
import type { CallRecord } from './calls.ts';
import { durationSeconds } from './calls.ts';

export const RECORDING_SAMPLE_RATE = 8000;
const BYTES_PER_SAMPLE = 2;
const HEADER_BYTES = 44;
const TONES = { assistant: 440, user: 330 } as const;

/** A WAV file of `seconds` of audio in which `spans` (ms from the start) sound at their tone. */
export function toneWav(
  seconds: number,
  spans: readonly { fromMs: number; toMs: number; hz: number }[],
): Buffer {
  const samples = Math.max(0, Math.round(seconds * RECORDING_SAMPLE_RATE));
  const wav = pcmWav(new Uint8Array(samples * BYTES_PER_SAMPLE), RECORDING_SAMPLE_RATE);
  for (const span of spans) {
    const from = Math.max(0, Math.floor((span.fromMs / 1000) * RECORDING_SAMPLE_RATE));
    const to = Math.min(samples, Math.ceil((span.toMs / 1000) * RECORDING_SAMPLE_RATE));
    for (let i = from; i < to; i++) {
      const t = (i - from) / RECORDING_SAMPLE_RATE;
      // Four "syllables" a second, so a turn sounds like speech rhythm rather than one beep.
      const envelope = 0.5 - 0.5 * Math.cos(2 * Math.PI * 4 * t);
      const value = Math.sin(2 * Math.PI * span.hz * t) * envelope * 0.3;
      wav.writeInt16LE(Math.round(value * 32767), HEADER_BYTES + i * BYTES_PER_SAMPLE);
    }
  }
  return wav;
}

/** The recording of an ended call that was answered: its reported duration, a tone per turn. */
export function callRecordingWav(call: CallRecord): Buffer {
  const origin = call.startedAt ?? call.createdAt;
  return toneWav(
    durationSeconds(call),
    call.turns.map((turn) => ({
      fromMs: turn.time - origin,
      toMs: turn.endTime - origin,
      hz: TONES[turn.role],
    })),
  );
}
