// What the field tables' `annotation` and `keptByVigil` marks give (common/api/item-fields.ts), with `notes` as the
// one field that has them.
import { describe, expect, it } from 'vitest';
import { ANNOTATION_FIELDS, annotationsOf, KEPT_FIELDS, keptValuesSchema, notificationLine, splitKeptValues, withKeptValues } from '../../common/api/index.ts';

describe('annotations', () => {
  it('are the fields the tables mark, with their label, on all three kinds of item', () => {
    for (const kind of ['monitor', 'heartbeat', 'domain'] as const) {
      expect(ANNOTATION_FIELDS[kind].map(({ key, label, extension }) => ({ key, label, extension }))).toEqual([{ key: 'notes', label: 'Notes', extension: 'notes' }]);
      expect(KEPT_FIELDS[kind].map((field) => field.key)).toEqual(['notes']);
    }
  });

  it('leave blank text out and trim the rest', () => {
    expect(annotationsOf('monitor', { notes: '  \n ' })).toEqual([]);
    expect(annotationsOf('domain', { notes: ' Renew by March \n' })).toEqual([{ key: 'notes', label: 'Notes', text: 'Renew by March' }]);
  });

  it('give a notification one line, cut to what it shows', () => {
    expect(notificationLine('heartbeat', {})).toBeUndefined();
    expect(notificationLine('heartbeat', { notes: 'Check the disk.\n  Then restart:\nsystemctl restart backup' })).toBe('Check the disk. · Then restart: · systemctl restart backup');
    const line = notificationLine('monitor', { notes: 'x'.repeat(500) }) ?? '';
    expect(line).toHaveLength(200);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('fields Vigil keeps', () => {
  it('leave the body for a server without their extension, and stay in it for one with it', () => {
    const body = { name: 'API', notes: 'Call Ana' };
    expect(splitKeptValues('monitor', body, ['history', 'checks'])).toEqual({ sent: { name: 'API' }, kept: { notes: 'Call Ana' } });
    expect(splitKeptValues('monitor', body, ['notes'])).toEqual({ sent: body, kept: undefined });
    expect(splitKeptValues('heartbeat', { notes: null }, [])).toEqual({ sent: {}, kept: { notes: null } });
    expect(splitKeptValues('domain', { domain: 'example.com' }, [])).toEqual({ sent: { domain: 'example.com' }, kept: undefined });
  });

  it('join an item where its server sent none, and never over what it sent', () => {
    const item = { id: '1', name: 'API' };
    expect(withKeptValues('monitor', item, undefined)).toBe(item);
    expect(withKeptValues('monitor', item, { notes: 'Kept' })).toEqual({ id: '1', name: 'API', notes: 'Kept' });
    expect(withKeptValues('monitor', { ...item, notes: 'On the server' }, { notes: 'Kept' })).toEqual({ ...item, notes: 'On the server' });
  });

  it('are checked in the settings by their own bounds', () => {
    expect(keptValuesSchema.safeParse({ notes: 'fine' }).success).toBe(true);
    const tooLong = keptValuesSchema.safeParse({ notes: '😀'.repeat(2001) });
    expect(tooLong.error?.issues[0]?.message).toBe('must be at most 2,000 characters');
    expect(keptValuesSchema.safeParse({ notes: '😀'.repeat(2000) }).success).toBe(true);
  });
});
