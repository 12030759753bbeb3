import { useState } from 'react';
import { EVENTS_PAGE_SIZE } from '@portal/shared/limits';
import type { Event } from '@portal/shared/schemas/events';
import { DatedItemList } from '../../../components/dated-items/dated-item-list';
import { DeleteItemDialog } from '../../../components/dated-items/delete-item-dialog';
import { usePagedList } from '../../../components/dated-items/use-paged-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { deleteEvent } from '../api/delete-event';
import { EVENTS_KEY, listEvents } from '../api/list-events';
import { EventDialog } from '../components/event-dialog';

/**
 * /events (001 §2 News and events): 10 events a page, newest first, each with its location; editors add
 * and edit, holders of CanDeleteEvents delete (after the ticked confirmation), and the list refreshes.
 * No props.
 */
export function EventsListPage() {
  useDocumentTitle('Events');
  const canEdit = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteEvents');
  const list = usePagedList<Event>(
    [...EVENTS_KEY, 'list'],
    canEdit ? 'editor' : 'visitor',
    (pageToken, signal) => listEvents({ pageToken, pageSize: EVENTS_PAGE_SIZE }, signal),
  );
  const [editing, setEditing] = useState<Event | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Event | null>(null);
  return (
    <>
      <DatedItemList
        title="Events"
        noun="event"
        list={list}
        canEdit={canEdit}
        canDelete={canDelete}
        onAdd={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={setDeleting}
        extra={(item) => ` · ${item.location}`}
      />
      {editing !== undefined && (
        <EventDialog
          item={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await list.refresh();
          }}
        />
      )}
      {deleting && (
        <DeleteItemDialog
          title="Delete event"
          name={deleting.name}
          onDelete={() => deleteEvent(deleting.id)}
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
