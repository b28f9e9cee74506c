// @vitest-environment happy-dom
// Settings for calm alerts: a sound per level (good news quiet by default), quiet hours (off until turned on; the
// ranges with day chips, added and removed; where the schedule stands now in words; critical breaking through)
// and the alerting defaults (delay, flapping), each checked as typed and the core's refusals at their fields.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SettingsPatch, SettingsView } from '../../common/ipc/settings.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { dayAndTime, quietStateText } from '../../renderer/views/settings/quiet-preview.ts';
import { argsOf, renderSettings, savedSettings } from './settings-fixtures.tsx';
import { callError } from './renderer-harness.tsx';

/** Tuesday 24 November 2026, 23:30 in Berlin. */
const lateTuesday = Date.parse('2026-11-24T22:30:00Z');
/** The same Tuesday, 15:00 in Berlin. */
const tuesdayAfternoon = Date.parse('2026-11-24T14:00:00Z');

const echo = async (patch: SettingsPatch): Promise<SettingsView> => ({ ...savedSettings, ...(patch as Partial<SettingsView>) });

describe('sound per level', () => {
  it('has a box per level, good news off by default, each saved at once', async () => {
    const fake = await renderSettings({ updateSettings: async (patch: SettingsPatch) => ({ ...savedSettings, notifications: { ...savedSettings.notifications, ...patch.notifications } }) });
    const sounds = screen.getByRole('group', { name: 'Play a sound for' });
    const boxes = within(sounds).getAllByRole('checkbox');
    expect(boxes.map((box) => [box.parentElement?.textContent?.split('.')[0], (box as HTMLInputElement).checked])).toEqual([
      ['Problems that need you nowA monitor down, a heartbeat down', true],
      ['WarningsA heartbeat late, a domain about to expire, a server not answering', true],
      ['Good news, such as recoveriesOff unless you want it', false],
    ]);
    await userEvent.setup().click(within(sounds).getByRole('checkbox', { name: 'Warnings' }));
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toEqual([[{ notifications: { soundWarning: false } }]]));
    expect(screen.queryByRole('checkbox', { name: 'Play a sound' })).toBeNull();
  });
});

describe('quiet hours', () => {
  it('are off until turned on; turned on, show the ranges, where they stand now, and save', async () => {
    useNow.setState({ now: lateTuesday });
    const fake = await renderSettings({ updateSettings: echo });
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Quiet hours' });
    expect(within(section).queryByRole('group', { name: 'Range 1' })).toBeNull();
    await user.click(within(section).getByRole('checkbox', { name: 'Turn on quiet hours' }));
    const first = within(section).getByRole('group', { name: 'Range 1' });
    expect(within(first).getByText('Every day 22:00–07:00 (to the next morning)')).toBeTruthy();
    expect(within(section).getByText('Weekends all day')).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe('Quiet now until tomorrow 07:00.');
    expect(within(section).getByRole('checkbox', { name: 'Critical problems still break through' })).toHaveProperty('checked', true);

    // Weeknights only: Saturday and Sunday off in the first range, the weekend range removed.
    const days = within(first).getByRole('group', { name: 'Days' });
    await user.click(within(days).getByRole('button', { name: 'Saturday' }));
    await user.click(within(days).getByRole('button', { name: 'Sunday' }));
    expect(within(days).getByRole('button', { name: 'Saturday' }).getAttribute('aria-pressed')).toBe('false');
    await user.click(within(section).getByRole('button', { name: 'Remove range 2' }));
    expect(within(first).getByText('Weekdays 22:00–07:00 (to the next morning)')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Add a range' }));
    expect(within(section).getByRole('group', { name: 'Range 2' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Remove range 2' }));
    await user.click(within(section).getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() =>
      expect(argsOf(fake, 'updateSettings')).toEqual([[{ quietHours: { enabled: true, ranges: [{ days: [1, 2, 3, 4, 5], start: '22:00', end: '07:00' }], criticalBreaksThrough: true } }]]),
    );
  });

  it('checks each range, and shows the core’s refusal at its field', async () => {
    useNow.setState({ now: lateTuesday });
    const fake = await renderSettings({
      updateSettings: async () => {
        throw callError('The settings were not saved.', [{ field: '0.quietHours.ranges.1.start', message: 'must be a time such as 22:00' }]);
      },
    });
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Quiet hours' });
    await user.click(within(section).getByRole('checkbox', { name: 'Turn on quiet hours' }));
    const first = within(section).getByRole('group', { name: 'Range 1' });
    const days = within(first).getByRole('group', { name: 'Days' });
    for (const button of within(days).getAllByRole('button')) await user.click(button);
    await user.click(within(section).getByRole('button', { name: 'Save quiet hours' }));
    expect(within(first).getByText('Choose at least one day.')).toBeTruthy();
    expect(days.getAttribute('aria-describedby')).toBeTruthy();
    expect(argsOf(fake, 'updateSettings')).toEqual([]);

    await user.click(within(days).getByRole('button', { name: 'Monday' }));
    await user.click(within(section).getByRole('button', { name: 'Save quiet hours' }));
    const second = within(section).getByRole('group', { name: 'Range 2' });
    expect(await within(second).findByText('Must be a time such as 22:00.')).toBeTruthy();
    expect(within(second).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByRole('alert').textContent).toBe('The settings were not saved.');
  });

  it('say in words when they start or end, in the settings’ time zone', () => {
    const nights = [{ days: [1, 2, 3, 4, 5] as (1 | 2 | 3 | 4 | 5)[], start: '22:00', end: '07:00' }];
    expect(quietStateText(nights, 'Europe/Berlin', tuesdayAfternoon)).toBe('Next quiet hours: today 22:00.');
    expect(quietStateText(nights, 'Europe/Berlin', lateTuesday)).toBe('Quiet now until tomorrow 07:00.');
    expect(quietStateText(nights, 'Asia/Tokyo', tuesdayAfternoon)).toBe('Quiet now until tomorrow 07:00.');
    expect(quietStateText(nights, 'America/New_York', Date.parse('2026-11-28T15:00:00Z'))).toBe('Next quiet hours: Monday 22:00.');
    expect(quietStateText([], 'Europe/Berlin', tuesdayAfternoon)).toBe('No quiet hours: add a range.');
    expect(dayAndTime(Date.parse('2026-11-25T06:00:00Z'), lateTuesday, 'Europe/Berlin')).toBe('tomorrow 07:00');
  });
});

describe('alerting defaults', () => {
  it('save the delay and flapping, checked as typed, the core’s refusal at its field', async () => {
    let refuse = true;
    const fake = await renderSettings({
      updateSettings: async (patch: SettingsPatch) => {
        if (refuse) throw callError('The settings were not saved.', [{ field: '0.alerting.flapping.minutes', message: 'must be a whole number of minutes from 1 to 1440' }]);
        return echo(patch);
      },
    });
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Alerting defaults' });
    const delay = within(section).getByLabelText('Tell me only if down for (minutes)');
    await user.clear(delay);
    await user.type(delay, '-3');
    await user.click(within(section).getByRole('button', { name: 'Save alerting defaults' }));
    expect(within(section).getByText('Must be a whole number of minutes from 0 to 1440.')).toBeTruthy();
    expect(argsOf(fake, 'updateSettings')).toEqual([]);

    await user.clear(delay);
    await user.type(delay, '5');
    const changes = within(section).getByLabelText('More than (changes)');
    await user.clear(changes);
    await user.type(changes, '6');
    await user.click(within(section).getByRole('button', { name: 'Save alerting defaults' }));
    expect(await within(section).findByText('Must be a whole number of minutes from 1 to 1440.')).toBeTruthy();
    expect(within(section).getByLabelText('Within (minutes)').getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    await user.click(within(section).getByRole('button', { name: 'Save alerting defaults' }));
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toHaveLength(2));
    expect(argsOf(fake, 'updateSettings')[1]).toEqual([{ alerting: { delayMinutes: 5, flapping: { changes: 6, minutes: 15 } } }]);
  });
});
