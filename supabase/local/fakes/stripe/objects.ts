/**
 * The API objects the local Stripe sends, whole: every field that stripe-node 23.1.0's types
 * declare as always present (`supabase/local/tests/stripe-fake-objects.test.ts` reads them from the
 * package), with `null` where Stripe sends null for a hosted, payment-mode session with inline
 * `price_data`, no customer, no tax, discounts, shipping or consent collection.
 */
export type LineItem = { name: string; unit_amount: number; quantity: number; currency: string };

export type CustomerDetails = { email: string; name: string | null };

/** What the fake keeps of a session; `checkoutSessionObject` turns it into the API object. */
export type SessionState = {
  id: string;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: CustomerDetails | null;
  customer_email: string | null;
  expires_at: number;
  locale: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  /** As given in the request; null lets Stripe choose (dynamic payment methods). */
  payment_method_types: string[] | null;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  submit_type: string | null;
  success_url: string;
  url: string | null;
  line_items: LineItem[];
  /** The id of each line item, fixed at creation. */
  line_item_ids: string[];
  /** The id of each line item's price and product (inline price_data makes both). */
  price_ids: string[];
  product_ids: string[];
};

export const LOCAL_PAYMENT_METHOD_CONFIGURATION = 'pmc_dialwise_local';

export function checkoutSessionObject(session: SessionState) {
  const paid = session.status === 'complete';
  return {
    id: session.id,
    object: 'checkout.session' as const,
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: session.amount_total,
    amount_total: session.amount_total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    client_secret: null,
    collected_information: paid
      ? { business_name: null, individual_name: null, shipping_details: null }
      : null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency: session.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required' as const,
    customer_details: session.customer_details
      ? {
          address: null,
          business_name: null,
          email: session.customer_details.email,
          individual_name: null,
          name: session.customer_details.name,
          phone: null,
          tax_exempt: 'none' as const,
          tax_ids: [],
        }
      : null,
    customer_email: session.customer_email,
    discounts: [],
    expires_at: session.expires_at,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: session.locale,
    managed_payments: null,
    metadata: session.metadata,
    mode: 'payment' as const,
    origin_context: null,
    payment_intent: session.payment_intent,
    payment_link: null,
    payment_method_collection: 'if_required' as const,
    payment_method_configuration_details: session.payment_method_types
      ? null
      : { id: LOCAL_PAYMENT_METHOD_CONFIGURATION, parent: null },
    payment_method_options: { card: { request_three_d_secure: 'automatic' as const } },
    payment_method_types: session.payment_method_types ?? ['card'],
    payment_status: session.payment_status,
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: session.submit_type,
    subscription: null,
    success_url: session.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted' as const,
    url: session.url,
    wallet_options: null,
  };
}

/** `line_items` as Stripe lists it (`expand[]=line_items`, or GET …/line_items). */
export function lineItemsList(session: SessionState) {
  return {
    object: 'list' as const,
    data: session.line_items.map((item, i) => {
      const amount = item.unit_amount * item.quantity;
      return {
        id: session.line_item_ids[i]!,
        object: 'item' as const,
        adjustable_quantity: null,
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: item.currency,
        description: item.name,
        metadata: {},
        price: {
          id: session.price_ids[i]!,
          object: 'price' as const,
          active: false,
          billing_scheme: 'per_unit' as const,
          created: session.created,
          currency: item.currency,
          custom_unit_amount: null,
          livemode: false,
          lookup_key: null,
          metadata: {},
          nickname: null,
          product: session.product_ids[i]!,
          recurring: null,
          tax_behavior: 'unspecified' as const,
          tiers_mode: null,
          transform_quantity: null,
          type: 'one_time' as const,
          unit_amount: item.unit_amount,
          unit_amount_decimal: String(item.unit_amount),
        },
        quantity: item.quantity,
      };
    }),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

/** A card payment as Checkout confirms it; `failure` is a declined card. */
export type PaymentIntentState = {
  id: string;
  amount: number;
  currency: string;
  created: number;
  receipt_email: string | null;
  status: 'requires_payment_method' | 'succeeded';
  payment_method: string | null;
  latest_charge: string | null;
  failure: { code: string; decline_code: string; message: string } | null;
  /** Paid by card through this payment method configuration (null: listed types). */
  payment_method_configuration: string | null;
};

export function paymentIntentObject(intent: PaymentIntentState) {
  const succeeded = intent.status === 'succeeded';
  return {
    id: intent.id,
    object: 'payment_intent' as const,
    allowed_payment_method_types: null,
    amount: intent.amount,
    amount_capturable: 0,
    amount_received: succeeded ? intent.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async' as const,
    client_secret: `${intent.id}_secret_dialwiselocal`,
    confirmation_method: 'automatic' as const,
    created: intent.created,
    currency: intent.currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: intent.failure
      ? {
          code: intent.failure.code,
          decline_code: intent.failure.decline_code,
          doc_url: `https://docs.stripe.com/error-codes/${intent.failure.code.replaceAll('_', '-')}`,
          message: intent.failure.message,
          payment_method_type: 'card',
          type: 'card_error' as const,
        }
      : null,
    latest_charge: intent.latest_charge,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: intent.payment_method,
    payment_method_configuration_details: intent.payment_method_configuration
      ? { id: intent.payment_method_configuration, parent: null }
      : null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: 'automatic' as const,
      },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: intent.receipt_email,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: intent.status,
    transfer_data: null,
    transfer_group: null,
  };
}

/** A successful card charge of a PaymentIntent, with the receipt page Stripe hosts for it. */
export type ChargeState = {
  id: string;
  amount: number;
  currency: string;
  created: number;
  payment_intent: string;
  payment_method: string | null;
  receipt_email: string | null;
  /** Stripe: https://pay.stripe.com/receipts/payment/…; here the local page /receipts/{id}. */
  receipt_url: string;
};

/** The fields of Stripe's Charge object the project reads, and the usual ones beside them. */
export function chargeObject(charge: ChargeState) {
  return {
    id: charge.id,
    object: 'charge' as const,
    amount: charge.amount,
    amount_captured: charge.amount,
    amount_refunded: 0,
    captured: true,
    created: charge.created,
    currency: charge.currency,
    customer: null,
    description: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    receipt_email: charge.receipt_email,
    receipt_number: null,
    receipt_url: charge.receipt_url,
    refunded: false,
    status: 'succeeded' as const,
  };
}
