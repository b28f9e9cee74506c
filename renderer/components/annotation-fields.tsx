// What a person writes about an item (its field tables' `annotation` marks, common/api/item-fields.ts): one
// multi-line box per annotation field of the kind, in the create and edit forms and the edit dialog alike, each
// checked by the field's own input rule and counted against its bound as it is typed. A field whose extension the
// chosen server does not list is still offered: Vigil keeps it on this computer (`keptByVigil`), and the box says so.
import { ANNOTATION_FIELDS, checkInput, type AnnotationField } from '../../common/api/index.ts';
import type { ItemKind } from '../../common/ipc/item-key.ts';
import type { FieldErrors } from '../api/call-error.ts';
import { offers } from '../state/server-capabilities.ts';
import { useStatus } from '../state/status-store.ts';
import { TextAreaField } from './fields.tsx';

/** Each annotation field's text as typed, by its key ('' for none). */
export type AnnotationDraft = Readonly<Record<string, string>>;

/** The text each of the kind's annotation fields has on the item, '' where it has none (or nothing to edit yet). */
export function annotationDraftOf(kind: ItemKind, item: object | undefined): AnnotationDraft {
  return Object.fromEntries(ANNOTATION_FIELDS[kind].map((annotation) => {
    const text = item === undefined ? undefined : (item as Record<string, unknown>)[annotation.key];
    return [annotation.key, typeof text === 'string' ? text : ''];
  }));
}

const isBlank = (text: string | undefined) => text === undefined || text.trim() === '';

/** What each field's own input rule says of its text, at the field's key; a blank box is never wrong. */
export function annotationErrors(kind: ItemKind, draft: AnnotationDraft): FieldErrors {
  const errors: Record<string, string> = {};
  for (const annotation of ANNOTATION_FIELDS[kind]) {
    const text = draft[annotation.key];
    if (annotation.input === undefined || isBlank(text)) continue;
    const checked = checkInput(annotation.input, text);
    const problem = checked.ok ? undefined : checked.details[0]?.message;
    if (problem !== undefined) errors[annotation.key] = problem;
  }
  return errors;
}

/** For a create body: the fields with text, trimmed; a blank box sends nothing. */
export function annotationsToCreate(kind: ItemKind, draft: AnnotationDraft): Record<string, string> {
  return Object.fromEntries(ANNOTATION_FIELDS[kind].flatMap((annotation) => {
    const text = draft[annotation.key];
    return text === undefined || isBlank(text) ? [] : [[annotation.key, text.trim()]];
  }));
}

/** For an edit: the fields whose text changed since `before`, a cleared one as `null` (the core clears it). */
export function annotationEdits(kind: ItemKind, draft: AnnotationDraft, before: AnnotationDraft): Record<string, string | null> {
  return Object.fromEntries(ANNOTATION_FIELDS[kind].flatMap((annotation) => {
    const text = (draft[annotation.key] ?? '').trim();
    if (text === (before[annotation.key] ?? '').trim()) return [];
    return [[annotation.key, text === '' ? null : text]];
  }));
}

/** The item as it will read once the edits are saved (shown while the save runs): a cleared field is gone. */
export function withAnnotationEdits<Item extends object>(item: Item, edits: Readonly<Record<string, string | null>>): Item {
  const cleared = Object.entries(edits).flatMap(([key, text]) => (text === null ? [key] : []));
  const kept = Object.entries(item).filter(([key]) => !cleared.includes(key));
  const written = Object.entries(edits).filter(([, text]) => text !== null);
  return Object.fromEntries([...kept, ...written]) as Item;
}

/** "notes", or "notes and runbook": what the kind's annotations are called within a sentence or a button. */
export function annotationWords(kind: ItemKind): string {
  const labels = ANNOTATION_FIELDS[kind].map((annotation) => annotation.label.toLowerCase());
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

/** A code point counts once, as the input rules count them (an emoji is one character). */
const charactersIn = (text: string) => [...text.trim()].length;

/** The count shows from this share of the bound on: well short of it, it is only noise. */
const countFrom = 0.8;

export interface AnnotationFieldsProps {
  kind: ItemKind;
  /** The server the item is (or will be) kept by; undefined while none is chosen. */
  connectionId: string | undefined;
  draft: AnnotationDraft;
  errors: FieldErrors;
  onChange(key: string, text: string): void;
}

/** The kind's annotation boxes, in table order; nothing for a kind without any. */
export function AnnotationFields({ kind, connectionId, draft, errors, onChange }: AnnotationFieldsProps) {
  return ANNOTATION_FIELDS[kind].map((annotation) => (
    <AnnotationBox key={annotation.key} annotation={annotation} connectionId={connectionId} text={draft[annotation.key] ?? ''} error={errors[annotation.key]} onChange={(text) => onChange(annotation.key, text)} />
  ));
}

interface AnnotationBoxProps {
  annotation: AnnotationField;
  connectionId: string | undefined;
  text: string;
  error: string | undefined;
  onChange(text: string): void;
}

function AnnotationBox({ annotation, connectionId, text, error, onChange }: AnnotationBoxProps) {
  const connection = useStatus((state) => state.status?.servers.find((server) => server.connection.id === connectionId)?.connection);
  // Said only once a server is chosen and has said what it offers: until then nobody knows where they will be kept.
  const keptHere = annotation.extension !== undefined && connection?.capabilities !== undefined && !offers(connection, annotation.extension);
  const bound = annotation.maxLength;
  const count = charactersIn(text);
  const counted = count >= bound * countFrom;
  return (
    <TextAreaField
      className="annotation-field"
      label={annotation.label}
      value={text}
      error={error}
      hint={
        <>
          {annotation.hint}
          {counted && (
            <span className={count > bound ? 'annotation-count annotation-count-over' : 'annotation-count'} aria-live="polite">
              {count.toLocaleString('en-US')} / {bound.toLocaleString('en-US')}
            </span>
          )}
          {keptHere && (
            <span className="annotation-kept">
              {connection.name} does not store {annotation.label.toLowerCase()}: Vigil keeps them on this computer.
            </span>
          )}
        </>
      }
      rows={4}
      // People's words: spelling is checked, unlike the machine text other boxes hold.
      spellCheck
      autoCapitalize="sentences"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
