// Bearer JWTs for the service's API: HS256 only, with issuer, audience and expiry always checked.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const tokenIssuer = 'vigil-local';
export const tokenAudience = 'vigil-api';
const algorithm = 'HS256';
const issuedMsClaim = 'iat_ms';

/** A token may live 90 days at most: long enough for a script, short enough that a leaked one goes stale. The app
 * renews its own (30 days, renewed a week ahead). */
export const maxTokenLifetimeSeconds = 90 * 86_400;

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400, w: 604_800, y: 31_557_600 };

/** `30d`, `12h`, `90m`, `3600s` or bare seconds, to seconds. Bounded so a typo cannot mint a forever token. */
export function parseLifetime(text: string): number {
  const match = /^(\d+)\s*([smhdwy]?)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (durationUnits[match[2] || 's'] ?? 1) : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds < 60 || seconds > maxTokenLifetimeSeconds) {
    throw new Error(`"${text}" is not a token lifetime between 1 minute and 90 days (examples: 30d, 12h, 90m)`);
  }
  return seconds;
}

export async function issueToken(key: Uint8Array, lifetimeSeconds: number, subject = 'local-user'): Promise<string> {
  // `iat` is in whole seconds; the millisecond tells a token signed just after a revocation from one just before.
  return new SignJWT({ [issuedMsClaim]: Date.now() })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .setJti(randomUUID())
    .sign(key);
}

export interface VerifiedToken {
  subject: string;
  /** When it was signed (epoch ms), to compare with a revocation. */
  issuedAtMs: number;
  expiresAtMs: number;
}

/** The token's claims, or rejects for any token that is not exactly one this key signed and still valid. */
export async function verifyToken(key: Uint8Array, token: string, nowMs = Date.now()): Promise<VerifiedToken> {
  const { payload } = await jwtVerify(token, key, {
    currentDate: new Date(nowMs),
    algorithms: [algorithm],
    issuer: tokenIssuer,
    audience: tokenAudience,
    requiredClaims: ['exp', 'iat', 'sub'],
  });
  const issuedMs = payload[issuedMsClaim];
  return {
    subject: payload.sub ?? '',
    // A token from before the claim existed counts from the start of its second.
    issuedAtMs: typeof issuedMs === 'number' && Number.isSafeInteger(issuedMs) ? issuedMs : (payload.iat ?? 0) * 1000,
    expiresAtMs: (payload.exp ?? 0) * 1000,
  };
}
