// A store's SQL as one table of named queries, prepared together when the store opens: a store extends
// `withStatements(queries)` and reads `this.sql.byId.get(id)`, rather than keeping a field, a declaration and a
// `prepare` line per statement.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { fieldsWhere, type FieldTable, type InputKey, type ResourceOf } from '../../common/api/resource-fields.ts';

/**
 * A row as its store's record: the same names, which for a resource's fields are those of its table in common/api/,
 * with SQL NULL as undefined. One mapping for every store, so a column added to a table reaches the record, and a
 * field a person gives reaches its column (`columnValues`), with no line written for it.
 */
export type RecordOf<Row> = { readonly [Column in keyof Row]: null extends Row[Column] ? Exclude<Row[Column], null> | undefined : Row[Column] };

/** A record's type without its `readonly`s, for the few places that update one in place (the latest check's fields). */
export type Writable<T> = { -readonly [Key in keyof T]: T[Key] };

/**
 * A store's row with a column for each field of its resource's table (common/api/) a person gives that the row does
 * not declare itself: the field's value (a text or a number), NULL when there is none. So a field added to the table
 * and its migration's column reach the record, the INSERT and the UPDATE with no line written for them.
 */
export type WithInputColumns<Row, Table extends FieldTable> = Row & {
  readonly [Column in Exclude<InputKey<Table>, keyof Row>]: Exclude<ResourceOf<Table>[Column], undefined> | null;
};

export function recordOf<Row extends object>(row: Row): RecordOf<Row> {
  // A copy of the row keeps its compact layout; built key by key, 10,000 monitor records read 3 times slower and
  // copied 5 times slower.
  const record = { ...row } as Record<string, unknown>;
  for (const column in record) if (record[column] === null) record[column] = undefined;
  return record as RecordOf<Row>;
}

/** An INSERT of these columns, in this order, answering the new row. */
export function insertInto(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING *`;
}

/**
 * An UPDATE of these columns, in this order, of the row whose id is the last parameter, answering it. With no
 * column to change (a table with no editable field), the row as it is.
 */
export function updateIn(table: string, columns: readonly string[]): string {
  if (columns.length === 0) return `SELECT * FROM ${table} WHERE id = ?`;
  return `UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ? RETURNING *`;
}

/**
 * The columns of a table's annotations (what a person writes about the item, resource-fields.ts): blank text there
 * says nothing, so it is stored as none (`columnValues`) and answered as none.
 */
export function annotationColumns(table: FieldTable): ReadonlySet<string> {
  return new Set(fieldsWhere(table, (spec) => spec.annotation !== undefined));
}

/**
 * The values of these columns, from an object with the same names: undefined is NULL, a list or an object JSON, and
 * blank text NULL in an annotation's column.
 */
export function columnValues(values: Readonly<Record<string, unknown>>, columns: readonly string[], annotations: ReadonlySet<string> = new Set()): (string | number | null)[] {
  return columns.map((column) => {
    const value = values[column];
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && value.trim() === '' && annotations.has(column)) return null;
    return typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
  });
}

export type Statements<Queries> = { readonly [Name in keyof Queries]: StatementSync };

export function prepareAll<Queries extends Record<string, string>>(db: DatabaseSync, queries: Queries): Statements<Queries> {
  const prepared: Partial<Record<keyof Queries, StatementSync>> = {};
  for (const [name, sql] of Object.entries(queries) as [keyof Queries, string][]) prepared[name] = db.prepare(sql);
  return prepared as Statements<Queries>;
}

/** The base of a store whose queries are fixed: they are prepared on the database it is opened with. */
export function withStatements<Queries extends Record<string, string>>(queries: Queries) {
  return class {
    protected readonly sql: Statements<Queries>;

    constructor(db: DatabaseSync) {
      this.sql = prepareAll(db, queries);
    }
  };
}

/**
 * The base of a resource's store (a table with `id`; monitors keep their rows in memory and have their own): by id,
 * all in order, how many, delete — each answered as the store's record (`recordOf`, unless the store maps its rows
 * itself), and `item(row)` for the store's own queries, which are added to these.
 */
export function resourceStore<Row extends object, Queries extends Record<string, string>, Item = RecordOf<Row>>(
  table: string,
  orderBy: string,
  queries: Queries,
  toItem: (row: Row) => Item = recordOf as (row: Row) => Item,
) {
  const common = {
    byId: `SELECT * FROM ${table} WHERE id = ?`,
    all: `SELECT * FROM ${table} ORDER BY ${orderBy}`,
    count: `SELECT count(*) AS n FROM ${table}`,
    delete: `DELETE FROM ${table} WHERE id = ? RETURNING *`,
  };
  return class extends withStatements({ ...common, ...queries }) {
    get(id: string): Item | undefined {
      return this.item(this.sql.byId.get(id));
    }

    all(): Item[] {
      return this.items(this.sql.all.all());
    }

    count(): number {
      return (this.sql.count.get() as { n: number }).n;
    }

    /** The deleted item, or undefined when there was none. */
    delete(id: string): Item | undefined {
      return this.item(this.sql.delete.get(id));
    }

    /** A row one of the queries answered, as a record (undefined: none). */
    protected item(row: unknown): Item | undefined {
      return row === undefined ? undefined : toItem(row as Row);
    }

    /** The row a query always answers (an INSERT … RETURNING), as a record. */
    protected made(row: unknown): Item {
      return toItem(row as Row);
    }

    protected items(rows: unknown[]): Item[] {
      return rows.map((row) => toItem(row as Row));
    }
  };
}

/** What a resource's store writes from its field table (common/api/): a new item's `fixed` columns and then the
 * table's input fields, and on an edit the fields it marks editable. */
export interface TableWrites {
  readonly fields: FieldTable;
  readonly fixed: readonly string[];
}

/**
 * The base of the store of a resource with a field table: `resourceStore`'s reads and delete, and its writes as the
 * table says (`writes`), so a field added to the table and its migration's column are written with no line here.
 */
export function tableStore<Row extends object, Queries extends Record<string, string>>(table: string, orderBy: string, writes: TableWrites, queries: Queries) {
  const columns = [...writes.fixed, ...fieldsWhere(writes.fields, (spec) => spec.input !== undefined)];
  const editable = fieldsWhere(writes.fields, (spec) => spec.editable === true);
  const annotations = annotationColumns(writes.fields);
  const written = { ...queries, insert: insertInto(table, columns), edit: updateIn(table, editable) };
  return class extends resourceStore<Row, typeof written>(table, orderBy, written) {
    /** Writes the editable fields as given; the edited item, or undefined when none has this id. */
    edit(id: string, edited: Readonly<Record<string, unknown>>): RecordOf<Row> | undefined {
      return this.item(this.sql.edit.get(...columnValues(edited, editable, annotations), id));
    }

    /** Writes a new item from its columns' values, each under the column's name. */
    protected inserted(values: Readonly<Record<string, unknown>>): RecordOf<Row> {
      return this.made(this.sql.insert.get(...columnValues(values, columns, annotations)));
    }
  };
}
