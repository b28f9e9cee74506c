// Every /api route needs `Authorization: Bearer <JWT>` signed by this service's key (docs/api-decisions.md).
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import { verifyToken, type VerifiedToken } from '../auth/tokens.ts';
import { ApiError } from './api-error.ts';

const realm = 'realm="vigil"';
const jwtShape = /^Bearer[ ]+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*)[ ]*$/i;
/** A client polls with one token; a few remembered cover every client a desktop service has. */
const rememberedTokens = 32;

function unauthorized(message: string, tokenWasSent: boolean): ApiError {
  const challenge = tokenWasSent ? `Bearer ${realm}, error="invalid_token"` : `Bearer ${realm}`;
  return new ApiError(401, 'unauthorized', message, { headers: { 'www-authenticate': challenge } });
}

/**
 * `validFromMs`: tokens issued before it were revoked (`vigil token --revoke-all`), read on every request so a
 * revocation applies at once, to tokens already verified too.
 */
export function bearerAuth(signingKey: Uint8Array, clock: Clock, validFromMs: () => number = () => 0) {
  // Tokens already verified, with their claims: a signature does not change, so checking it once per token is
  // enough, and a busy client no longer pays an HMAC per request. Expiry and revocation are checked every time.
  const verified = new Map<string, VerifiedToken>();
  const refused = () => unauthorized('The token is not valid for this service: it is expired, revoked, altered, or signed by another key.', true);

  // A callback hook, so the common case (a token seen before) costs no promise.
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const header = request.headers.authorization;
    if (!header) return done(unauthorized('This request needs an Authorization: Bearer <token> header.', false));
    const token = jwtShape.exec(header)?.[1];
    if (!token) return done(unauthorized('The Authorization header must be "Bearer" followed by a JWT.', true));
    const known = verified.get(token);
    if (known !== undefined && clock.now() < known.expiresAtMs && known.issuedAtMs >= validFromMs()) return done();
    verified.delete(token);
    verifyToken(signingKey, token, clock.now()).then(
      (claims) => {
        if (claims.issuedAtMs < validFromMs()) return done(refused());
        if (verified.size >= rememberedTokens) verified.clear();
        verified.set(token, claims);
        done();
      },
      // One message for every reason (expired, revoked, wrong key, alg none, altered): the details help only an attacker.
      () => done(refused()),
    );
  };
}
