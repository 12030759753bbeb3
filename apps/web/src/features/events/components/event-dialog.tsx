import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { EVENT_LOCATION_MAX, NEWS_LINK_MAX, NEWS_TITLE_MAX, TIME_ZONE_MAX } from '@portal/shared/limits';
import {
  DEFAULT_EVENT_TIME_ZONE,
  EventRequestSchema,
  type Event,
  type EventRequest,
} from '@portal/shared/schemas/events';
import { DatedItemDialog, useDatedItemSave } from '../../../components/dated-items/dated-item-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { saveEvent } from '../api/save-event';

/**
 * The event dialog (001 §2, §5): name, description (the shared rich-text editor), link (required),
 * location (required), status (unpublished by default), date (date-time picker, am/pm) and the time
 * zone it is held in (for its calendar file). An invalid submit focuses the first invalid field.
 * Props: `item` (null: create), `onClose`, `onSaved`.
 */
export function EventDialog({
  item,
  onClose,
  onSaved,
}: {
  item: Event | null;
  onClose: () => void;
  onSaved: (saved: Event) => void | Promise<void>;
}) {
  const { control, handleSubmit, setError } = useForm<EventRequest>({
    resolver: zodResolver(EventRequestSchema),
    shouldFocusError: true,
    defaultValues: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      link: item?.link ?? '',
      location: item?.location ?? '',
      status: item?.status ?? 'unpublished',
      date: item?.date ?? '',
      timeZone: item?.timeZone ?? DEFAULT_EVENT_TIME_ZONE,
    },
  });
  const saving = useDatedItemSave({
    form: { handleSubmit, setError },
    saveItem: (body: EventRequest) => saveEvent(item?.id ?? null, body),
    onSaved,
  });

  return (
    <DatedItemDialog
      title={item ? 'Edit event' : 'Add event'}
      formId="event-form"
      notSaved="The event was not saved."
      control={control}
      {...saving}
      onClose={onClose}
      afterDescription={
        <>
          <FormTextField control={control} name="link" label="Link" required maxLength={NEWS_LINK_MAX} />
          <FormTextField
            control={control}
            name="location"
            label="Location"
            required
            maxLength={EVENT_LOCATION_MAX}
          />
        </>
      }
      afterDate={
        <FormTextField
          control={control}
          name="timeZone"
          label="Time zone"
          required
          maxLength={TIME_ZONE_MAX}
        />
      }
    >
      <FormTextField control={control} name="name" label="Name" required maxLength={NEWS_TITLE_MAX} />
    </DatedItemDialog>
  );
}
