// An item's own fields that a person writes or that Vigil keeps for a server without their extension, as the field
// tables mark them (`annotation`, `keptByVigil` in resource-fields.ts). The forms, the item page, notifications, the
// CLI, the configuration file and the settings all read them from here, so a field marked in a table reaches each of
// them with no line written elsewhere.

import { z } from 'zod';
import type { ItemKind } from '../ipc/item-key.ts';
import { domainFields } from './domain.ts';
import { heartbeatFields } from './heartbeat.ts';
import { monitorFields } from './monitor.ts';
import type { FieldExtension, FieldSpec, FieldTable } from './resource-fields.ts';

/** The field table of each kind of watched item; a read-only source's item has no field a person writes in Vigil. */
export const ITEM_FIELD_TABLES = { monitor: monitorFields, heartbeat: heartbeatFields, domain: domainFields, source: {} } satisfies Record<ItemKind, FieldTable>;

export const ITEM_KINDS = Object.keys(ITEM_FIELD_TABLES) as ItemKind[];

/** A field a person writes about an item: free text, under a label. */
export interface AnnotationField {
  readonly key: string;
  readonly label: string;
  /** One sentence under the form's text box: what to write there. */
  readonly hint: string;
  /** Characters (code points) it may hold. */
  readonly maxLength: number;
  /** The extension a server needs to keep it; without it Vigil keeps it when the table says so. */
  readonly extension: FieldExtension | undefined;
  /** Its bounds, as a create body checks them. */
  readonly input: z.ZodType | undefined;
}

/** A field Vigil keeps in its settings for a server without its extension. */
export interface KeptField {
  readonly key: string;
  readonly extension: FieldExtension;
  readonly input: z.ZodType;
}

function specs(table: FieldTable): [string, FieldSpec<unknown>][] {
  return Object.entries(table) as [string, FieldSpec<unknown>][];
}

function byKind<T>(pick: (table: FieldTable) => T): Record<ItemKind, T> {
  return Object.fromEntries(ITEM_KINDS.map((kind) => [kind, pick(ITEM_FIELD_TABLES[kind])])) as Record<ItemKind, T>;
}

/** Each kind's annotation fields, in table order. */
export const ANNOTATION_FIELDS: Record<ItemKind, readonly AnnotationField[]> = byKind((table) =>
  specs(table).flatMap(([key, spec]) =>
    spec.annotation === undefined ? [] : [{ key, ...spec.annotation, extension: spec.extension, input: spec.input }],
  ),
);

/** Each kind's fields Vigil keeps itself for a server without their extension. */
export const KEPT_FIELDS: Record<ItemKind, readonly KeptField[]> = byKind((table) =>
  specs(table).flatMap(([key, spec]) =>
    spec.keptByVigil === true && spec.extension !== undefined && spec.input !== undefined ? [{ key, extension: spec.extension, input: spec.input }] : [],
  ),
);

/** One item's values that Vigil keeps, as its settings hold them: every kept field of every kind, each optional. */
export const keptValuesSchema = z.object(
  Object.fromEntries(ITEM_KINDS.flatMap((kind) => KEPT_FIELDS[kind].map((kept) => [kept.key, kept.input.optional()]))),
  { error: 'must be an object' },
);
export type KeptValues = Readonly<Record<string, unknown>>;

/** An annotation an item has: its field, its label and its text. */
export interface ItemAnnotation {
  readonly key: string;
  readonly label: string;
  readonly text: string;
}

/** The annotations an item has (blank ones left out), in table order. */
export function annotationsOf(kind: ItemKind, item: object): ItemAnnotation[] {
  const found: ItemAnnotation[] = [];
  for (const annotation of ANNOTATION_FIELDS[kind]) {
    const text = (item as Record<string, unknown>)[annotation.key];
    if (typeof text === 'string' && text.trim() !== '') found.push({ key: annotation.key, label: annotation.label, text: text.trim() });
  }
  return found;
}

/** Characters of an annotation a notification's second line shows before it is cut with "…". */
const NOTIFICATION_LINE_LENGTH = 200;

/**
 * The second line of an item's notification, where the OS shows one: its first annotation, its lines joined, cut to
 * what a notification shows. Absent when the item has none.
 */
export function notificationLine(kind: ItemKind, item: object): string | undefined {
  const [first] = annotationsOf(kind, item);
  if (first === undefined) return undefined;
  const line = first.text.replace(/\s*\n\s*/g, ' · ');
  return line.length <= NOTIFICATION_LINE_LENGTH ? line : `${line.slice(0, NOTIFICATION_LINE_LENGTH - 1).trimEnd()}…`;
}

/** Whether the server keeps the field itself (it lists the field's extension), so Vigil need not. */
function serverKeeps(kept: KeptField, extensions: readonly string[]): boolean {
  return extensions.includes(kept.extension);
}

/** The kept fields a server without their extension leaves to Vigil. */
export function fieldsVigilKeeps(kind: ItemKind, extensions: readonly string[]): readonly KeptField[] {
  const kept = KEPT_FIELDS[kind];
  return kept.length === 0 ? kept : kept.filter((field) => !serverKeeps(field, extensions));
}

/**
 * A body for a server split in two: what it takes, and the values of the fields Vigil keeps for it (`null` clears
 * one). `kept` is absent when the body names none of them.
 */
export function splitKeptValues<Body extends object>(kind: ItemKind, body: Body, extensions: readonly string[]): { sent: Body; kept: Record<string, unknown> | undefined } {
  const mine = fieldsVigilKeeps(kind, extensions).filter((field) => Object.hasOwn(body, field.key));
  if (mine.length === 0) return { sent: body, kept: undefined };
  const keys = new Set(mine.map((field) => field.key));
  const sent = Object.fromEntries(Object.entries(body).filter(([key]) => !keys.has(key)));
  const kept = Object.fromEntries(mine.map((field) => [field.key, (body as Record<string, unknown>)[field.key] ?? null]));
  return { sent: sent as Body, kept };
}

/**
 * The item with the values Vigil keeps for it, each where the server sent none: a server that gained the extension
 * since shows Vigil's value until one is saved to it (which then leaves the settings), so nothing written is lost.
 * The item itself when Vigil keeps nothing for it.
 */
export function withKeptValues<Item extends object>(kind: ItemKind, item: Item, values: KeptValues | undefined): Item {
  if (values === undefined) return item;
  let merged: Record<string, unknown> | undefined;
  for (const field of KEPT_FIELDS[kind]) {
    const value = values[field.key];
    if (value === undefined || (item as Record<string, unknown>)[field.key] !== undefined) continue;
    merged ??= { ...item } as Record<string, unknown>;
    merged[field.key] = value;
  }
  return (merged ?? item) as Item;
}
