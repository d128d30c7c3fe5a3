// WAV files of 16-bit linear PCM, mono: what the browser plays of a voice sample or a simulated
// call's recording.
import { Buffer } from 'node:buffer';

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** A WAV file around `pcm` (16-bit little-endian samples, mono, at `sampleRate`). */
export function pcmWav(pcm: Uint8Array, sampleRate: number): Buffer {
  const dataBytes = pcm.byteLength - (pcm.byteLength % BYTES_PER_SAMPLE);
  const wav = Buffer.alloc(HEADER_BYTES + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * BYTES_PER_SAMPLE, 28); // byte rate
  wav.writeUInt16LE(BYTES_PER_SAMPLE, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  wav.set(pcm.subarray(0, dataBytes), HEADER_BYTES);
  return wav;
}
