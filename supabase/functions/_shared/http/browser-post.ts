// The functions the app calls with the user's session (billing, phone verification): POST with a
// JSON body. Their error bodies are `{ error: { code, message } }` exactly (the app and its tests
// compare them whole); the request id is in the Request-Id header.
import { corsHeaders } from './cors.ts';
import { type Authenticator, createHandler, type HandlerContext } from './handler.ts';

export function browserPost<Caller>(
  name: string,
  auth: Authenticator<Caller>,
  log: (message: string) => void,
  handle: (request: Request, context: HandlerContext<Caller>) => Promise<Response>,
  statuses?: Record<string, number>,
) {
  return createHandler(
    {
      name,
      methods: ['POST'],
      methodNotAllowed: () => 'Use POST for this endpoint.',
      auth,
      cors: corsHeaders,
      preflightStatus: 200,
      maxBodyBytes: 16 * 1024,
      requestIdInErrorBody: false,
      internalMessage: () => 'Something went wrong on our side. Please try again.',
      log,
      statuses,
    },
    handle,
  );
}
