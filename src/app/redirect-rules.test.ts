import { describe, expect, it } from 'vitest';
import {
  decideRedirect,
  isProtectedPath,
  isUnknownProtectedPath,
  returnPath,
  type RedirectInput,
} from './redirect-rules';

const base: RedirectInput = {
  pathname: '/',
  search: '',
  loading: false,
  signedIn: false,
  staleTokens: false,
};

describe('decideRedirect', () => {
  it('waits while authentication loads', () => {
    expect(
      decideRedirect({ ...base, loading: true, search: '?error=invalid_refresh_token' }),
    ).toEqual({ kind: 'stay' });
  });

  it('expires the session on a refused refresh token in the query', () => {
    expect(decideRedirect({ ...base, search: '?error=invalid_refresh_token' }).kind).toBe(
      'expire-session',
    );
    expect(
      decideRedirect({ ...base, signedIn: true, search: '?error=refresh_token_not_found' }).kind,
    ).toBe('expire-session');
  });

  it('expires the session on stale stored tokens', () => {
    expect(decideRedirect({ ...base, pathname: '/pricing', staleTokens: true }).kind).toBe(
      'expire-session',
    );
  });

  it('sends a signed-in user from / to /dashboard after about 200 ms', () => {
    expect(decideRedirect({ ...base, signedIn: true })).toMatchObject({
      kind: 'navigate',
      to: '/dashboard',
      delayMs: 200,
    });
  });

  it('sends a signed-in user from /auth back where they were going, else to /dashboard', () => {
    expect(decideRedirect({ ...base, pathname: '/auth', signedIn: true })).toMatchObject({
      to: '/dashboard',
      delayMs: 0,
    });
    expect(
      decideRedirect({
        ...base,
        pathname: '/auth',
        signedIn: true,
        from: { pathname: '/billing', search: '?x=1', hash: '' },
      }),
    ).toMatchObject({ to: '/billing?x=1' });
  });

  it('sends a signed-in user on an unknown path under a protected prefix to /dashboard', () => {
    expect(decideRedirect({ ...base, pathname: '/dashboard/nope', signedIn: true })).toMatchObject({
      kind: 'navigate',
      to: '/dashboard',
    });
    expect(decideRedirect({ ...base, pathname: '/billing/x/y', signedIn: true })).toMatchObject({
      to: '/dashboard',
    });
  });

  it('sends a signed-in user with error= or NOT_FOUND in the query to /dashboard', () => {
    expect(
      decideRedirect({ ...base, pathname: '/pricing', search: '?error=oops', signedIn: true }),
    ).toMatchObject({ to: '/dashboard' });
    expect(
      decideRedirect({ ...base, pathname: '/docs', search: '?code=NOT_FOUND', signedIn: true }),
    ).toMatchObject({ to: '/dashboard' });
  });

  it('leaves signed-in users on known pages and anonymous visitors on public ones alone', () => {
    expect(decideRedirect({ ...base, pathname: '/billing', signedIn: true })).toEqual({
      kind: 'stay',
    });
    expect(decideRedirect({ ...base, pathname: '/pricing' })).toEqual({ kind: 'stay' });
    expect(decideRedirect({ ...base, pathname: '/auth', search: '?error=x' })).toEqual({
      kind: 'stay',
    });
  });
});

describe('path helpers', () => {
  it('knows the protected paths and what lies beneath them', () => {
    expect(isProtectedPath('/dashboard')).toBe(true);
    expect(isProtectedPath('/onboarding-step-2/')).toBe(true);
    expect(isProtectedPath('/apikey/extra')).toBe(true);
    expect(isProtectedPath('/dashboards')).toBe(false);
    expect(isProtectedPath('/pricing')).toBe(false);
    expect(isUnknownProtectedPath('/dashboard')).toBe(false);
    expect(isUnknownProtectedPath('/dashboard/')).toBe(false);
    expect(isUnknownProtectedPath('/profile/settings')).toBe(true);
  });

  it('never returns to /auth itself or to a foreign URL', () => {
    expect(returnPath({ pathname: '/auth' })).toBe('/dashboard');
    expect(returnPath({ pathname: 'https://evil.example' })).toBe('/dashboard');
    expect(returnPath(undefined)).toBe('/dashboard');
  });
});
