import { describe, expect, it } from 'vitest';
import { isMaskedValue } from '../../common/api/index.ts';
import { maskUrlSecrets } from '../../common/api/secret-urls.ts';

describe('maskUrlSecrets', () => {
  it.each([
    ['a password before the host', 'https://ops:hunter2@status.example.org/health', 'https://ops:••••••••@status.example.org/health'],
    ['query values whose names say secret', 'https://api.example/health?api_key=abc123&apiKey=def456&region=eu', 'https://api.example/health?api_key=••••••••&apiKey=••••••••&region=eu'],
    [
      'a signed Teams workflow (Azure Logic Apps)',
      'https://prod-01.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe',
      // A long opaque value keeps its last 4 characters, as a secret header's token does.
      'https://prod-01.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=••••••••g0Fe',
    ],
    ['a Teams incoming webhook', 'https://contoso.webhook.office.com/webhookb2/a1b2@c3d4/IncomingWebhook/e5f6/g7h8', 'https://contoso.webhook.office.com/webhookb2/••••••••/••••••••/••••••••/••••••••'],
    ['a Discord webhook', 'https://discord.com/api/v10/webhooks/123/short-token', 'https://discord.com/api/v10/webhooks/••••••••/••••••••'],
    ['a Slack webhook', 'https://hooks.slack.com/services/T1/B2/s3', 'https://hooks.slack.com/services/••••••••/••••••••/••••••••'],
    ['only the secrets, leaving the rest as written', 'HTTPS://Ops:p%40ss@API.Example:8443/v1?Token=abc#top', 'HTTPS://Ops:••••••••@API.Example:8443/v1?Token=••••••••#top'],
  ])('masks %s, keeping the host and route', (_what, address, masked) => {
    expect(maskUrlSecrets(address)).toBe(masked);
    expect(isMaskedValue(maskUrlSecrets(address))).toBe(true);
  });

  it.each([
    'HTTPS://Status.Example.org',
    'https://example.org/search?q=uptime&design=dark&page=2',
    'https://hooks.example.org/services/T1/B2/s3',
    'https://discord.com/invite/abc',
    'db.example.org:5432',
    '127.0.0.1:9',
    'oncall@example.org',
    '#ops',
    'not a url',
  ])('leaves %s as it is', (address) => {
    expect(maskUrlSecrets(address)).toBe(address);
  });
});
