// What a person wrote about the item (its annotation fields, common/api/item-fields.ts), one section per field with
// text, under the field's label, its line breaks kept and its https addresses as links; each offers the dialog (or,
// for a monitor, its form) that edits it. An item without any says nothing here: the page's header offers to add them.
import { annotationsOf } from '../../../common/api/index.ts';
import type { ItemKind } from '../../../common/ipc/item-key.ts';
import { editAnnotationsLabel } from '../../components/annotation-dialog.tsx';
import { LinkedText } from '../../components/linked-text.tsx';

export interface AnnotationsSectionProps {
  kind: ItemKind;
  item: object;
  /** Opens the edit; undefined where the item cannot be edited (it has no id on its server). */
  onEdit: (() => void) | undefined;
}

export function AnnotationsSection({ kind, item, onEdit }: AnnotationsSectionProps) {
  return annotationsOf(kind, item).map(({ label, text }) => {
    const titleId = `annotation-${label.replace(/\W+/g, '-').toLowerCase()}-title`;
    return (
      <section key={label} className="item-section item-annotation" aria-labelledby={titleId}>
        <div className="item-annotation-head">
          <h2 id={titleId}>{label}</h2>
          {onEdit !== undefined && (
            <button type="button" className="button button-small" onClick={onEdit}>
              {editAnnotationsLabel(kind)}
            </button>
          )}
        </div>
        <p className="item-annotation-text">
          <LinkedText text={text} />
        </p>
      </section>
    );
  });
}
