import { describe, expect, it } from 'vitest';
import {
  checkInput,
  localNotificationHandlerCreateInput,
  notificationHandlerCreateInput,
} from '../../common/api/index.ts';

const email = { name: 'Ops', type: 'email', destination: 'ops@example.com' };
const webhook = { name: 'Hook', type: 'webhook', destination: 'https://hooks.example.com/vigil' };

describe.each([
  ['notificationHandlerCreateInput', notificationHandlerCreateInput],
  ['localNotificationHandlerCreateInput', localNotificationHandlerCreateInput],
])('%s', (_, schema) => {
  it.each([[email], [webhook]])('accepts %j', (body) => {
    expect(checkInput(schema, body)).toEqual({ ok: true, value: body });
  });

  it('trims text', () => {
    expect(checkInput(schema, { name: ' Ops ', type: 'email', destination: ' ops@example.com ' })).toEqual({
      ok: true,
      value: email,
    });
  });

  it.each([
    [{ ...email, destination: 'ops' }, 'destination', 'must be a single email address, like name@example.com'],
    [{ ...email, destination: 'a@example.com, b@example.com' }, 'destination', 'must be a single email address, like name@example.com'],
    [{ ...email, destination: '' }, 'destination', 'must not be empty'],
    [{ ...webhook, destination: 'hooks.example.com' }, 'destination', 'must start with http:// or https://, like https://hooks.example.com'],
    [{ ...webhook, destination: 'https://u:p@hooks.example.com' }, 'destination', 'must not contain a user name or password (user:pass@)'],
    [{ ...email, name: '' }, 'name', 'must not be empty'],
    [{ ...email, name: undefined }, 'name', 'is required'],
  ])('rejects %j', (body, field, message) => {
    expect(checkInput(schema, body)).toEqual({ ok: false, details: [{ field, message }] });
  });
});

describe('notificationHandlerCreateInput (any server)', () => {
  it.each([
    [{ name: 'Chat', type: 'slack', destination: '#ops' }],
    [{ name: 'Pager', type: 'pager_duty-v2', destination: 'R0UT1NGK3Y' }],
  ])('accepts a type Vigil’s service does not know: %j', (body) => {
    expect(checkInput(notificationHandlerCreateInput, body)).toEqual({ ok: true, value: body });
  });

  const typeMessage = 'must be a lower-case word of up to 50 letters, digits, "_" or "-", starting with a letter';
  it.each([['Slack'], ['1slack'], ['sla ck'], ['x'.repeat(51)], ['slack!']])('rejects the type %j', (type) => {
    expect(checkInput(notificationHandlerCreateInput, { ...email, type, destination: 'x' })).toEqual({
      ok: false,
      details: [{ field: 'type', message: typeMessage }],
    });
  });

  it.each([
    ['', 'must not be empty'],
    ['x'.repeat(2049), 'must be at most 2048 characters'],
    ['a\u0007b', 'must not contain control characters or line breaks'],
  ])('checks the destination of an unknown type as plain text: %j', (destination, message) => {
    expect(checkInput(notificationHandlerCreateInput, { name: 'Chat', type: 'slack', destination })).toEqual({
      ok: false,
      details: [{ field: 'destination', message }],
    });
  });
});

describe('localNotificationHandlerCreateInput (Vigil’s service)', () => {
  it('accepts only the types the service can deliver', () => {
    expect(checkInput(localNotificationHandlerCreateInput, { name: 'Chat', type: 'slack', destination: '#ops' })).toEqual({
      ok: false,
      details: [{ field: 'type', message: 'must be one of: email, webhook' }],
    });
  });
});
