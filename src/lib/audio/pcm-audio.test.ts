import { float32ToPcm16, pcm16ToFloat32 } from './pcm-audio';

describe('16-bit PCM', () => {
  it('reads little-endian samples as floats and writes them back, clipped', () => {
    const bytes = float32ToPcm16(new Float32Array([0, 0.5, -0.5, 1, -1.5]));
    expect(bytes.byteLength).toBe(10);
    expect(new DataView(bytes).getInt16(2, true)).toBe(16384);
    const floats = Array.from(pcm16ToFloat32(bytes));
    expect(floats[0]).toBe(0);
    expect(floats[1]).toBeCloseTo(0.5, 3);
    expect(floats[2]).toBeCloseTo(-0.5, 3);
    expect(floats[3]).toBeCloseTo(1, 3);
    expect(floats[4]).toBeCloseTo(-1, 3);
  });
});
