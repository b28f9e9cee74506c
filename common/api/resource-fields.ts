// How a resource's fields are declared: one table per resource (monitor-fields.ts, heartbeat.ts, domain.ts,
// notification-handler.ts), one entry per field, from which everything that must name every field is derived: the
// response type and its tolerant reader, the create and edit schemas, which fields a PUT carries, which belong to an
// extension, which go into the configuration file and how. A field added to a table reaches all of them; one left out
// of a list derived from the table cannot be, since no such list is written by hand.

import type { z } from 'zod';
import type { ReadContext } from './fields.ts';
import type { JsonObject } from './json.ts';

/**
 * The extensions of `GET /capabilities` (docs/api-decisions.md §14) that add fields to resources. The service lists
 * each; a field's table entry names the one it belongs to.
 */
export const FIELD_EXTENSIONS = ['history', 'checks', 'cron', 'notes'] as const;
export type FieldExtension = (typeof FIELD_EXTENSIONS)[number];

/** Reads one field of a response, dropping and reporting a value it cannot use (fields.ts). */
export type FieldReader<Value> = (object: JsonObject, key: string, context: ReadContext) => Value | undefined;

/** What a table says of a field beyond how it is read. */
export interface FieldOptions<Value> {
  /** The extension the field belongs to; absent for the spec's own fields. A server without it never gets it. */
  readonly extension?: FieldExtension;
  /**
   * What a person may give: the field's schema in a create body. Absent for the fields a server reports
   * (ids, statuses, times), which a body may echo but never sets.
   */
  readonly input?: z.ZodType;
  /** Required in a create body (and in a PUT's full object); otherwise the server's default stands. */
  readonly required?: true;
  /** Can be changed after creation (PUT). An extension field left out of a PUT keeps its value, `null` resets it. */
  readonly editable?: true;
  /**
   * Kept in the configuration file, as this returns it; `undefined` leaves it out (a default, which a create
   * without the field gives anyway). Absent: never exported.
   */
  readonly exported?: (value: Value) => Value | undefined;
  /**
   * A value holding secrets: how the service's answers show it (masked), from the value and the whole stored item
   * (which says what else is secret). The service keeps and uses it in full and never shows it back; the
   * configuration file starts from answers, so it holds no such secret either. A value an answer shows in full (an
   * address, which a PUT sends back) masks its secrets in the file through `exported` instead. (A method, so an
   * entry may type `item` as just the members it reads.)
   */
  masked?(value: Value, item: Readonly<Record<string, unknown>>): Value;
  /**
   * What a person writes about the item (what it is, what to do when it fails): offered as free text in the item's
   * forms, shown on its page under `label`, as the second line of its notifications and by the CLI (item-fields.ts).
   */
  readonly annotation?: {
    readonly label: string;
    readonly hint: string;
    /** Characters (code points) it may hold, which its input checks: the form counts toward it. */
    readonly maxLength: number;
  };
  /**
   * Against a server without the field's extension, Vigil keeps the value itself in its settings, as it keeps
   * maintenance windows for such servers, rather than dropping what the person wrote (item-fields.ts).
   */
  readonly keptByVigil?: true;
}

export type FieldSpec<Value> = FieldOptions<Value> & { readonly read: FieldReader<Value> };

/** Any field of a table, whatever its value (`never` accepts every exporter). */
type AnyFieldSpec = Omit<FieldOptions<unknown>, 'exported'> & { readonly read: FieldReader<unknown>; readonly exported?: (value: never) => unknown };

export type FieldTable = Readonly<Record<string, AnyFieldSpec>>;

/** Declares one field: its value type follows from its reader, and the options keep their literal types. */
export function field<Value, const Options extends FieldOptions<Value> = Record<never, never>>(
  read: FieldReader<Value>,
  options?: Options & FieldOptions<NoInfer<Value>>,
): { readonly read: FieldReader<Value> } & Options {
  return { read, ...(options as Options) };
}

/** Exports a field as it is. */
export function asIs<Value>(value: Value): Value {
  return value;
}

type ValueOf<Spec> = Spec extends { read: FieldReader<infer Value> } ? Value : never;

/** The resource as a response carries it: every field optional, since another server may send none of them. */
export type ResourceOf<Table extends FieldTable> = { -readonly [Key in keyof Table]?: ValueOf<Table[Key]> | undefined };

type KeysWhere<Table extends FieldTable, Condition> = { [Key in keyof Table]: Table[Key] extends Condition ? Key : never }[keyof Table] & string;

/** The fields a person gives. */
export type InputKey<Table extends FieldTable> = KeysWhere<Table, { input: z.ZodType }>;
/** The fields a PUT may change. */
export type EditableKey<Table extends FieldTable> = KeysWhere<Table, { editable: true }>;
/** The fields an extension adds (a server without it sends none of them and is sent none). */
export type ExtensionKey<Table extends FieldTable> = KeysWhere<Table, { extension: FieldExtension }>;
/** The fields one extension adds that the configuration file keeps: what a server without it cannot take. */
export type ExportedExtensionKey<Table extends FieldTable, Extension extends FieldExtension> = KeysWhere<Table, { extension: Extension; exported: (value: never) => unknown }>;
/** The fields the configuration file keeps. */
export type ExportedKey<Table extends FieldTable> = KeysWhere<Table, { exported: (value: never) => unknown }>;

type InputOf<Spec> = Spec extends { input: infer Schema extends z.ZodType } ? Schema : never;

/** A create body's shape for z.object: required fields as declared, the others optional. */
export type CreateShape<Table extends FieldTable> = {
  [Key in InputKey<Table>]: Table[Key] extends { required: true } ? InputOf<Table[Key]> : z.ZodOptional<InputOf<Table[Key]>>;
};

/** A PUT body's shape for z.object: the spec's fields as on create, an extension's optional and nullable. */
export type EditShape<Table extends FieldTable> = {
  [Key in EditableKey<Table>]: Table[Key] extends { extension: FieldExtension }
    ? z.ZodOptional<z.ZodNullable<InputOf<Table[Key]>>>
    : Table[Key] extends { required: true }
      ? InputOf<Table[Key]>
      : z.ZodOptional<InputOf<Table[Key]>>;
};

function entries(table: FieldTable): [string, FieldSpec<unknown>][] {
  return Object.entries(table) as [string, FieldSpec<unknown>][];
}

/** The names of the fields that pass the test, in the table's order. */
export function fieldsWhere<Key extends string>(table: FieldTable, test: (spec: FieldSpec<unknown>) => boolean): Key[] {
  return entries(table)
    .filter(([, spec]) => test(spec))
    .map(([key]) => key as Key);
}

export function createShape<Table extends FieldTable>(table: Table): CreateShape<Table> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, spec] of entries(table)) {
    if (spec.input !== undefined) shape[key] = spec.required === true ? spec.input : spec.input.optional();
  }
  return shape as CreateShape<Table>;
}

export function editShape<Table extends FieldTable>(table: Table): EditShape<Table> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, spec] of entries(table)) {
    if (spec.input === undefined || spec.editable !== true) continue;
    if (spec.extension !== undefined) shape[key] = spec.input.nullable().optional();
    else shape[key] = spec.required === true ? spec.input : spec.input.optional();
  }
  return shape as EditShape<Table>;
}

/**
 * A response item as its reader builds it: every key of the table written, undefined when absent, so that a field
 * added to the table and not read does not compile. Each resource's reader is an object literal rather than a loop over
 * the table: a literal gives all 10,000 items of a poll one object shape from the start and lets V8 inline each field's
 * reader; a loop made reading 2.5 times slower.
 */
export type ReadItem<Table extends FieldTable> = { -readonly [Key in keyof Table]-?: ValueOf<Table[Key]> | undefined };

/** The object without its undefined members, so absent means absent in a file, in JSON and in a `toEqual`. */
export function definedMembers<T extends object>(object: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, member]) => member !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** What of a resource goes into the configuration file: each exported field as its table entry exports it. */
export function exporterOf<Table extends FieldTable>(table: Table): (item: ResourceOf<Table>) => Pick<ResourceOf<Table>, ExportedKey<Table>> {
  const exporters = entries(table).flatMap(([key, spec]) => (spec.exported === undefined ? [] : [{ key, exported: spec.exported }]));
  return (item) => {
    const kept: Record<string, unknown> = {};
    for (const { key, exported } of exporters) {
      const value = (item as Record<string, unknown>)[key];
      kept[key] = value === undefined ? undefined : exported(value);
    }
    return definedMembers(kept) as Pick<ResourceOf<Table>, ExportedKey<Table>>;
  };
}
