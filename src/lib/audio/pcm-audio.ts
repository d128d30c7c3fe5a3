// Raw voice for a live browser call: the provider's socket carries 16-bit little-endian PCM, mono,
// at 16 kHz both ways (the call's `websocket` says so). An AudioContext at that rate plays what
// comes and records the microphone without resampling by hand.

export const PCM_SAMPLE_RATE = 16_000;

type AudioContextClass = typeof AudioContext;

const audioContextClass = (): AudioContextClass | null =>
  typeof window === 'undefined'
    ? null
    : (window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext ??
      null);

/** 16-bit samples (little-endian bytes) as the floats Web Audio plays. */
export function pcm16ToFloat32(bytes: ArrayBuffer): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes);
  const samples = new Float32Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 32768;
  return samples;
}

/** Web Audio's floats as 16-bit little-endian samples, clipped. */
export function float32ToPcm16(samples: Float32Array): ArrayBuffer {
  const bytes = new ArrayBuffer(samples.length * 2);
  const view = new DataView(bytes);
  for (let i = 0; i < samples.length; i++) {
    const clipped = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(i * 2, Math.round(clipped * 32767), true);
  }
  return bytes;
}

/**
 * Plays PCM chunks one after another, as they arrive; a browser without Web Audio plays nothing.
 * `muted` skips chunks (the call goes on).
 */
export function createPcmPlayer() {
  const Context = audioContextClass();
  const context = Context ? new Context({ sampleRate: PCM_SAMPLE_RATE }) : null;
  let nextStart = 0;
  return {
    context,
    muted: false,
    play(bytes: ArrayBuffer) {
      if (!context || this.muted || bytes.byteLength < 2) return;
      const samples = pcm16ToFloat32(bytes);
      const buffer = context.createBuffer(1, samples.length, PCM_SAMPLE_RATE);
      buffer.copyToChannel(samples, 0);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      nextStart = Math.max(nextStart, context.currentTime);
      source.start(nextStart);
      nextStart += buffer.duration;
    },
    close() {
      void context?.close().catch(() => undefined);
    },
  };
}

/**
 * Sends the microphone to `send` as PCM chunks until the returned stop is called. Rejects when
 * the browser has no microphone or the user refuses it.
 */
export async function captureMicrophone(
  context: AudioContext,
  send: (chunk: ArrayBuffer) => void,
): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const source = context.createMediaStreamSource(stream);
  // A ScriptProcessorNode is enough for one voice at 16 kHz, and needs no worklet module.
  const processor = context.createScriptProcessor(2048, 1, 1);
  processor.onaudioprocess = (event) => send(float32ToPcm16(event.inputBuffer.getChannelData(0)));
  source.connect(processor);
  processor.connect(context.destination);
  return () => {
    processor.disconnect();
    source.disconnect();
    for (const track of stream.getTracks()) track.stop();
  };
}
