// voice-events with `?inbound=1`: the accounts' numbers' server URL, where the provider asks who
// answers a call (assistant-request). The number's token is checked before the body is read.
import { ServiceError } from '../errors.ts';
import { signatureAuth } from '../http/auth.ts';
import { createHandler, jsonResponse } from '../http/handler.ts';
import type { Db } from '../db.ts';
import { sha256Hex } from '../ids.ts';
import { INBOUND_TOKEN_HEADER, type InboundCalls } from './inbound-calls.ts';

type CalledNumber = { number_id: string; provider_phone_number_id: string };

export function createInboundHandler(deps: { db: Db; inbound: InboundCalls }) {
  const numberToken = signatureAuth(async (request): Promise<CalledNumber> => {
    const token = request.headers.get(INBOUND_TOKEN_HEADER) ?? '';
    const { data, error } = token
      ? await deps.db.rpc('inbound_number_for_token', {
          p_inbound_token_hash: await sha256Hex(token),
        })
      : { data: null, error: null };
    if (error) throw new Error(`Reading the number of a token failed: ${error.message}`);
    if (!data) throw new ServiceError('unauthorized', 'Unknown number or wrong token.');
    return data as CalledNumber;
  });

  return createHandler(
    {
      name: 'voice-events',
      methods: ['POST'],
      auth: numberToken,
      cors: null,
      // An assistant-request carries the call and the number, nothing long.
      maxBodyBytes: 256 * 1024,
    },
    async (_request, { caller, text }) => {
      const number = await caller();
      let body: unknown;
      try {
        body = JSON.parse(await text());
      } catch {
        throw new ServiceError('invalid_request', 'The message is not valid JSON.');
      }
      const answer = await deps.inbound.answer(number, body);
      if (!answer)
        throw new ServiceError('invalid_request', 'Only assistant-request messages come here.');
      return jsonResponse(200, answer);
    },
  );
}
