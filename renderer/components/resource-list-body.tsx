// A list view's body: what it says while its list has not arrived, the empty list's invitation to create the
// first item, or the filtered table (with a Server column and filter when more than one server is watched); and
// the confirmation a row's delete waits for.
import { useMemo, type ReactNode } from 'react';
import type { ListRow } from '../state/list-rows.ts';
import { useStatus } from '../state/status-store.ts';
import type { ResourceList } from '../state/use-resource-list.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { CreateButton } from './create-button.tsx';
import { EmptyState } from './empty-state.tsx';
import { FilteredTable, type FilteredTableProps } from './filtered-table.tsx';
import { serverFilter, withServerColumn } from './server-columns.ts';

interface ListMessage {
  title: string;
  text: ReactNode;
  action?: ReactNode;
}

interface DeleteQuestion {
  title: string;
  /** "Delete monitor": the destructive answer, named. */
  confirmLabel: string;
  /** What deleting does. */
  text: ReactNode;
}

/** What a list view says, declared once beside it. */
export type ListWords<R extends ListRow> = Pick<FilteredTableProps<R>, 'label' | 'noun' | 'placeholder'> & {
  /** "No monitors yet", what one is for, and the button that creates the first. */
  empty: { title: string; text: ReactNode; createLabel: string };
  deleteQuestion(row: R): DeleteQuestion;
};

export type ResourceListBodyProps<R extends ListRow> = Pick<FilteredTableProps<R>, 'filters' | 'columns' | 'note'> & {
  list: ResourceList<R>;
  words: ListWords<R>;
  /** The column the Server column takes the place of when there is more than one server (no room for both). */
  serverReplaces?: string;
  /** Until the list arrives; by default "Loading monitors…" and that they come with the server's first answer. */
  waiting?: ListMessage | undefined;
  onCreate(): void;
};

export function ResourceListBody<R extends ListRow>({ list, words, waiting, onCreate, filters, columns, note, serverReplaces }: ResourceListBodyProps<R>) {
  const { empty, deleteQuestion, ...naming } = words;
  const serverNames = useStatus((state) => state.serverNames);
  const { manyServers } = list;
  const shownColumns = useMemo(() => (manyServers ? withServerColumn(columns, serverNames, serverReplaces) : columns), [manyServers, columns, serverNames, serverReplaces]);
  const shownFilters = useMemo(() => (manyServers ? [serverFilter(serverNames), ...filters] : filters), [manyServers, serverNames, filters]);
  const untilListed = waiting ?? { title: `Loading ${naming.noun}s…`, text: 'They appear after the first answer from the server.' };
  const question = list.deleting === undefined ? undefined : deleteQuestion(list.deleting);
  return (
    <>
      {list.phase === 'waiting' && (
        <EmptyState title={untilListed.title} action={untilListed.action}>
          {untilListed.text}
        </EmptyState>
      )}
      {list.phase === 'empty' && (
        <EmptyState title={empty.title} action={<CreateButton label={empty.createLabel} onClick={onCreate} />}>
          {empty.text}
        </EmptyState>
      )}
      {list.phase === 'listed' && (
        <FilteredTable
          {...naming}
          filters={shownFilters}
          columns={shownColumns}
          note={note}
          preferences={list.preferences}
          change={list.change}
          defaults={list.defaults}
          visible={list.visible}
          total={list.rows.length}
          highlightKey={list.focusKey}
        />
      )}
      {question !== undefined && (
        <ConfirmDialog title={question.title} confirmLabel={question.confirmLabel} onConfirm={list.confirmDelete} onCancel={list.cancelDelete}>
          {question.text}
        </ConfirmDialog>
      )}
    </>
  );
}
