// What an item's history page cannot show, in sentences for the page (pure).
import { formatDuration } from '../../../common/format/duration.ts';
import { atSentenceStart, possessive } from '../api/naming.ts';
import type { ItemKind } from '../../../common/ipc/views.ts';

export interface NotesInput {
  kind: ItemKind;
  /** The server lists the history extension. */
  serverHistory: boolean;
  /** A read-only source that keeps a history of the item: whose it is ("Uptime Kuma"). */
  historyOwner: string | undefined;
  /** Why some of the server's history could not be read. */
  serverProblem: string | undefined;
  /** Where the server's timeline of this item begins. */
  serverStart: number | undefined;
  /** The page's window start, or the item's creation within it. */
  from: number;
  /** The item is still on the server. */
  onServer: boolean;
  /** The page's timeline has anything but gaps. */
  watched: boolean;
  /** What happened to the record itself (moved aside, kept in memory). */
  recordNotes: readonly string[];
}

/** The note counts minutes: a history that begins within the first minute of the page (or the item's life) needs none. */
const noteResolutionMs = 60_000;

export function historyNotes(input: NotesInput): string[] {
  const notes: string[] = [];
  if (input.kind === 'source') {
    notes.push(...sourceHistoryNotes(input));
  } else if (!input.serverHistory) {
    notes.push('This server keeps no history: shown is what Vigil saw while it was watching.');
    if (input.kind === 'heartbeat') notes.push('This server does not list past pings: only the latest is shown.');
  } else if (input.serverProblem !== undefined) {
    notes.push(`Some of the server's history could not be read (${input.serverProblem.replace(/[.!]+$/, '')}); shown instead is what Vigil saw.`);
  } else if (input.kind === 'domain') {
    notes.push("The server keeps no timeline of a domain: the timeline is what Vigil saw; the events are the server's.");
  } else if (input.serverStart !== undefined && input.serverStart >= input.from + noteResolutionMs) {
    // A length into the timeline, not a time of day: the core does not know the reader's locale and zone.
    notes.push(`The server's history of this item begins ${formatDuration(input.serverStart - input.from, 'elapsed')} into the timeline; before that, shown is what Vigil saw.`);
  }
  if (!input.onServer) notes.push('This item is no longer on the server: shown is what Vigil recorded while it was.');
  if (!input.watched) notes.push('Nothing of this item was seen in this window: Vigil records what it sees while it runs.');
  notes.push(...input.recordNotes);
  return notes;
}

/** A read-only source's page: whether its own history is shown, and from where on. */
function sourceHistoryNotes(input: NotesInput): string[] {
  const owner = input.historyOwner;
  if (owner === undefined) return ['Its source keeps no history Vigil can read: shown is what Vigil saw of it while it was watching.'];
  if (input.serverProblem !== undefined) return [`${atSentenceStart(possessive(owner))} history of this item could not be read (${input.serverProblem.replace(/[.!]+$/, '')}); shown instead is what Vigil saw.`];
  if (input.serverStart === undefined) return [`${atSentenceStart(owner)} has kept nothing of this item’s past: shown is what Vigil saw of it while it was watching.`];
  if (input.serverStart < input.from + noteResolutionMs) return [];
  return [`${atSentenceStart(possessive(owner))} history of this item begins ${formatDuration(input.serverStart - input.from, 'elapsed')} into the timeline; before that, shown is what Vigil saw.`];
}
