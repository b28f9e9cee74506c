// Bearer auth on every route, with each kind of bad token.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { tokenAudience, tokenIssuer } from '../../../service/auth/tokens.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

let service: TestService;
const badTokens: [string, string | null][] = [];

function sign(key: Uint8Array, claims: { iss?: string; aud?: string; exp?: number | null }, alg = 'HS256') {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({}).setProtectedHeader({ alg }).setSubject('local-user').setIssuedAt(now);
  jwt.setIssuer(claims.iss ?? tokenIssuer).setAudience(claims.aud ?? tokenAudience);
  if (claims.exp !== null) jwt.setExpirationTime(claims.exp ?? now + 3600);
  return jwt.sign(key);
}

beforeAll(async () => {
  service = await startTestService();
  const key = loadOrCreateSigningKey(service.dataDir);
  const [header, payload, signature] = service.token.split('.') as [string, string, string];
  const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'admin' })).toString('base64url');
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
  badTokens.push(
    ['missing', null],
    ['expired', await sign(key, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['signed by another key', await sign(new Uint8Array(randomBytes(32)), {})],
    ['alg none', none],
    ['altered payload', `${header}.${altered}.${signature}`],
    ['altered signature', `${header}.${payload}.${signature.slice(0, -4)}AAAA`],
    ['wrong issuer', await sign(key, { iss: 'someone-else' })],
    ['wrong audience', await sign(key, { aud: 'another-api' })],
    ['another algorithm (HS512)', await sign(key, {}, 'HS512')],
    ['no expiry', await sign(key, { exp: null })],
    ['not a JWT', 'opensesame'],
    ['empty', ''],
  );
});
afterAll(() => service.stop());

const routes: [string, string][] = [
  ['GET', '/monitors'],
  ['POST', '/monitors'],
  ['GET', '/monitors/x'],
  ['PUT', '/monitors/x'],
  ['DELETE', '/monitors/x'],
  ...['heartbeats', 'domains', 'notifications'].flatMap((c): [string, string][] => [
    ['GET', `/${c}`],
    ['POST', `/${c}`],
    ['GET', `/${c}/x`],
    ['DELETE', `/${c}/x`],
  ]),
];

describe('every API route refuses every bad token', () => {
  it('covers all 17 authenticated operations of the spec', () => expect(routes).toHaveLength(17));

  it.each(routes)('%s %s', async (method, path) => {
    for (const [kind, token] of badTokens) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      const response = await service.api(path, { method, body, token });
      expect(response.status, kind).toBe(401);
      expect(response.headers.get('www-authenticate'), kind).toMatch(/^Bearer realm="vigil"/);
      expect(response.json, kind).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('says invalid_token only when a token was sent', async () => {
    expect((await service.api('/monitors', { token: null })).headers.get('www-authenticate')).toBe('Bearer realm="vigil"');
    expect((await service.api('/monitors', { token: 'x.y.z' })).headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses other schemes', async () => {
    const response = await service.api('/monitors', { token: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(response.status).toBe(401);
  });

  it('accepts the valid token, with any case of "Bearer"', async () => {
    expect((await service.api('/monitors')).status).toBe(200);
    expect((await service.api('/monitors', { token: null, headers: { authorization: `bearer ${service.token}` } })).status).toBe(200);
  });
});
