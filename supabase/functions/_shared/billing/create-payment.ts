// create-call-credits-payment: `{ amount }` from a signed-in user → a Stripe
// Checkout Session for that many dollars of credits → `{ url }` for the browser to open.
import { ServiceError } from '../errors.ts';
import { sessionAuth } from '../http/auth.ts';
import { browserPost } from '../http/browser-post.ts';
import { jsonResponse } from '../http/handler.ts';
import { checkPurchaseAmount } from './amount.ts';
import { appOrigin, checkoutReturnUrls } from './app-origin.ts';

export type CheckoutSessionParams = {
  mode: 'payment';
  line_items: {
    price_data: {
      currency: 'usd';
      unit_amount: number;
      product_data: { name: string; description: string };
    };
    quantity: number;
  }[];
  client_reference_id: string;
  metadata: { user_id: string; credits: string };
  customer_email?: string;
  success_url: string;
  cancel_url: string;
};

export type CreatePaymentDeps = {
  userFromToken: (token: string) => Promise<{ id: string; email: string | null } | null>;
  createCheckoutSession: (
    params: CheckoutSessionParams,
    idempotencyKey: string,
  ) => Promise<{ id: string; url: string | null }>;
  siteUrl: string;
  redirectUrls: readonly string[];
  newKey: () => string;
  log: (message: string) => void;
};

/** Stripe SDK errors carry `type` (e.g. 'StripeIdempotencyError') and a message. */
type ProviderError = { type?: string; message?: string };

export function createPaymentHandler(deps: CreatePaymentDeps) {
  const auth = sessionAuth(deps.userFromToken, 'Sign in to buy credits.');
  return browserPost(
    'create-call-credits-payment',
    auth,
    deps.log,
    async (request, { caller, jsonObject }) => {
      const { user } = await caller();

      const body = await jsonObject().catch(() => null);
      if (!body)
        throw new ServiceError(
          'invalid_request',
          'The body must be a JSON object like { "amount": 25 }.',
        );
      const amount = checkPurchaseAmount(body.amount);
      if (!amount.ok) throw new ServiceError('invalid_request', amount.message);

      const clientKey = request.headers.get('Idempotency-Key');
      if (clientKey !== null && (clientKey.length === 0 || clientKey.length > 200))
        throw new ServiceError('invalid_request', 'Idempotency-Key must be 1 to 200 characters.');

      const origin = appOrigin(request.headers.get('Origin'), deps.siteUrl, deps.redirectUrls);
      const params: CheckoutSessionParams = {
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: amount.dollars * 100,
              product_data: {
                name: `Dialwise credits ($${amount.dollars})`,
                description: `${amount.dollars} call credits (1 credit = $1)`,
              },
            },
            quantity: 1,
          },
        ],
        client_reference_id: user.id,
        metadata: { user_id: user.id, credits: String(amount.dollars) },
        ...(user.email ? { customer_email: user.email } : {}),
        ...checkoutReturnUrls(origin),
      };

      try {
        // Scoped to the user, so one user's key can never replay another's session.
        const session = await deps.createCheckoutSession(
          params,
          `checkout:${user.id}:${clientKey ?? deps.newKey()}`,
        );
        if (!session.url)
          throw new ServiceError(
            'payment_provider_error',
            'The payment provider returned no checkout URL.',
          );
        return jsonResponse(200, { url: session.url });
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        const providerError = error as ProviderError;
        if (providerError.type === 'StripeIdempotencyError')
          throw new ServiceError(
            'idempotency_conflict',
            'This Idempotency-Key was already used for a different purchase.',
          );
        deps.log(
          `checkout session failed: ${providerError.type ?? 'error'}: ${providerError.message ?? String(error)}`,
        );
        throw new ServiceError(
          'payment_provider_error',
          'The payment provider could not start checkout. Please try again.',
        );
      }
    },
  );
}
