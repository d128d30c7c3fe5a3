import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/** HS256 JWTs with the claims GoTrue puts in an access token. */
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

export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: Record<string, unknown>, expiresInSeconds: number, issuer: string) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(key);
    },
    /** Verifies signature and expiry; throws with a short reason. */
    async verify(token: string): Promise<AccessClaims> {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      return payload as AccessClaims;
    },
  };
}

export type Jwt = ReturnType<typeof createJwt>;
