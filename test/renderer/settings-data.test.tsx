// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '../../common/ipc/history.ts';
import { Notices } from '../../renderer/components/notices.tsx';
import { useStatus } from '../../renderer/state/status-store.ts';
import { DataSection } from '../../renderer/views/settings/data-section.tsx';
import { callError, fakeApi, status } from './renderer-harness.tsx';
import { renderSettings } from './settings-fixtures.tsx';

const configuration = '{"vigil":"configuration","monitors":[{"name":"Shop"}]}';
const file = () => new File([configuration], 'vigil-configuration.json', { type: 'application/json' });

const wouldDo: ImportReport = {
  dryRun: true,
  created: [
    { kind: 'monitor', name: 'Shop', notKept: 'Not kept, as the server does not offer the checks extension: method POST.' },
    { kind: 'handler', name: 'On-call email' },
  ],
  skipped: [{ kind: 'domain', name: 'shop.example', reason: 'It is already watched.' }],
  failed: undefined,
};

function renderData() {
  useStatus.getState().receive(status());
  return render(
    <>
      <DataSection />
      <Notices />
    </>,
  );
}

function captureDownloads() {
  const saved: { name: string; blob: Blob | undefined }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.set(`blob:test/${blobs.size}`, blob as Blob);
    return `blob:test/${blobs.size - 1}`;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

describe('Settings: your data', () => {
  it('is a section of Settings', async () => {
    await renderSettings();
    expect(screen.getByRole('region', { name: 'Your data' })).toBeTruthy();
  });

  it('exports the configuration as a download', async () => {
    const saved = captureDownloads();
    fakeApi({ exportConfiguration: async () => ({ fileName: 'vigil-configuration.json', mimeType: 'application/json', text: configuration }) });
    renderData();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export configuration' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('vigil-configuration.json');
    expect(await saved[0]?.blob?.text()).toBe(configuration);
    expect(screen.getByText('Saved vigil-configuration.json.')).toBeTruthy();
  });

  it('shows what an import would do before doing it, then does it and says what it did', async () => {
    const importConfiguration = vi.fn(async (_connectionId: string, _text: string, { dryRun }: { dryRun: boolean }) => ({ ...wouldDo, dryRun }));
    const fake = fakeApi({ importConfiguration });
    renderData();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Configuration file'), file());
    const section = within(screen.getByRole('region', { name: 'Your data' }));
    expect(await section.findByRole('heading', { name: 'Would be created: 2 items' })).toBeTruthy();
    expect(section.getByText('Monitor “Shop”')).toBeTruthy();
    expect(section.getByText('Not kept, as the server does not offer the checks extension: method POST.')).toBeTruthy();
    expect(section.getByText('Notification handler “On-call email”')).toBeTruthy();
    expect(section.getByRole('heading', { name: 'Would be skipped: 1 item' })).toBeTruthy();
    expect(section.getByText('Domain “shop.example”: It is already watched.')).toBeTruthy();
    expect(importConfiguration.mock.calls).toEqual([['local', configuration, { dryRun: true }]]);

    await user.click(section.getByRole('button', { name: 'Import 2 items' }));
    expect(await section.findByText(/2 items created from vigil-configuration\.json, 1 skipped\./)).toBeTruthy();
    expect(section.getByRole('heading', { name: 'Created: 2 items' })).toBeTruthy();
    expect(importConfiguration.mock.calls[1]).toEqual(['local', configuration, { dryRun: false }]);
    // The lists pick the new items up at once.
    expect(fake.calls.some((call) => call.method === 'refreshNow')).toBe(true);
  });

  it('cancels after the dry run without importing anything', async () => {
    const importConfiguration = vi.fn(async (_connectionId: string, _text: string, { dryRun }: { dryRun: boolean }) => ({ ...wouldDo, dryRun }));
    fakeApi({ importConfiguration });
    renderData();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Configuration file'), file());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Would be created: 2 items')).toBeNull();
    expect(importConfiguration).toHaveBeenCalledTimes(1);
  });

  it('will not import what the server would refuse, and says why in its words', async () => {
    fakeApi({ importConfiguration: async () => ({ ...wouldDo, failed: { kind: 'monitor', name: 'Shop', message: 'The URL must start with http:// or https://.' } }) });
    renderData();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Configuration file'), file());
    expect((await screen.findByRole('alert')).textContent).toBe('The server would refuse this file. Monitor “Shop”: The URL must start with http:// or https://.');
    const importButton = screen.getByRole('button', { name: 'Import 2 items' });
    expect(importButton.getAttribute('aria-disabled')).toBe('true');
  });

  it('shows where a real import stopped and what it created before', async () => {
    fakeApi({
      importConfiguration: async (_connectionId, _text, { dryRun }) =>
        dryRun ? wouldDo : { dryRun, created: [{ kind: 'monitor', name: 'Shop' }], skipped: [], failed: { kind: 'handler', name: 'On-call email', message: 'The disk is full.' } },
    });
    renderData();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Configuration file'), file());
    await user.click(await screen.findByRole('button', { name: 'Import 2 items' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The import stopped. Notification handler “On-call email”: The disk is full. Only what is listed as created below was created.');
    expect(screen.getByText(/Imported in part\./)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Created: 1 item' })).toBeTruthy();
  });

  it('says when a file holds nothing new, and offers no import', async () => {
    fakeApi({ importConfiguration: async () => ({ dryRun: true, created: [], skipped: wouldDo.skipped, failed: undefined }) });
    renderData();
    await userEvent.setup().upload(screen.getByLabelText('Configuration file'), file());
    expect(await screen.findByRole('heading', { name: 'Would be created: nothing' })).toBeTruthy();
    expect(screen.getByText('Everything in this file is on the server already: there is nothing to import.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
  });

  it('says why a file could not be read as a configuration', async () => {
    fakeApi({ importConfiguration: () => Promise.reject(callError('This is not a configuration exported by Vigil.')) });
    renderData();
    await userEvent.setup().upload(screen.getByLabelText('Configuration file'), file());
    expect((await screen.findByRole('alert')).textContent).toBe('vigil-configuration.json could not be imported: This is not a configuration exported by Vigil.');
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeTruthy();
  });
});
