// Calm alerts' views exactly as drawn, from a fake core (as many-servers-views.spec.ts does): what real data takes
// hours to show — two hours of maintenance on the timeline beside an outage, a row in maintenance, a dependent row
// that is also flapping, an item window and a window Vigil keeps listed with who keeps them. Light and dark, axe
// with no serious or critical violations, and a screenshot of each in test-results/screenshots.
import { expect, test } from '@playwright/test';
import type { ItemPageWindow, TimelineSegment } from '../../../common/ipc/history.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { fakeVigilCore, openSignedIn, startTestWebServer, type TestWebServer } from '../../helpers/web-server.ts';
import { itemRules, maintenanceWindow } from '../../renderer/calm-fixtures.ts';
import { itemHistory } from '../../renderer/history-fixtures.ts';
import { status } from '../../renderer/status-fixtures.ts';
import { builtRendererDir } from '../global-setup.ts';
import { look, openView } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

const now = Date.now();
const hour = 3_600_000;
const until = now + 2 * hour;

const calmStatus = status({
  level: 'critical',
  monitors: [
    { id: 'm1', name: 'Router', type: 'ping', url: '10.0.0.1', last_status: 'down' },
    { id: 'm2', name: 'NAS', type: 'tcp', url: '10.0.0.2:445', last_status: 'down' },
  ],
  items: [
    { key: 'monitor:m2', kind: 'monitor', name: 'NAS', health: 'critical', state: 'down', detail: 'Connection refused.', cause: { key: 'local/monitor:m1', name: 'Router' }, flapping: true, since: now - 10 * 60_000 },
    { key: 'monitor:m1', kind: 'monitor', name: 'Router', health: 'critical', state: 'down', detail: 'No answer.', maintenance: { until }, since: now - 10 * 60_000 },
  ],
  maintenance: [
    maintenanceWindow({ id: 'local/w1', itemKey: 'local/monitor:m1', itemName: 'Router', endsAt: until, reason: 'Router firmware update' }),
    maintenanceWindow({ id: 'local/w2', startsAt: now + 30 * hour, endsAt: now + 31 * hour, active: false, keptBy: 'vigil', reason: 'Disk replacement' }),
  ],
});

/** Up, two hours of maintenance, up, a short outage, up again. */
function timelineWithMaintenance(from: number): TimelineSegment[] {
  return [
    { from, to: now - 10 * hour, health: 'ok', state: 'up' },
    { from: now - 10 * hour, to: now - 8 * hour, health: 'maintenance', state: 'maintenance' },
    { from: now - 8 * hour, to: now - 3 * hour, health: 'ok', state: 'up' },
    { from: now - 3 * hour, to: now - 2.8 * hour, health: 'critical', state: 'down' },
    { from: now - 2.8 * hour, to: now, health: 'ok', state: 'up' },
  ];
}

let web: TestWebServer;
/** Where the rules say the dependency is kept: by a server with the extension, or by Vigil for a spec-only one. */
let dependenciesKeptBy: 'server' | 'vigil' = 'server';

test.beforeAll(async () => {
  const core = fakeVigilCore({
    getStatus: async () => calmStatus,
    listEvents: async () => [],
    getListHistory: async () => ({ from: now - 24 * hour, to: now, slotCount: 0, items: {} }),
    getItemHistory: async (key: string, pageWindow: ItemPageWindow) => {
      const view = itemHistory(now, pageWindow, { key, name: 'Router' });
      return { ...view, timeline: timelineWithMaintenance(view.from), uptime: view.uptime.map((figure) => ({ ...figure, maintenanceSeconds: 7_200 })) };
    },
    getItemRules: async (key: string) => itemRules(key, { defaultDelayMinutes: 5, dependents: 1, dependenciesKeptBy }),
  });
  web = await startTestWebServer({ core, rendererDir: builtRendererDir });
});

test.afterAll(async () => {
  await web?.stop();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`calm alerts as drawn in ${scheme}: the overview, the list's badges, the timeline with maintenance`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openSignedIn(page, web);
    await expect(page.getByRole('region', { name: /^In maintenance until / })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Upcoming maintenance' })).toContainText('Kept by Vigil');
    await look(page, `calm-views-overview-${scheme}`);

    await openView(page, 'Monitors');
    await expect(page.getByRole('row', { name: /^Router/ })).toContainText('Maintenance until');
    await expect(page.getByRole('row', { name: /^NAS/ })).toContainText('Down (Router down) · flapping');
    await look(page, `calm-views-monitors-${scheme}`);

    await page.getByRole('row', { name: /^Router/ }).getByRole('link', { name: 'Router' }).click();
    const timeline = page.getByRole('region', { name: 'Status over the past 24 hours' });
    await expect(timeline.locator('.timeline .state-maintenance')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Uptime' })).toContainText('2 h in maintenance, not counted.');
    await look(page, `calm-views-item-timeline-${scheme}`);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const keptBy of ['server', 'vigil'] as const) {
    test(`the rules form in ${scheme} says where a dependency is kept (${keptBy})`, async ({ page }) => {
      dependenciesKeptBy = keptBy;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await openSignedIn(page, web);
      await openView(page, 'Monitors');
      await page.getByRole('row', { name: /^NAS/ }).getByRole('link', { name: 'NAS' }).click();
      const rules = page.getByRole('region', { name: 'Alert rules' });
      await rules.getByRole('button', { name: 'Change rules' }).click();
      const form = rules.getByRole('form', { name: 'Alert rules of NAS' });
      await expect(form).toContainText(keptBy === 'server' ? 'Kept by the server: its own email and webhook alerts fold too.' : 'This server’s own email and webhook alerts are not folded');
      await form.getByRole('button', { name: 'Save rules' }).scrollIntoViewIfNeeded();
      await look(page, `calm-views-rules-form-${keptBy}-${scheme}`);
    });
  }
}
