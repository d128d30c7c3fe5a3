import {
  createLocalJWKSet,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { SigningKey } from '../config';

/** The claims GoTrue puts in an access token. */
export type AccessClaims = JWTPayload & {
  sub: string;
  role: string;
  email?: string;
  phone?: string;
  session_id?: string;
  aal?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  amr?: { method: string; timestamp: number }[];
};

export type JwtOptions = {
  /** Private JWKs: the first signs, all are published and verify. */
  signingKeys: SigningKey[];
  /** The legacy shared secret, accepted for HS256 tokens only when given (legacy keys enabled). */
  legacySecret?: string | null;
};

/** The public half of a private JWK, as hosted publishes it in its JWKS. */
function publicJwk(key: SigningKey): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...rest } = key;
  return { ...rest, use: 'sig', key_ops: ['verify'], ext: true } as JWK;
}

/**
 * Access tokens signed with an asymmetric key (ES256 with a `kid`, hosted's default for new JWT
 * signing keys) and verified against the published key set. HS256 with the legacy secret verifies
 * only while the legacy keys are enabled.
 */
export function createJwt({ signingKeys, legacySecret = null }: JwtOptions) {
  if (signingKeys.length === 0) throw new Error('createJwt needs at least one signing key');
  const current = signingKeys[0]!;
  const jwks: JSONWebKeySet = { keys: signingKeys.map(publicJwk) };
  const published = createLocalJWKSet(jwks);
  const privateKey = importJWK(current as JWK, current.alg);
  const legacyKey = legacySecret ? new TextEncoder().encode(legacySecret) : null;

  return {
    /** The JWKS served at /auth/v1/.well-known/jwks.json (public keys only). */
    jwks,
    async sign(claims: Record<string, unknown>, expiresInSeconds: number, issuer: string) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: current.alg, kid: current.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(await privateKey);
    },
    /** Verifies signature and expiry; throws with a short reason. */
    async verify(token: string): Promise<AccessClaims> {
      const { alg } = decodeProtectedHeader(token);
      if (alg === 'HS256') {
        if (!legacyKey) throw new Error('legacy HS256 tokens are disabled');
        const { payload } = await jwtVerify(token, legacyKey, { algorithms: ['HS256'] });
        return payload as AccessClaims;
      }
      const { payload } = await jwtVerify(token, published, {
        algorithms: [...new Set(signingKeys.map((key) => key.alg))],
      });
      return payload as AccessClaims;
    },
  };
}

export type Jwt = ReturnType<typeof createJwt>;

/** The stack's token signer and verifier, from its configuration. */
export function createStackJwt(config: {
  signingKeys: SigningKey[];
  legacyKeysEnabled: boolean;
  jwtSecret: string;
}): Jwt {
  return createJwt({
    signingKeys: config.signingKeys,
    legacySecret: config.legacyKeysEnabled ? config.jwtSecret : null,
  });
}
