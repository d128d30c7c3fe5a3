import { callRecordingWav, RECORDING_SAMPLE_RATE, toneWav } from './recording.ts';
import type { CallRecord } from './calls.ts';

/** The fields of a WAV header, read the way a player reads them. */
function readWav(wav: Buffer) {
  return {
    riff: wav.toString('ascii', 0, 4),
    riffSize: wav.readUInt32LE(4),
    wave: wav.toString('ascii', 8, 12),
    fmt: wav.toString('ascii', 12, 16),
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    byteRate: wav.readUInt32LE(28),
    bitsPerSample: wav.readUInt16LE(34),
    data: wav.toString('ascii', 36, 40),
    dataBytes: wav.readUInt32LE(40),
  };
}

describe('the simulated recording', () => {
  it('is a valid RIFF/WAVE PCM file whose length is the given duration', () => {
    const wav = toneWav(3, [{ fromMs: 500, toMs: 1500, hz: 440 }]);
    const header = readWav(wav);
    expect(header).toEqual({
      riff: 'RIFF',
      riffSize: wav.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      format: 1,
      channels: 1,
      sampleRate: RECORDING_SAMPLE_RATE,
      byteRate: RECORDING_SAMPLE_RATE * 2,
      bitsPerSample: 16,
      data: 'data',
      dataBytes: 3 * RECORDING_SAMPLE_RATE * 2,
    });
    expect(header.dataBytes / header.byteRate).toBe(3);
  });

  it('sounds during turns and is silent between them', () => {
    const wav = toneWav(2, [{ fromMs: 1000, toMs: 2000, hz: 440 }]);
    const sample = (second: number) => {
      let peak = 0;
      for (let i = 0; i < RECORDING_SAMPLE_RATE / 2; i++)
        peak = Math.max(
          peak,
          Math.abs(wav.readInt16LE(44 + (second * RECORDING_SAMPLE_RATE + i) * 2)),
        );
      return peak;
    };
    expect(sample(0)).toBe(0);
    expect(sample(1)).toBeGreaterThan(5000);
  });

  it('lasts exactly the call’s reported duration, a tone per turn', () => {
    const call = {
      createdAt: 0,
      startedAt: 10_000,
      endedAt: 84_000,
      turns: [
        { role: 'assistant', text: 'Hello.', time: 10_500, endTime: 12_000 },
        { role: 'user', text: 'Hi.', time: 13_000, endTime: 14_000 },
      ],
    } as unknown as CallRecord;
    const header = readWav(callRecordingWav(call));
    expect(header.dataBytes / header.byteRate).toBe(74);
  });
});
