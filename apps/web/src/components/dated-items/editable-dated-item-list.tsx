import { useState, type ReactNode } from 'react';
import { DatedItemList } from './dated-item-list';
import type { DatedItem } from './dated-item-parts';
import { DeleteItemDialog } from './delete-item-dialog';
import type { usePagedList } from './use-paged-list';

/** What the list passes to its editor dialog: the item (null: a new one) and how to end editing. */
export interface DatedItemEditorProps<T> {
  item: T | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/**
 * A list of news or events with its add / edit dialog and its delete confirmation (001 §2 News and
 * events, §4 Delete): after a save or a delete the dialog closes and the list refreshes.
 * Props: those of `DatedItemList` (less the handlers), `deleteTitle` (e.g. 'Delete news'), `deleteItem`
 * (the call, by id) and `editor` (renders the item's dialog).
 */
export function EditableDatedItemList<T extends DatedItem>({
  title,
  noun,
  list,
  canEdit,
  canDelete,
  extra,
  deleteTitle,
  deleteItem,
  editor,
}: {
  title: string;
  noun: string;
  list: ReturnType<typeof usePagedList<T>>;
  canEdit: boolean;
  canDelete: boolean;
  extra?: (item: T) => ReactNode;
  deleteTitle: string;
  deleteItem: (id: string) => Promise<unknown>;
  editor: (props: DatedItemEditorProps<T>) => ReactNode;
}) {
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);
  return (
    <>
      <DatedItemList
        title={title}
        noun={noun}
        list={list}
        canEdit={canEdit}
        canDelete={canDelete}
        onAdd={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={setDeleting}
        extra={extra}
      />
      {editing !== undefined &&
        editor({
          item: editing,
          onClose: () => setEditing(undefined),
          onSaved: async () => {
            setEditing(undefined);
            await list.refresh();
          },
        })}
      {deleting && (
        <DeleteItemDialog
          title={deleteTitle}
          name={deleting.name}
          onDelete={() => deleteItem(deleting.id)}
          onDeleted={async () => {
            setDeleting(null);
            await list.refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
