// The item's alert rules: one line says how it is told now ("Tells at once (the default) · depends on Router ·
// 3 items depend on this"); "Change rules" unfolds the form — a delay of its own or the default, which kinds of
// news to tell (those that apply to it: a monitor with a certificate tells its expiry too), and what it depends on
// (kept by the server where it has the dependencies extension, which the form says, as its alerts fold only then).
// The core's refusals (a cycle) show at their fields.
import { useId, useState } from 'react';
import type { ItemRulesView } from '../../../common/ipc/alerting.ts';
import { vigil } from '../../api/vigil-api.ts';
import { CheckboxField, FormError, sentence, TextField } from '../../components/fields.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { useHeldInput } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { DependsOnField } from './depends-on-field.tsx';
import { rulesDraftOf, rulesErrors, rulesPatch, rulesSummary, tellsNothing, tellsNothingNote, type RulesDraft, type TellChoice } from './rules-values.ts';
import { useItemRules } from './use-item-rules.ts';

export interface RulesPanelProps {
  itemKey: string;
  connectionId: string;
  /** The kinds of news that apply to the item (`tellChoicesOf`). */
  tellChoices: readonly TellChoice[];
  name: string;
}

export function RulesPanel({ itemKey, connectionId, tellChoices, name }: RulesPanelProps) {
  const rules = useItemRules(itemKey);
  const [editing, setEditing] = useState(false);
  const { load } = rules;
  return (
    <section className="item-section" aria-labelledby="rules-title">
      <h2 id="rules-title">Alert rules</h2>
      {load.state === 'loading' && <p className="field-hint">Loading…</p>}
      {load.state === 'failed' && (
        <div className="form-error list-error" role="alert">
          <p>The rules could not be loaded: {load.message}</p>
          <button type="button" className="button" onClick={rules.retry}>
            Try again
          </button>
        </div>
      )}
      {load.state === 'ready' && (
        <>
          <div className="rules-summary">
            <p>{rulesSummary(load.value, tellChoices)}</p>
            {!editing && (
              <button type="button" className="button" onClick={() => setEditing(true)}>
                Change rules
              </button>
            )}
          </div>
          {editing && (
            <RulesForm
              itemKey={itemKey}
              connectionId={connectionId}
              tellChoices={tellChoices}
              name={name}
              rules={load.value}
              onClose={() => setEditing(false)}
              onSaved={(saved) => {
                rules.set(saved);
                setEditing(false);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

interface RulesFormProps extends RulesPanelProps {
  rules: ItemRulesView;
  onClose(): void;
  onSaved(rules: ItemRulesView): void;
}

function RulesForm({ itemKey, connectionId, tellChoices, name, rules, onClose, onSaved }: RulesFormProps) {
  const [draft, setDraft] = useState<RulesDraft>(() => rulesDraftOf(rules));
  useHeldInput(Object.keys(rulesPatch(draft, rules)).length > 0);
  const check = useFormCheck(rulesErrors(draft));
  const { errors } = check;
  const delayGroup = useId();
  const tellGroup = useId();

  function change(patch: Partial<RulesDraft>, field: string) {
    setDraft({ ...draft, ...patch });
    check.forget(field);
  }

  async function save() {
    const patch = rulesPatch(draft, rules);
    onSaved(Object.keys(patch).length === 0 ? rules : await tracked(() => vigil().setItemRules(itemKey, patch)));
    showInfo(`Alert rules of ${name} saved.`);
  }

  return (
    <form className="form rules-form" aria-label={`Alert rules of ${name}`} noValidate onSubmit={(event) => void check.submit(event, save)}>
      <FormError message={check.failure} />
      <fieldset className="field" aria-describedby={`${delayGroup}-hint`}>
        <legend>Tell me only if down for</legend>
        <div className="segmented-choice">
          <label>
            <input type="radio" name={delayGroup} checked={!draft.ownDelay} onChange={() => change({ ownDelay: false }, 'delayMinutes')} /> The default ({rules.defaultDelayMinutes} min)
          </label>
          <label>
            <input type="radio" name={delayGroup} checked={draft.ownDelay} onChange={() => change({ ownDelay: true }, 'delayMinutes')} /> A time of its own
          </label>
        </div>
        <p id={`${delayGroup}-hint`} className="field-hint">
          A problem that clears up sooner is not told at all; 0 tells at once.
        </p>
      </fieldset>
      {draft.ownDelay && (
        <TextField className="field-narrow" label="Minutes" type="number" inputMode="numeric" min={0} value={draft.delay} error={errors['delayMinutes']} onChange={(event) => change({ delay: event.target.value }, 'delayMinutes')} />
      )}
      <fieldset className="field" aria-labelledby={tellGroup}>
        <legend id={tellGroup}>Tell me when</legend>
        {tellChoices.map(({ kind, label }) => (
          <CheckboxField key={kind} label={label} checked={draft.tell[kind]} onChange={(on) => change({ tell: { ...draft.tell, [kind]: on } }, 'tell')} />
        ))}
        {tellsNothing(draft.tell, tellChoices) && <p className="field-hint">Nothing ticked: Vigil tells nothing about {name}; {tellsNothingNote}.</p>}
        {errors['tell'] !== undefined && <p className="field-error">{sentence(errors['tell'])}</p>}
      </fieldset>
      <DependsOnField
        itemKey={itemKey}
        connectionId={connectionId}
        value={draft.dependsOn}
        error={errors['dependsOn']}
        keptBy={rules.dependenciesKeptBy}
        onChange={(dependsOn) => change({ dependsOn }, 'dependsOn')}
      />
      <FormActions saving={check.submitting} submitLabel="Save rules" savingLabel="Saving…" onCancel={onClose} />
    </form>
  );
}
