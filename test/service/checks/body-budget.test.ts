// The body budget: what http checks' body reads hold at once is bounded, a read that finds it spent waits its turn
// (first come, first served) and checks go on; a read whose deadline passes while waiting leaves the queue. Against
// a real loopback server answering a megabyte each.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BodyBudget } from '../../../service/checks/body-budget.ts';
import { runCheck } from '../../../service/checks/run-check.ts';

const megabyte = 1024 * 1024;
let server: Server;
let url: string;
beforeAll(async () => {
  // Just under a megabyte of JSON (the most a check reads), its answer first, written in 64 KB pieces.
  const body = Buffer.from(JSON.stringify({ status: 'ok', pad: 'x'.repeat(megabyte - 100) }));
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    let at = 0;
    const write = () => {
      while (at < body.length) {
        const piece = body.subarray(at, at + 64 * 1024);
        at += piece.length;
        if (!response.write(piece)) return void response.once('drain', write);
      }
      response.end();
    };
    write();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('BodyBudget', () => {
  it('grants in order of asking, and only what fits', async () => {
    const budget = new BodyBudget(100);
    expect(budget.tryTake(60)).toBe(true);
    const order: string[] = [];
    const signal = new AbortController().signal;
    const first = budget.wait(50, signal).then(() => order.push('first'));
    const second = budget.wait(30, signal).then(() => order.push('second'));
    // Something small that would fit must not jump the queue.
    expect(budget.tryTake(10)).toBe(false);
    budget.give(60);
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(budget.peakBytes).toBe(80);
  });

  it('lets a waiter go when its signal aborts, and the next one in', async () => {
    const budget = new BodyBudget(100);
    budget.tryTake(100);
    const controller = new AbortController();
    const gone = budget.wait(50, controller.signal);
    const next = budget.wait(50, new AbortController().signal);
    controller.abort(new Error('deadline'));
    await expect(gone).rejects.toThrow('deadline');
    budget.give(100);
    await next;
    expect(budget.peakBytes).toBe(100);
  });
});

describe('http checks under the body budget', () => {
  it('twelve checks of a megabyte each, with 1.5 MB to share: every one judged, never more held at once', async () => {
    const bodies = new BodyBudget(1.5 * megabyte);
    const spec = { expect: { json: [{ path: '$.status', equals: 'ok' }] } };
    const results = await Promise.all(Array.from({ length: 12 }, () => runCheck({ type: 'http', url, http: spec }, { bodies, timeoutMs: 20_000 })));
    expect(results.map((result) => result.error ?? 'ok')).toEqual(Array(12).fill('ok'));
    // Twelve bodies of nearly a megabyte, started together, never held more than one and a half at once.
    expect(bodies.peakBytes).toBeLessThanOrEqual(1.5 * megabyte);
    expect(bodies.peakBytes).toBeGreaterThanOrEqual(megabyte - 100);
  });

  it('two reads that would each hold part of the budget and wait for the rest: both judged, one after the other', async () => {
    // Each answer sends 800 KB, and the rest only once the reads hold a whole body's worth between them: reads that
    // took the budget piece by piece would by then hold 800 KB and most of the other 700, and wait on each other
    // until their deadlines.
    const body = Buffer.from(JSON.stringify({ status: 'ok', pad: 'x'.repeat(megabyte - 100) }));
    const bodies = new BodyBudget(1.5 * megabyte);
    let sendTheRest!: () => void;
    const restMayGo = new Promise<void>((resolve) => (sendTheRest = resolve));
    const halting = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      response.write(body.subarray(0, 800 * 1024));
      void restMayGo.then(() => response.end(body.subarray(800 * 1024)));
    });
    await new Promise<void>((resolve) => halting.listen(0, '127.0.0.1', resolve));
    try {
      const haltingUrl = `http://127.0.0.1:${(halting.address() as AddressInfo).port}/health`;
      const spec = { expect: { json: [{ path: '$.status', equals: 'ok' }] } };
      const checks = Promise.all([1, 2].map(() => runCheck({ type: 'http', url: haltingUrl, http: spec }, { bodies, timeoutMs: 20_000 })));
      await vi.waitFor(() => expect(bodies.peakBytes).toBeGreaterThanOrEqual(body.length), { timeout: 20_000, interval: 5 });
      sendTheRest();
      expect((await checks).map((result) => result.error ?? 'ok')).toEqual(['ok', 'ok']);
      expect(bodies.peakBytes).toBe(body.length);
    } finally {
      halting.closeAllConnections();
      await new Promise((resolve) => halting.close(resolve));
    }
  });

  it('fails a check whose deadline passes while it waits, as timed out, and the others go on', async () => {
    const bodies = new BodyBudget(megabyte);
    bodies.tryTake(megabyte);
    const spec = { expect: { body_contains: 'ok' } };
    const waiting = runCheck({ type: 'http', url, http: spec }, { bodies, timeoutMs: 300 });
    const result = await waiting;
    expect(result).toMatchObject({ ok: false, error: 'timed out after 0.3 s' });
    bodies.give(megabyte);
    expect((await runCheck({ type: 'http', url, http: spec }, { bodies, timeoutMs: 20_000 })).ok).toBe(true);
  });
});
