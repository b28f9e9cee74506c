// Recognising a source from the one URL a person types, against local servers answering as each source does
// (test/helpers/source-fakes/), the real Alertmanager and the real Vigil service: each kind told by its own keyless
// answer, nothing secret ever sent, and a server that is none of them, an unreachable one and a silent one each
// said in one sentence.
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { PUBLIC_STATUS_PAGES } from '../../../common/ipc/public-status-pages.ts';
import { probeTimeoutMs, recogniseSource, type RecognitionPorts } from '../../../main/core/sources/recognise-source.ts';
import { expectFailure, eventually } from '../api/fixtures.ts';
import { ALERTMANAGER_BINARY, startAlertmanager } from '../../helpers/alertmanager.ts';
import { answers, startHostileServer, type RecordedRequest } from '../../helpers/hostile-server.ts';
import { manualClock } from '../../helpers/manual-clock.ts';
import { startTestService } from '../../helpers/service-harness.ts';
import { startFakeGatus } from '../../helpers/source-fakes/gatus.ts';
import { startFakeHealthchecks } from '../../helpers/source-fakes/healthchecks.ts';
import { startFakeStatusPage } from '../../helpers/source-fakes/statuspage.ts';
import { startFakeKuma } from '../../helpers/source-fakes/uptime-kuma.ts';
import { trackingClock, type TrackingClock } from '../../helpers/tracking-clock.ts';

let clock: TrackingClock;
let ports: RecognitionPorts;

beforeEach(() => {
  clock = trackingClock();
  ports = { fetch: quietFetch, clock };
});

afterEach(() => {
  expect(clock.live(), 'timers left running').toBe(0);
});

/** Nothing secret goes out while recognising: there is no key yet. */
function expectKeyless(requests: readonly RecordedRequest[]): void {
  for (const request of requests) {
    expect(request.method).toBe('GET');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['x-api-key']).toBeUndefined();
  }
}

/** Asked of the server: the URL never reaches the network. */
const offline: typeof globalThis.fetch = () => Promise.reject(new Error('a known host is recognised without asking'));

describe('status pages', () => {
  it('recognises a Statuspage page by its summary, named as the page names itself', async () => {
    const page = await startFakeStatusPage('statuspage');
    try {
      expect(await recogniseSource(page.url, ports)).toEqual({ kind: 'statuspage', baseUrl: page.url, needsKey: false, name: 'Example' });
      expectKeyless(page.requests);
    } finally {
      await page.close();
    }
  });

  it('recognises an Instatus page by its own summary path', async () => {
    const page = await startFakeStatusPage('instatus');
    try {
      expect(await recogniseSource(page.url, ports)).toMatchObject({ kind: 'statuspage', baseUrl: page.url, needsKey: false });
    } finally {
      await page.close();
    }
  });

  it('takes an address without a scheme (http for this computer) or a pasted API path, and gives the base', async () => {
    const page = await startFakeStatusPage('statuspage');
    try {
      const host = new URL(page.url).host;
      expect(await recogniseSource(`  ${host}  `, ports)).toMatchObject({ kind: 'statuspage', baseUrl: `http://${host}` });
      expect(await recogniseSource(`${page.url}/api/v2/summary.json?x=1`, ports)).toMatchObject({ kind: 'statuspage', baseUrl: page.url });
    } finally {
      await page.close();
    }
  });

  it('lists the well-known public pages, each an https Statuspage base', () => {
    expect(PUBLIC_STATUS_PAGES.map((page) => page.name)).toEqual(['GitHub', 'Cloudflare', 'npm', 'Atlassian', 'DigitalOcean', 'Discord', 'Dropbox', 'Twilio']);
    for (const page of PUBLIC_STATUS_PAGES) {
      expect(page.kind).toBe('statuspage');
      expect(new URL(page.baseUrl).href).toBe(`${page.baseUrl}/`);
      expect(page.baseUrl.startsWith('https://')).toBe(true);
    }
  });
});

describe('Uptime Kuma', () => {
  it('recognises a status page URL: Kuma at the address below it, the page read without a key', async () => {
    const kuma = await startFakeKuma();
    try {
      expect(await recogniseSource(`${kuma.url}/status/Main/`, ports)).toEqual({ kind: 'uptime-kuma', baseUrl: kuma.url, page: 'main', needsKey: false, name: 'Main' });
      expect(kuma.requests.map((request) => request.path)).toEqual(['/api/status-page/main']);
      expectKeyless(kuma.requests);
    } finally {
      await kuma.close();
    }
  });

  it("recognises Kuma's own address by its status page API, asking for a key, and leaves /metrics' rate limit alone", async () => {
    const kuma = await startFakeKuma();
    try {
      expect(await recogniseSource(kuma.url, ports)).toEqual({ kind: 'uptime-kuma', baseUrl: kuma.url, needsKey: true });
      expect(kuma.apiRequestsLeft).toBe(60);
      expectKeyless(kuma.requests);
    } finally {
      await kuma.close();
    }
  });

  it('says so when Kuma has no such status page', async () => {
    const kuma = await startFakeKuma();
    try {
      const host = new URL(kuma.url).host;
      expect(await recogniseSource(`${kuma.url}/status/staging`, ports)).toEqual({
        kind: undefined,
        tried: [`${kuma.url}/api/status-page/staging`],
        message: `${host} has no Uptime Kuma status page "staging" (Vigil asked ${kuma.url}/api/status-page/staging); check the page's address, or pick the kind of source.`,
      });
    } finally {
      await kuma.close();
    }
  });
});

describe('Healthchecks and UptimeRobot', () => {
  it("recognises a self-hosted Healthchecks by its refusal of a request without a key", async () => {
    const healthchecks = await startFakeHealthchecks();
    try {
      expect(await recogniseSource(`${healthchecks.origin}/`, ports)).toEqual({ kind: 'healthchecks', baseUrl: healthchecks.origin, needsKey: true });
      expectKeyless(healthchecks.requests);
    } finally {
      await healthchecks.stop();
    }
  });

  it('knows healthchecks.io and UptimeRobot by name, without asking', async () => {
    const known = { fetch: offline, clock };
    expect(await recogniseSource('healthchecks.io', known)).toEqual({ kind: 'healthchecks', baseUrl: 'https://healthchecks.io', needsKey: true });
    expect(await recogniseSource('https://www.healthchecks.io/projects/', known)).toMatchObject({ kind: 'healthchecks', baseUrl: 'https://healthchecks.io' });
    expect(await recogniseSource('api.uptimerobot.com', known)).toEqual({ kind: 'uptimerobot', baseUrl: 'https://api.uptimerobot.com', needsKey: true });
    expect(await recogniseSource('https://dashboard.uptimerobot.com/monitors', known)).toMatchObject({ baseUrl: 'https://api.uptimerobot.com' });
    expect(await recogniseSource('https://api.uptimerobot.com/v2/getMonitors', known)).toMatchObject({ baseUrl: 'https://api.uptimerobot.com/v2' });
  });
});

describe('Gatus', () => {
  it('recognises Gatus by its endpoints, and a protected one by its refusal', async () => {
    const gatus = await startFakeGatus([{ name: 'front-end', group: 'core', results: [{ success: true, timestamp: '2026-11-29T07:40:00Z' }] }]);
    try {
      expect(await recogniseSource(gatus.origin, ports)).toEqual({ kind: 'gatus', baseUrl: gatus.origin, needsKey: false });
      gatus.security = { tokens: ['t0ken'] };
      expect(await recogniseSource(gatus.origin, ports)).toEqual({ kind: 'gatus', baseUrl: gatus.origin, needsKey: true });
      expectKeyless(gatus.requests);
    } finally {
      await gatus.stop();
    }
  });
});

// `npm test`'s set-up installs Alertmanager on Debian; elsewhere this says why it does not run.
const alertmanagerInstalled = existsSync(ALERTMANAGER_BINARY);
if (!alertmanagerInstalled) console.log(`Skipping the live Alertmanager recognition: ${ALERTMANAGER_BINARY} is not installed.`);

describe('Alertmanager and Vigil, the real ones', () => {
  it.runIf(alertmanagerInstalled)('recognises a real Alertmanager by its status', async () => {
    const alertmanager = await startAlertmanager();
    try {
      expect(await recogniseSource(alertmanager.url, ports)).toEqual({ kind: 'alertmanager', baseUrl: alertmanager.url, needsKey: false });
    } finally {
      await alertmanager.close();
    }
  });

  it("recognises the Vigil service's API base, which needs an access token", async () => {
    const service = await startTestService();
    try {
      expect(await recogniseSource(`${service.apiUrl}/`, ports)).toEqual({ kind: 'vigil', baseUrl: service.apiUrl, needsKey: true });
    } finally {
      await service.stop();
    }
  });

  it('recognises a spec-only server by /monitors refusing with a JSON error', async () => {
    const server = await startHostileServer((request, response) => {
      if (request.path === '/api/monitors') return answers.json(401, { message: 'Unauthorized' })(request, response);
      answers.json(404, { message: 'Not found' })(request, response);
    });
    try {
      expect(await recogniseSource(server.apiUrl, ports)).toEqual({ kind: 'vigil', baseUrl: server.apiUrl, needsKey: true });
    } finally {
      await server.stop();
    }
  });
});

describe('nothing recognised', () => {
  it('says what was asked of a web server that is none of them, in one request round', async () => {
    const server = await startHostileServer(answers.text(404, '<!doctype html><title>Not Found</title>', { 'content-type': 'text/html' }));
    try {
      const host = new URL(server.origin).host;
      const recognition = await recogniseSource(server.origin, ports);
      expect(recognition).toEqual({
        kind: undefined,
        tried: ['/api/v2/summary.json', '/summary.json', '/api/v2/status', '/api/v1/endpoints/statuses?page=1&pageSize=1', '/api/v3/checks/', '/api/status-page/default', '/capabilities', '/monitors'].map(
          (path) => `${server.origin}${path}`,
        ),
        message: `${host} did not answer as a status page, Uptime Kuma, Healthchecks, Gatus, Alertmanager or a Vigil server does (Vigil asked each one's own address, without a key); pick the kind of source.`,
      });
      expectKeyless(server.requests);
    } finally {
      await server.stop();
    }
  });

  it('does not take an empty list for anything', async () => {
    const server = await startHostileServer(answers.json(200, []));
    try {
      expect(await recogniseSource(server.origin, ports)).toMatchObject({ kind: undefined });
    } finally {
      await server.stop();
    }
  });

  it('says where a server that moved sends its visitors, without following', async () => {
    const server = await startHostileServer(answers.text(301, '', { location: 'https://status.elsewhere.example/api/v2/summary.json' }));
    try {
      const host = new URL(server.origin).host;
      expect(await recogniseSource(server.origin, ports)).toMatchObject({
        kind: undefined,
        message: `${host} sends its visitors on to https://status.elsewhere.example; try that address, or pick the kind of source.`,
      });
      expect(server.requests).toHaveLength(8);
    } finally {
      await server.stop();
    }
  });

  it('says an address nothing answers at cannot be reached, and why', async () => {
    // A port that was just free: nothing listens there now.
    const server = await startHostileServer();
    const host = new URL(server.origin).host;
    await server.stop();
    expect(await recogniseSource(host, ports)).toMatchObject({ kind: undefined, message: `Could not reach ${host}: the connection was refused.` });
  });

  it('gives up on a silent server at the deadline, on the injected clock', async () => {
    const manual = manualClock();
    const server = await startHostileServer(answers.stallBeforeHeaders());
    try {
      const pending = recogniseSource(server.origin, { fetch: quietFetch, clock: manual });
      // Every path is asked at once.
      await eventually(() => server.requests.length === 8, 'every path was asked');
      manual.advance(probeTimeoutMs);
      expect(await pending).toMatchObject({ kind: undefined, message: `${new URL(server.origin).host} did not answer within 5 s.` });
    } finally {
      await server.stop();
    }
  });

  it('stops when the person cancels', async () => {
    const server = await startHostileServer(answers.stallBeforeHeaders());
    try {
      const controller = new AbortController();
      const pending = recogniseSource(server.origin, ports, controller.signal);
      await eventually(() => server.requests.length === 8, 'every path was asked');
      controller.abort();
      expect((await expectFailure(pending, 'cancelled')).message).toBe(`Recognising ${new URL(server.origin).host} was cancelled.`);
    } finally {
      await server.stop();
    }
  });

  it('refuses what is not a web address before asking anything', async () => {
    const known = { fetch: offline, clock };
    expect(await recogniseSource(' ', known)).toEqual({ kind: undefined, tried: [], message: 'Type the address of a status page, a monitoring tool or a Vigil server.' });
    expect(await recogniseSource('ftp://files.example.com', known)).toMatchObject({ message: 'The address must start with https:// (or http://), not ftp://.' });
    expect(await recogniseSource('https://me:secret@kuma.example.com', known)).toMatchObject({
      message: 'The address must not contain a user name or password; Vigil asks for a key separately and keeps it in the keychain.',
    });
    expect(await recogniseSource('http://[bad', known)).toMatchObject({ message: '"http://[bad" is not a web address; it should look like status.example.com or https://kuma.example.com.' });
  });
});
