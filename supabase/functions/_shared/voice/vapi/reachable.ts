// Whether Vapi answers our key: the cheapest documented read, GET /call?limit=1 (List Calls).
// A 2xx is reachable; a refusal of the key (401/403), a 5xx, a timeout or no answer is not.
export async function vapiReachable(
  config: { apiUrl: string; apiKey: string; fetch?: typeof fetch },
  timeoutMs = 3000,
): Promise<boolean> {
  const send = config.fetch ?? fetch;
  const response = await send(`${config.apiUrl.replace(/\/+$/, '')}/call?limit=1`, {
    headers: { Authorization: `Bearer ${config.apiKey}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  return response.ok;
}
