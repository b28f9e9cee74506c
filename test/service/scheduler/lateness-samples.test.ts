import { describe, expect, it } from 'vitest';
import { LatenessSamples } from '../../../service/scheduler/lateness-samples.ts';

describe('LatenessSamples', () => {
  it('summarises nothing as zeros', () => {
    expect(new LatenessSamples().summary()).toEqual({ samples: 0, p50: 0, p90: 0, p99: 0, max: 0 });
  });

  it('gives nearest-rank percentiles', () => {
    const samples = new LatenessSamples();
    for (let ms = 100; ms >= 1; ms -= 1) samples.record(ms);
    expect(samples.summary()).toEqual({ samples: 100, p50: 50, p90: 90, p99: 99, max: 100 });
  });

  it('covers only the most recent samples once full', () => {
    const samples = new LatenessSamples(10);
    for (let index = 0; index < 10; index += 1) samples.record(1_000);
    for (let index = 0; index < 10; index += 1) samples.record(index);
    expect(samples.summary()).toMatchObject({ samples: 10, max: 9, p50: 4 });
  });
});
