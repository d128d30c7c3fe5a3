import { errors } from './errors';

/**
 * GoTrue's e-mail format check (`validateEmail` with badoux/checkmail's `ValidateFormat`): the
 * local part from a fixed set of characters, then a host of dot-separated labels.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** GoTrue's E.164 check, after dropping a leading + and spaces. */
export const E164 = /^[1-9]\d{1,14}$/;
/** bcrypt reads only the first 72 bytes; GoTrue refuses longer passwords (Go's len counts bytes). */
export const MAX_PASSWORD_BYTES = 72;
export const passwordBytes = (password: string) => Buffer.byteLength(password, 'utf8');
/** Control characters (CR, LF, ...) never belong in a redirect URL; Go's url.Parse refuses them. */
export const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

export function globToRegExp(glob: string) {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const pattern = escaped
    .split('**')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

/** GoTrue's validateEmail: required, at most 255 characters, checkmail's format; lower-cased. */
export function validateEmail(email: unknown, missing = 'An email address is required'): string {
  if (typeof email !== 'string' || email.trim() === '') throw errors.validation(missing);
  const trimmed = email.trim();
  if (trimmed.length > 255) throw errors.validation('An email address is too long');
  if (!EMAIL_PATTERN.test(trimmed)) {
    throw errors.validation('Unable to validate email address: invalid format');
  }
  return trimmed.toLowerCase();
}

/** GoTrue's password check: present, at most 72 bytes, at least the configured minimum. */
export function validatePassword(password: unknown, minimumLength: number): string {
  if (typeof password !== 'string' || password === '') {
    throw errors.validation('Signup requires a valid password');
  }
  if (passwordBytes(password) > MAX_PASSWORD_BYTES) {
    throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (passwordBytes(password) < minimumLength) {
    throw errors.weakPassword(minimumLength);
  }
  return password;
}

/** User or app metadata: absent is `{}`; anything but a JSON object is refused. */
export function metadata(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw errors.validation('data must be a JSON object');
  }
  return value as Record<string, unknown>;
}
