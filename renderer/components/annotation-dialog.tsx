// "Edit notes…" for the kinds the spec cannot update (heartbeats, domains): a small dialog with their annotation
// boxes alone, saved through `updateHeartbeat` / `updateDomain`, which take the tables' editable fields. Only what
// changed is sent, a cleared box as `null`. A monitor's annotations are edited in its own form instead. What is typed
// is kept as a draft until it is saved, like every form's; a draft begun before the item's annotations changed
// elsewhere is dropped, since saving it would undo that change.
import { ANNOTATION_FIELDS, type DomainEdits, type HeartbeatEdits } from '../../common/api/index.ts';
import type { ItemKind } from '../../common/ipc/item-key.ts';
import type { Domain, Heartbeat } from '../../common/ipc/views.ts';
import { vigil } from '../api/vigil-api.ts';
import { useFormDraft } from '../state/drafts-store.ts';
import { useFormCheck } from '../state/form-check.ts';
import { showInfo } from '../state/notices-store.ts';
import { useDomains, useHeartbeats } from '../state/resources.ts';
import { AnnotationFields, annotationDraftOf, annotationEdits, annotationErrors, annotationWords, withAnnotationEdits, type AnnotationDraft } from './annotation-fields.tsx';
import { DialogForm } from './dialog-form.tsx';

/** The item kinds whose annotations this dialog edits, and how each saves. */
export type Annotated = { kind: 'heartbeat'; item: Heartbeat } | { kind: 'domain'; item: Domain };

function saveEdits(connectionId: string, itemKey: string, annotated: Annotated, edits: Record<string, string | null>): Promise<unknown> {
  const id = annotated.item.id;
  if (id === undefined) throw new Error(`This ${annotated.kind} has no id on the server, so it cannot be edited here.`);
  // The contract checks the edits again against the table's editable fields (heartbeatEditInput, domainEditInput).
  if (annotated.kind === 'heartbeat') {
    return useHeartbeats.getState().update(connectionId, itemKey, withAnnotationEdits(annotated.item, edits), () => vigil().updateHeartbeat(connectionId, id, edits as HeartbeatEdits));
  }
  return useDomains.getState().update(connectionId, itemKey, withAnnotationEdits(annotated.item, edits), () => vigil().updateDomain(connectionId, id, edits as DomainEdits));
}

/** "Edit notes…": what the action that opens the dialog says, from the kind's annotation labels. */
export function editAnnotationsLabel(kind: ItemKind): string {
  return `Edit ${annotationWords(kind)}…`;
}

/** "Notes…": the same action in a list's row, where every button's width counts (its accessible name says the rest). */
function annotationsRowLabel(kind: ItemKind): string {
  const words = annotationWords(kind);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}…`;
}

/** A list row's button that opens the dialog: "Notes…", named "Edit notes for Nightly backup" to assistive technology. */
export function AnnotationsRowButton({ kind, name, disabled, onClick }: { kind: ItemKind; name: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button button-small" disabled={disabled} aria-label={editAnnotationsOf(kind, name)} onClick={onClick}>
      {annotationsRowLabel(kind)}
    </button>
  );
}

/** "Edit notes for Nightly backup": the dialog's title, and its action's name to assistive technology. */
export function editAnnotationsOf(kind: ItemKind, name: string): string {
  return `Edit ${annotationWords(kind)} for ${name}`;
}

/** "Add notes": the offer where an item has none written yet. */
export function annotationsAddLabel(kind: ItemKind): string {
  return `Add ${annotationWords(kind)}`;
}

/** Whether the kind has anything to write about it (a kind without annotation fields offers no such action). */
export function hasAnnotations(kind: ItemKind): boolean {
  return ANNOTATION_FIELDS[kind].length > 0;
}

interface AnnotationsDraft {
  annotations: AnnotationDraft;
  /** The item's annotations when editing began. */
  from: string;
}

export interface AnnotationDialogProps {
  annotated: Annotated;
  connectionId: string;
  /** The item's server item key (its row's key). */
  itemKey: string;
  /** The item's name as people read it. */
  name: string;
  onClose(): void;
}

export function AnnotationDialog({ annotated, connectionId, itemKey, name, onClose }: AnnotationDialogProps) {
  const { kind, item } = annotated;
  const saved = annotationDraftOf(kind, item);
  const version = JSON.stringify(saved);
  const form = useFormDraft<AnnotationsDraft>(`annotations:edit:${itemKey}`, () => ({ annotations: saved, from: version }));
  const draft = form.draft.from === version ? form.draft : { annotations: saved, from: version };
  const check = useFormCheck(annotationErrors(kind, draft.annotations));
  const words = annotationWords(kind);

  async function save() {
    const edits = annotationEdits(kind, draft.annotations, saved);
    // Nothing changed: nothing to send, nor to say.
    if (Object.keys(edits).length === 0) form.discard();
    else {
      await form.save(() => saveEdits(connectionId, itemKey, annotated, edits));
      showInfo(`${name}: ${words} saved.`);
    }
    onClose();
  }

  return (
    <DialogForm title={editAnnotationsOf(kind, name)} draft={form} check={check} save={save} submitLabel="Save" savingLabel="Saving…" onClose={onClose}>
      <AnnotationFields
        kind={kind}
        connectionId={connectionId}
        draft={draft.annotations}
        errors={check.errors}
        onChange={(key, text) => {
          form.setDraft({ annotations: { ...draft.annotations, [key]: text }, from: version });
          check.forget(key);
        }}
      />
    </DialogForm>
  );
}
