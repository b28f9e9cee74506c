// Notes end to end, in Chromium against the real core and a real embedded service: a monitor created with notes
// through its form shows them on its page (lines kept, the https address a link); a heartbeat's notes written from
// its row's "Edit notes…", shown on its page, then cleared there, after which the page offers "Add notes". The form,
// the dialog and the page are looked at light and dark at 1280 px (axe: no serious or critical violations;
// screenshots in test-results/screenshots).
import { expect, test, type Page } from '@playwright/test';
import { startHistoryServer } from '../../helpers/history-server.ts';
import { dashboardForFile, look, openDashboard, openDialog, openView } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();

const monitorNotes = 'Owned by the platform team.\nIf it is down: restart with `systemctl restart api`, then see https://wiki.example/runbooks/api.';

async function openItemPage(page: Page, view: string, name: string): Promise<void> {
  await openDashboard(page, dashboard, view);
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a monitor created with notes shows them on its page', async ({ page }) => {
  await openDashboard(page, dashboard, 'Monitors');
  const form = await openDialog(page, 'Create your first monitor', 'New monitor');
  await form.getByRole('textbox', { name: 'Name' }).fill('Billing API');
  await form.getByRole('textbox', { name: 'URL' }).fill('https://billing.example.invalid/health');
  await form.getByRole('textbox', { name: 'Notes' }).fill(monitorNotes);
  await form.getByRole('button', { name: 'Create monitor' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: /Billing API/ }).getByRole('link', { name: 'Billing API' })).toBeVisible();

  await openItemPage(page, 'Monitors', 'Billing API');
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.locator('.item-annotation-text')).toHaveText(monitorNotes, { useInnerText: true });
  await expect(notes.getByRole('link', { name: 'https://wiki.example/runbooks/api' })).toHaveAttribute('href', 'https://wiki.example/runbooks/api');
  // Kept by the core, not only by the page: what a reload reads.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Owned by the platform team.');
});

test('a heartbeat’s notes written from its row, shown on its page, and cleared there', async ({ page }) => {
  await openDashboard(page, dashboard, 'Heartbeats');
  const form = await openDialog(page, 'Create your first heartbeat', 'New heartbeat');
  await form.getByRole('textbox', { name: 'Name' }).fill('Nightly backup');
  await form.getByRole('button', { name: 'Create heartbeat' }).click();
  await page.getByRole('dialog', { name: 'Ping URL for Nightly backup' }).getByRole('button', { name: 'Close' }).click();

  const edit = await openDialog(page, 'Edit notes for Nightly backup', 'Edit notes for Nightly backup');
  await edit.getByRole('textbox', { name: 'Notes' }).fill('Runs on db-2 at 02:30.\nA failure means the disk is full.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await openItemPage(page, 'Heartbeats', 'Nightly backup');
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes).toContainText('A failure means the disk is full.');
  await notes.getByRole('button', { name: 'Edit notes…' }).click();
  const again = page.getByRole('dialog', { name: 'Edit notes for Nightly backup' });
  await again.getByRole('textbox', { name: 'Notes' }).clear();
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Add notes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add notes' })).toBeVisible();
});

test.beforeAll(async () => {
  // A domain to look at in its list: created once, however the lookups go.
  await dashboard.fixture.calls.createDomain('local', { domain: 'example.com' });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the notes views in ${scheme}: no serious accessibility violations, and a screenshot of each`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard, 'Monitors');
    await page.getByRole('row', { name: /Billing API/ }).getByRole('button', { name: 'Edit Billing API' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Billing API' });
    const box = form.getByRole('textbox', { name: 'Notes' });
    await expect(box).toHaveValue(monitorNotes);
    await box.scrollIntoViewIfNeeded();
    await look(page, `notes-monitor-form-${scheme}`);
    // Near the bound the count shows; past it, Save is refused with the rule's words.
    await box.fill('x'.repeat(2_001));
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Must be at most 2,000 characters.')).toBeVisible();
    await expect(form.getByText('2,001 / 2,000')).toBeVisible();
    await box.scrollIntoViewIfNeeded();
    await look(page, `notes-monitor-form-too-long-${scheme}`);
    await form.getByRole('button', { name: 'Cancel' }).click();

    await openView(page, 'Heartbeats');
    // With one server the row has room for Edit notes…: nothing of the list is out of sight sideways.
    const heartbeats = page.getByRole('table', { name: 'Heartbeats' });
    expect(await heartbeats.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const edit = await openDialog(page, 'Edit notes for Nightly backup', 'Edit notes for Nightly backup');
    await edit.getByRole('textbox', { name: 'Notes' }).fill('Runs on db-2 at 02:30.\nRunbook: https://wiki.example/runbooks/backup');
    await look(page, `notes-edit-dialog-${scheme}`);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await openView(page, 'Domains');
    const domains = page.getByRole('table', { name: 'Domains' });
    await expect(domains.getByRole('button', { name: 'Edit notes for example.com' })).toBeVisible();
    expect(await domains.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);

    await openItemPage(page, 'Monitors', 'Billing API');
    await expect(page.getByRole('region', { name: 'Notes' })).toBeVisible();
    await look(page, `notes-item-page-${scheme}`);

    // Its notes cleared in the test before: the page offers to add them, quietly, and shows no empty section.
    await openItemPage(page, 'Heartbeats', 'Nightly backup');
    await expect(page.getByRole('button', { name: 'Add notes' })).toBeVisible();
    await look(page, `notes-item-page-none-${scheme}`);
  });
}

test('a domain on a spec-only server keeps its notes on this computer, and the dialog says so', async ({ page }) => {
  // A strict spec-only server: it refuses any field the spec does not name, and has no update for domains.
  const specOnly = await startHistoryServer({ domains: [{ id: 'dom_spec', domain: 'spec.example' }] });
  const { calls } = dashboard.fixture;
  const added = await calls.addRemoteConnection({ name: 'Spec only', baseUrl: specOnly.apiUrl, token: 'x.y.z' });
  try {
    await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'spec.example'), 30_000);
    await openItemPage(page, 'Domains', 'spec.example');
    const edit = await openDialog(page, 'Add notes', 'Edit notes for spec.example');
    await expect(edit.getByText('Spec only does not store notes: Vigil keeps them on this computer.')).toBeVisible();
    await edit.getByRole('textbox', { name: 'Notes' }).fill('Renewed by finance; ask Ana before it lapses.');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await look(page, `notes-kept-by-vigil-${scheme}`);
    }
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Renewed by finance; ask Ana before it lapses.');
    // Nothing went to the server: it has no update for domains, and would refuse the field anyway.
    expect(specOnly.requests.filter((request) => !request.startsWith('GET'))).toEqual([]);
    expect(dashboard.fixture.settings.read().keptFields[`${added.id}/domain:dom_spec`]).toEqual({ notes: 'Renewed by finance; ask Ana before it lapses.' });
  } finally {
    await calls.removeConnection(added.id);
    await specOnly.close();
  }
});
