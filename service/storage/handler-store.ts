// Notification handlers: where alerts are delivered.
import { resourceStore } from './statements.ts';

export interface HandlerRecord {
  seq: number;
  id: string;
  name: string;
  type: string;
  destination: string;
  createdAt: string;
}

export interface HandlerFields {
  name: string;
  type: string;
  destination: string;
}

interface HandlerRow {
  seq: number;
  id: string;
  name: string;
  type: string;
  destination: string;
  created_at: string;
}

function toRecord(row: HandlerRow): HandlerRecord {
  return { seq: row.seq, id: row.id, name: row.name, type: row.type, destination: row.destination, createdAt: row.created_at };
}

const queries = {
  insert: 'INSERT INTO notification_handlers (id, name, type, destination, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
};

export class HandlerStore extends resourceStore('notification_handlers', 'seq', toRecord, queries) {
  create(id: string, fields: HandlerFields, now: string): HandlerRecord {
    return toRecord(this.sql.insert.get(id, fields.name, fields.type, fields.destination, now) as unknown as HandlerRow);
  }
}
