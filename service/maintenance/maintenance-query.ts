// The inputs of the maintenance extension (docs/api-decisions.md §15): the create body is the shared schema, read
// into epoch ms here; the list takes `include=ended`.
import { z } from 'zod';
import { dateTimeToEpochMs } from '../../common/api/datetimes.ts';
import { maintenanceCreateSchema } from '../../common/maintenance/maintenance.ts';
import type { MaintenanceRequest } from './maintenance-windows.ts';

const epochMs = (text: string | undefined) => (text === undefined ? undefined : dateTimeToEpochMs(text));

export const maintenanceBody = maintenanceCreateSchema.transform(
  (body): MaintenanceRequest => ({
    item: body.item,
    startsAt: epochMs(body.starts_at),
    endsAt: body.ends_at === null ? null : epochMs(body.ends_at),
    repeat: body.repeat,
    reason: body.reason,
  }),
);

export const maintenanceListQuery = z.object({
  include: z.literal('ended', { error: 'must be "ended" (to list windows that are over too) or left out' }).optional(),
});

export type MaintenanceListQuery = z.output<typeof maintenanceListQuery>;
