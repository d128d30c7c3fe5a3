import { useCallback, useEffect, useRef, useState } from 'react';
import { captureMicrophone, createPcmPlayer } from '@/lib/audio/pcm-audio';
import type { WebCallSocket } from '../api/web-call-types';

export type WebCallSocketState = 'connecting' | 'open' | 'closed';

/**
 * The browser's end of a live browser call: connects to the provider's socket (the call starts
 * then), plays the agent's voice as it comes, and, when asked, sends the microphone. Hanging up
 * sends `{"type":"hangup"}` and closes; leaving the page closes it too (the provider ends the call).
 */
export function useWebCallSocket(socket: WebCallSocket, soundOn: boolean) {
  const [state, setState] = useState<WebCallSocketState>('connecting');
  const [microphone, setMicrophone] = useState<'off' | 'on' | 'refused'>('off');
  const connection = useRef<WebSocket | null>(null);
  const player = useRef<ReturnType<typeof createPcmPlayer> | null>(null);
  const stopMicrophone = useRef<(() => void) | null>(null);

  useEffect(() => {
    const ws = new WebSocket(socket.url);
    ws.binaryType = 'arraybuffer';
    const audio = createPcmPlayer();
    connection.current = ws;
    player.current = audio;
    ws.onopen = () => setState('open');
    ws.onclose = () => setState('closed');
    ws.onerror = () => setState('closed');
    ws.onmessage = (message) => {
      if (message.data instanceof ArrayBuffer) audio.play(message.data);
    };
    return () => {
      stopMicrophone.current?.();
      stopMicrophone.current = null;
      ws.onclose = null;
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'hangup' }));
      ws.close();
      audio.close();
    };
  }, [socket.url]);

  useEffect(() => {
    if (player.current) player.current.muted = !soundOn;
  }, [soundOn]);

  const hangUp = useCallback(() => {
    const ws = connection.current;
    stopMicrophone.current?.();
    stopMicrophone.current = null;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'hangup' }));
    ws?.close();
  }, []);

  const toggleMicrophone = useCallback(async () => {
    if (stopMicrophone.current) {
      stopMicrophone.current();
      stopMicrophone.current = null;
      setMicrophone('off');
      return;
    }
    const context = player.current?.context;
    const ws = connection.current;
    if (!context || !ws) return setMicrophone('refused');
    try {
      await context.resume();
      stopMicrophone.current = await captureMicrophone(context, (chunk) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(chunk);
      });
      setMicrophone('on');
    } catch {
      setMicrophone('refused');
    }
  }, []);

  return { state, hangUp, microphone, toggleMicrophone };
}
