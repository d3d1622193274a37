// Bearer tokens are HS256 JWTs naming a session row; the row, not the signature, decides whether the
// token still works, so log-out revokes for good and across processes (docs/decisions/003-auth-tokens.md).
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'snaplist';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export interface TokenSigner {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, sessionId }, expiresAt) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (!payload.sub || !payload.jti) return null;
        return { userId: payload.sub, sessionId: payload.jti };
      } catch {
        return null;
      }
    },
  };
}
