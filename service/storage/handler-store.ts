// Notification handlers: where alerts are delivered. A record is its row (statements.ts): the fields of the handler's
// table in common/api/ and when it was made.
import { notificationHandlerFields } from '../../common/api/notification-handler.ts';
import { tableStore, type RecordOf } from './statements.ts';

interface HandlerRow {
  seq: number;
  id: string;
  name: string;
  type: string;
  destination: string;
  created_at: string;
}

export type HandlerRecord = RecordOf<HandlerRow>;
/** What a person gives: the fields of the handler's table with an input. */
export type HandlerFields = Pick<HandlerRow, 'name' | 'type' | 'destination'>;

export class HandlerStore extends tableStore<HandlerRow, Record<never, string>>('notification_handlers', 'seq', { fields: notificationHandlerFields, fixed: ['id', 'created_at'] }, {}) {
  create(id: string, fields: HandlerFields, now: string): HandlerRecord {
    return this.inserted({ ...fields, id, created_at: now });
  }
}
