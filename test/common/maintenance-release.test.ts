// What is owed for an item once no maintenance window covers it, decided once for the service's own alerts (in its
// exact states) and Vigil's notifications (bad or good): the same table holds for both terms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldNewsStands, owedAtRelease, type OwedAtRelease } from '../../common/maintenance/maintenance-release.ts';

type Case<State extends string> = [what: string, told: State, says: State, now: State | undefined, monitorDown: boolean, owed: OwedAtRelease];

describe('owedAtRelease', () => {
  // The service's terms: a heartbeat late then failed is news; a domain's threshold ('alerted') is never what was told.
  const serviceCases: Case<string>[] = [
    ['a monitor down inside the window, still down', 'up', 'down', 'down', true, 'still-down'],
    ['a monitor told down before the window, still down', 'down', 'down', 'down', true, 'still-down'],
    ['a monitor down and back inside the window', 'up', 'up', 'up', false, 'nothing'],
    ['a monitor told down before, recovered inside the window', 'down', 'up', 'up', false, 'held-news'],
    ['a monitor down inside the window, deleted', 'up', 'down', undefined, false, 'nothing'],
    ['a heartbeat late inside the window, still late', 'up', 'late', 'late', false, 'held-news'],
    ['a heartbeat told late, failed inside the window', 'late', 'failed', 'failed', false, 'held-news'],
    ['a heartbeat told late, failed and late again inside the window', 'late', 'late', 'late', false, 'nothing'],
    ['a heartbeat failed inside the window, late by its end', 'up', 'failed', 'late', false, 'nothing'],
    ['a domain past a threshold inside the window, still past it', 'ok', 'alerted', 'alerted', false, 'held-news'],
    ['a domain past a threshold inside the window, renewed', 'ok', 'alerted', 'ok', false, 'nothing'],
  ];
  // Vigil's notifications' terms: bad or good, and flapping (never what was told).
  const clientCases: Case<'bad' | 'good' | 'flapping'>[] = [
    ['a monitor down inside the window, still down', 'good', 'bad', 'bad', true, 'still-down'],
    ['a monitor told down before, owed its end', 'bad', 'bad', 'bad', true, 'still-down'],
    ['a heartbeat late inside the window, on time again', 'good', 'bad', 'good', false, 'nothing'],
    ['a heartbeat told late, recovered inside the window', 'bad', 'good', 'good', false, 'held-news'],
    ['a monitor flapping inside the window, still flapping', 'good', 'flapping', 'flapping', false, 'held-news'],
    ['a recovery owed for an item deleted since', 'bad', 'good', undefined, false, 'nothing'],
  ];

  it.each(serviceCases)('in the service’s states: %s', (_what, told, says, now, monitorDown, owed) => {
    expect(owedAtRelease({ told, says }, { state: now, monitorDown })).toBe(owed);
  });

  it.each(clientCases)('in Vigil’s states: %s', (_what, told, says, now, monitorDown, owed) => {
    expect(owedAtRelease({ told, says }, { state: now, monitorDown })).toBe(owed);
  });

  it('tells held news only as the item stands, never what was last told, and nothing of an item deleted', () => {
    const state = fc.constantFrom('up', 'down', 'late', 'failed');
    fc.assert(
      fc.property(state, state, fc.option(state, { nil: undefined }), fc.boolean(), (told, says, now, monitorDown) => {
        const owed = owedAtRelease({ told, says }, { state: now, monitorDown });
        if (now === undefined) expect(owed).toBe('nothing');
        else if (monitorDown) expect(owed).toBe('still-down');
        else expect(owed === 'held-news').toBe(now === says && now !== told);
        // Back inside the window as it was last told: only a monitor still down is owed anything.
        if (says === told && owed !== 'nothing') expect(owed).toBe('still-down');
      }),
    );
  });
});

describe('heldNewsStands', () => {
  it('is the held-news rule alone: as the news said, not as last told, and not deleted', () => {
    expect(heldNewsStands({ told: 'up', says: 'down' }, 'down')).toBe(true);
    expect(heldNewsStands({ told: 'up', says: 'down' }, 'up')).toBe(false);
    expect(heldNewsStands({ told: 'down', says: 'down' }, 'down')).toBe(false);
    expect(heldNewsStands({ told: 'up', says: 'down' }, undefined)).toBe(false);
  });
});
