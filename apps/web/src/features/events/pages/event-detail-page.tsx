import EventIcon from '@mui/icons-material/Event';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@portal/shared/errors';
import { PAGE_WEB_OR_MAIL_LINK, isLinkUrl } from '@portal/shared/links';
import { DatedItemDetail } from '../../../components/dated-items/dated-item-detail';
import { longDateTime } from '../../../components/dated-items/dated-item-parts';
import { DeleteItemDialog } from '../../../components/dated-items/delete-item-dialog';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { deleteEvent } from '../api/delete-event';
import { eventCalendarUrl, eventQueryOptions } from '../api/get-event';
import { EVENTS_KEY } from '../api/list-events';
import { LazyEventDialog } from '../components/lazy-event-dialog';

/**
 * /events/{alias} (001 §2): one event by id or alias with its location, link and an "Add to calendar"
 * .ics download; edit and delete by permission; deleting goes to the list, and a missing event goes
 * back to the list (001 §8). No props.
 */
export function EventDetailPage() {
  const { alias = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const item = useQuery(eventQueryOptions(alias));
  const canEdit = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteEvents');
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  useDocumentTitle(item.data?.name ?? 'Events');
  if (item.isError) return <Navigate to={paths.events} replace />;
  if (!item.data) return <LinearProgress aria-label={MESSAGES.loading} />;
  const event = item.data;
  return (
    <>
      <DatedItemDetail
        item={event}
        dateText={longDateTime(event.date)}
        canEdit={canEdit}
        canDelete={canDelete}
        onEdit={() => setDialog('edit')}
        onDelete={() => setDialog('delete')}
      >
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Typography>
            <strong>Location:</strong> {event.location}
          </Typography>
          {/* Only a checked link is ever an href (issue 20 "Links"); the server checks it too. */}
          {isLinkUrl(event.link, PAGE_WEB_OR_MAIL_LINK) && (
            <Typography>
              <Link href={event.link} target="_blank" rel="noopener noreferrer">
                {event.link}
              </Link>
            </Typography>
          )}
          <div>
            <Button
              variant="outlined"
              startIcon={<EventIcon />}
              href={eventCalendarUrl(event.urlAlias)}
              download
            >
              Add to calendar
            </Button>
          </div>
        </Stack>
      </DatedItemDetail>
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <LazyEventDialog
            item={event}
            onClose={() => setDialog(null)}
            onSaved={async (saved) => {
              setDialog(null);
              // The item's own query gets the saved item (under its new alias when renamed, so the old
              // alias is never fetched again); only the lists are loaded anew.
              queryClient.setQueryData(eventQueryOptions(saved.urlAlias).queryKey, saved);
              if (saved.urlAlias !== alias) navigate(paths.event(saved.urlAlias), { replace: true });
              await queryClient.invalidateQueries({
                queryKey: EVENTS_KEY,
                predicate: (q) => q.queryKey[1] !== 'item',
              });
            }}
          />
        </Suspense>
      )}
      {dialog === 'delete' && (
        <DeleteItemDialog
          title="Delete event"
          name={event.name}
          onDelete={() => deleteEvent(event.id)}
          onDeleted={async () => {
            queryClient.removeQueries({ queryKey: EVENTS_KEY });
            navigate(paths.events, { replace: true });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
