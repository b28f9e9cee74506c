// Request body for creating a heartbeat: both fields optional, as in the spec.

import { z } from 'zod';
import { BODY_MUST_BE_OBJECT, numberInput, textInput } from './input-fields.ts';
import { expectedIntervalRule, nameRule } from './input-rules.ts';

export const heartbeatCreateInput = z.object(
  { name: textInput(nameRule).optional(), expected_interval: numberInput(expectedIntervalRule).optional() },
  { error: BODY_MUST_BE_OBJECT },
);
export type HeartbeatCreateBody = z.output<typeof heartbeatCreateInput>;

/** What Vigil's service fills in for absent fields; the client sends only what the user gave. */
export const HEARTBEAT_DEFAULTS = { name: 'Heartbeat', expected_interval: 3600 } as const;
