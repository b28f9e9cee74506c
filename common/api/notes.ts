// `notes` (docs/api-decisions.md §19): what a person writes about a monitor, heartbeat or domain, such as what it is
// and what to do when it fails (a runbook line, a link). One field entry, in the three items' tables; everything
// else follows from its marks (item-fields.ts).

import { z } from 'zod';
import { readText } from './fields.ts';
import { asIs, field } from './resource-fields.ts';

/** Characters (code points, so an emoji counts once) a note may hold. */
export const NOTES_LENGTH = 2_000;

const notesInput = z
  .string({ error: 'must be text' })
  .trim()
  .refine((text) => [...text].length <= NOTES_LENGTH, { error: `must be at most ${NOTES_LENGTH.toLocaleString('en-US')} characters` });

/** Blank notes are no notes: left out of the configuration file. */
function exportedNotes(text: string): string | undefined {
  return text.trim() === '' ? undefined : asIs(text);
}

export const notesField = field(readText, {
  extension: 'notes',
  input: notesInput,
  editable: true,
  exported: exportedNotes,
  keptByVigil: true,
  annotation: { label: 'Notes', hint: 'What this is and what to do when it fails: a runbook line, a link.', maxLength: NOTES_LENGTH },
});
