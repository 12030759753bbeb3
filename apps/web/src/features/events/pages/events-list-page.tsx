import { Suspense } from 'react';
import { EVENTS_PAGE_SIZE } from '@portal/shared/limits';
import type { Event } from '@portal/shared/schemas/events';
import { EditableDatedItemList } from '../../../components/dated-items/editable-dated-item-list';
import { VISITOR_LIST_SOURCE } from '../../../components/dated-items/paged-list-key';
import { usePagedList } from '../../../components/dated-items/use-paged-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { deleteEvent } from '../api/delete-event';
import { EVENTS_KEY, listEvents } from '../api/list-events';
import { LazyEventDialog } from '../components/lazy-event-dialog';

/**
 * /events (001 §2 News and events): 10 events a page, newest first, each with its location; editors add
 * and edit, holders of CanDeleteEvents delete (after the ticked confirmation), and the list refreshes.
 * No props.
 */
export function EventsListPage() {
  useDocumentTitle('Events');
  const canEdit = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteEvents');
  const source = canEdit ? 'editor' : VISITOR_LIST_SOURCE;
  const list = usePagedList<Event>([...EVENTS_KEY, 'list'], source, (pageToken, signal) =>
    listEvents({ pageToken, pageSize: EVENTS_PAGE_SIZE }, signal),
  );
  return (
    <EditableDatedItemList
      title="Events"
      noun="event"
      list={list}
      canEdit={canEdit}
      canDelete={canDelete}
      extra={(item) => ` · ${item.location}`}
      deleteTitle="Delete event"
      deleteItem={deleteEvent}
      editor={(props) => (
        <Suspense fallback={null}>
          <LazyEventDialog {...props} />
        </Suspense>
      )}
    />
  );
}
