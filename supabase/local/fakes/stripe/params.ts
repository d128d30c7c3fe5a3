import { StripeApiError } from './errors';
import type { FormObject, FormValue } from './form';
import type { LineItem } from './objects';

/** The Checkout Session parameters the local Stripe knows; any other is Stripe's 400. */
export const SESSION_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'customer_email',
  'metadata',
  'expand',
  'payment_method_types',
  'locale',
  'submit_type',
  'expires_at',
]);

export function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function wholeNumber(value: FormValue | undefined, param: string, min: number): number {
  const raw = text(value);
  if (raw === undefined)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Missing required param: ${param}.`,
      param,
      'parameter_missing',
    );
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid integer: ${raw}`,
      param,
      'parameter_invalid_integer',
    );
  return Number(raw);
}

export function validUrl(value: string, param: string) {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return;
  } catch {
    // fall through
  }
  throw new StripeApiError(400, 'invalid_request_error', 'Not a valid URL', param, 'url_invalid');
}

export function parseLineItems(
  value: FormValue | undefined,
  currency: { value?: string },
): LineItem[] {
  if (value === undefined)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Missing required param: line_items.',
      'line_items',
      'parameter_missing',
    );
  if (!Array.isArray(value) || value.length === 0)
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid array', 'line_items');
  return value.map((raw, i) => {
    const p = `line_items[${i}]`;
    if (typeof raw !== 'object' || Array.isArray(raw))
      throw new StripeApiError(400, 'invalid_request_error', 'Invalid object', p);
    if (raw.price !== undefined)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `No such price: '${text(raw.price) ?? ''}'`,
        `${p}[price]`,
        'resource_missing',
      );
    const data = raw.price_data;
    if (!data || typeof data !== 'object' || Array.isArray(data))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You must specify either `price` or `price_data` for each line item.',
        `${p}[price_data]`,
      );
    const itemCurrency = text(data.currency)?.toLowerCase();
    if (!itemCurrency)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: line_items[0][price_data][currency].',
        `${p}[price_data][currency]`,
        'parameter_missing',
      );
    if (currency.value && currency.value !== itemCurrency)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'All line items must use the same currency.',
        `${p}[price_data][currency]`,
      );
    currency.value = itemCurrency;
    const product = data.product_data;
    const name =
      product && typeof product === 'object' && !Array.isArray(product)
        ? text(product.name)
        : undefined;
    if (!name)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Missing required param: ${p}[price_data][product_data][name].`,
        `${p}[price_data][product_data][name]`,
        'parameter_missing',
      );
    return {
      name,
      unit_amount: wholeNumber(data.unit_amount, `${p}[price_data][unit_amount]`, 0),
      quantity: wholeNumber(raw.quantity, `${p}[quantity]`, 1),
      currency: itemCurrency,
    };
  });
}

export function stringList(value: FormValue | undefined, param: string): string[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid array', param);
  return value as string[];
}

/** `expand[]=…`: what the fake can expand on a Checkout Session (line_items), else Stripe's 400. */
export function expansions(value: FormValue | undefined): string[] {
  const list = value === undefined ? [] : typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid array', 'expand');
  for (const path of list as string[])
    if (path !== 'line_items')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This property cannot be expanded (${path}). The local Stripe expands line_items only.`,
        'expand',
      );
  return list as string[];
}

/**
 * Checks a Checkout Session's create parameters the way Stripe does (unknown parameters, mode,
 * URLs, e-mail, metadata, line items, the total's bounds) and returns what the session is made of.
 */
export function parseSessionParams(params: FormObject) {
  for (const key of Object.keys(params))
    if (!SESSION_PARAMS.has(key))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${key}`,
        key,
        'parameter_unknown',
      );
  const mode = text(params.mode);
  if (!mode)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Missing required param: mode.',
      'mode',
      'parameter_missing',
    );
  if (mode !== 'payment')
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `The local Stripe supports mode=payment only, got ${mode}.`,
      'mode',
    );
  const successUrl = text(params.success_url);
  if (!successUrl)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Missing required param: success_url.',
      'success_url',
      'parameter_missing',
    );
  validUrl(successUrl, 'success_url');
  const cancelUrl = text(params.cancel_url) ?? null;
  if (cancelUrl) validUrl(cancelUrl, 'cancel_url');
  const email = text(params.customer_email) ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid email address: ${email}`,
      'customer_email',
      'email_invalid',
    );
  const reference = text(params.client_reference_id) ?? null;
  if (reference !== null && reference.length > 200)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Invalid string: client_reference_id must be at most 200 characters',
      'client_reference_id',
    );
  const metadata: Record<string, string> = {};
  if (params.metadata !== undefined) {
    if (typeof params.metadata !== 'object' || Array.isArray(params.metadata))
      throw new StripeApiError(400, 'invalid_request_error', 'Invalid object', 'metadata');
    for (const [key, value] of Object.entries(params.metadata)) {
      if (typeof value !== 'string')
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'Invalid string',
          `metadata[${key}]`,
        );
      metadata[key] = value;
    }
  }
  const currency: { value?: string } = {};
  const items = parseLineItems(params.line_items, currency);
  const total = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  if (total < 50)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `The Checkout Session's total amount due must add up to at least $0.50 ${currency.value}`,
      undefined,
      'amount_too_small',
    );
  if (total > 99_999_999)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Amount must be no more than $999,999.99',
      undefined,
      'amount_too_large',
    );
  return {
    successUrl,
    cancelUrl,
    email,
    reference,
    metadata,
    currency: currency.value!,
    items,
    total,
    expiresAt: text(params.expires_at) ? Number(params.expires_at) : null,
    locale: text(params.locale) ?? null,
    paymentMethodTypes: stringList(params.payment_method_types, 'payment_method_types'),
    submitType: text(params.submit_type) ?? null,
  };
}
