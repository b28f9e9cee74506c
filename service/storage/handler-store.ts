// Notification handlers: where alerts are delivered. A record is its row (statements.ts): the fields of the handler's
// table in common/api/ and when it was made.
import { fieldsWhere } from '../../common/api/resource-fields.ts';
import { notificationHandlerFields } from '../../common/api/notification-handler.ts';
import { columnValues, insertInto, resourceStore, type RecordOf } from './statements.ts';

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

const columns = ['id', 'created_at', ...fieldsWhere(notificationHandlerFields, (spec) => spec.input !== undefined)];

const queries = { insert: insertInto('notification_handlers', columns) };

export class HandlerStore extends resourceStore<HandlerRow, typeof queries>('notification_handlers', 'seq', queries) {
  create(id: string, fields: HandlerFields, now: string): HandlerRecord {
    return this.made(this.sql.insert.get(...columnValues({ ...fields, id, created_at: now }, columns)));
  }
}
