/** Product-wide constants (docs/product-rules.md). One place, so copy and code never disagree. */
export const PRODUCT_NAME = 'Dialwise';
export const PRODUCT_SLUG = 'dialwise';
export const CONTACT_EMAIL = 'hello@dialwise.dev';
export const SUPPORT_EMAIL = 'support@dialwise.dev';
/** The year the page was rendered (the prerender's at build time, the browser's after). */
export const COPYRIGHT_YEAR = new Date().getFullYear();

export const PRICE_PER_MINUTE_USD = 0.01;
/** What a live minute costs, as a button says it. */
export const PRICE_PER_MINUTE_LABEL = `$${PRICE_PER_MINUTE_USD.toFixed(2)}/min`;
export const FREE_MINUTES = 100;

export const PURCHASE_MIN_USD = 10;
export const PURCHASE_MAX_USD = 500;
export const PURCHASE_DEFAULT_USD = 10;

export const SESSION_REFRESH_THRESHOLD_SECONDS = 300;
export const HASH_AUTH_DELAY_MS = 500;
/** The auth server's `minimum_password_length` (supabase/config.toml). */
export const MIN_PASSWORD_LENGTH = 6;
export const LANDING_REDIRECT_DELAY_MS = 200;
export const PHONE_SUCCESS_REDIRECT_MS = 800;
export const CONTACT_REDIRECT_MS = 2000;
export const AGENT_SETTINGS_SAVE_DELAY_MS = 750;

export const OTP_LENGTH = 5;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_RESENDS = 3;

export const CAROUSEL_INTERVAL_MS = 3500;
export const SCROLL_OFFSET_PX = 80;
export const NAVBAR_SCROLL_THRESHOLD_PX = 20;
/** The Use Cases dropdown opens 200 ms into a hover (at once within 300 ms of a close) and closes 150 ms after the pointer leaves. */
export const DROPDOWN_OPEN_DELAY_MS = 200;
export const DROPDOWN_SKIP_DELAY_MS = 300;
export const DROPDOWN_CLOSE_DELAY_MS = 150;
export const DATE_TIME_FORMAT = 'MMM d, yyyy • h:mm a';

/** Local-storage key for the KYC draft (`{product}_kyc_draft`). */
export const KYC_DRAFT_STORAGE_KEY = `${PRODUCT_SLUG}_kyc_draft`;
