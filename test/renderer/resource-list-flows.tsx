// What every resource list (domains, heartbeats) does the same way, checked by one flow each: what it says with
// nothing in it, how a refused create keeps the draft, and that deleting asks first.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import type { FakeApi } from './renderer-harness.tsx';

/** With nothing in it, the list says what its items are for and offers to create the first. */
export function expectEmptyList(view: ReactElement, words: { heading: string; explains: RegExp; firstButton: string }) {
  render(view);
  expect(screen.getByRole('heading', { name: words.heading })).toBeTruthy();
  expect(screen.getByText(words.explains)).toBeTruthy();
  expect(screen.getByRole('button', { name: words.firstButton })).toBeTruthy();
}

export interface RefusedCreate {
  /** The button that opens the form, and the dialog it opens. */
  open: string;
  dialog: string;
  /** The field typed into, what is typed and the button that sends it. */
  field: string;
  typed: string;
  submit: string;
  /** The server's sentence, and its words for the field it named. */
  refusal: string;
  fieldError: string;
  /** The list's rows in the store: none is left behind. */
  rows(): readonly unknown[];
  /** The button that opens the form again once it is closed. */
  reopen: string;
}

/**
 * A refused create shows the server's sentence in the form and its error at the field, and leaves no row behind;
 * closed with Escape (not Cancel, which discards), the draft is still there when the form opens again.
 */
export async function expectRefusedCreateKeepsDraft(user: UserEvent, flow: RefusedCreate) {
  await user.click(screen.getByRole('button', { name: flow.open }));
  await user.type(screen.getByRole('textbox', { name: flow.field }), flow.typed);
  const dialog = screen.getByRole('dialog', { name: flow.dialog });
  await user.click(within(dialog).getByRole('button', { name: flow.submit }));
  expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', flow.refusal);
  expect(within(dialog).getByText(flow.fieldError)).toBeTruthy();
  expect(flow.rows()).toEqual([]);
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
  await user.click(screen.getByRole('button', { name: flow.reopen }));
  expect(screen.getByRole('textbox', { name: flow.field })).toHaveProperty('value', flow.typed);
}

export interface ConfirmedDelete {
  /** The item's name as the list shows it. */
  name: string;
  /** The confirmation's question and its delete button. */
  question: string;
  confirm: string;
  /** How the first confirmation is turned down: Enter (on Cancel, which has the focus) or a click on Cancel. */
  decline: 'Enter' | 'Cancel';
  /** The one call the confirmed delete makes. */
  call: FakeApi['calls'][number];
}

/** Deleting asks first, with Cancel focused; turned down it leaves the item, confirmed it deletes it. */
export async function expectDeleteOnlyAfterConfirmation(user: UserEvent, fake: FakeApi, flow: ConfirmedDelete) {
  await user.click(screen.getByRole('button', { name: `Delete ${flow.name}` }));
  const confirm = screen.getByRole('alertdialog', { name: flow.question });
  expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
  if (flow.decline === 'Enter') await user.keyboard('{Enter}');
  else await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(fake.calls).toEqual([]);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(screen.getByText(flow.name)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: `Delete ${flow.name}` }));
  await user.click(screen.getByRole('button', { name: flow.confirm }));
  expect(fake.calls).toEqual([flow.call]);
  await waitFor(() => expect(screen.queryByText(flow.name)).toBeNull());
}
