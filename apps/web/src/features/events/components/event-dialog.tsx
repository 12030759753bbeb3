import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CONTENT_STATUSES } from '@portal/shared/enums';
import { EVENT_LOCATION_MAX, NEWS_LINK_MAX, NEWS_TITLE_MAX, TIME_ZONE_MAX } from '@portal/shared/limits';
import {
  DEFAULT_EVENT_TIME_ZONE,
  EventRequestSchema,
  type Event,
  type EventRequest,
} from '@portal/shared/schemas/events';
import { DateTimeField } from '../../../components/dated-items/date-time-field';
import { STATUS_LABELS } from '../../../components/dated-items/dated-item-parts';
import { FormTextField } from '../../../components/form-text-field';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { FIELD_ATTRIBUTE } from '../../../lib/form-errors';
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
  const titleId = useId();
  const { control, handleSubmit } = useForm<EventRequest>({
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
  const save = useMutation({
    mutationFn: (body: EventRequest) => saveEvent(item?.id ?? null, body),
    meta: { silent: true },
  });
  const onSubmit = handleSubmit(async (values) => onSaved(await save.mutateAsync(values)));

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{item ? 'Edit event' : 'Add event'}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="event-form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          sx={{ pt: 1 }}
        >
          {save.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              The event was not saved. {save.error.message}
            </Alert>
          )}
          <Stack spacing={2}>
            <FormTextField control={control} name="name" label="Name" required maxLength={NEWS_TITLE_MAX} />
            <Controller
              control={control}
              name="description"
              render={({ field, fieldState }) => {
                field.ref({
                  focus: () =>
                    document
                      .querySelector<HTMLElement>(`#event-form [${FIELD_ATTRIBUTE}="description"]`)
                      ?.focus(),
                });
                return (
                  <RichTextEditor
                    label="Description"
                    field="description"
                    required
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                );
              }}
            />
            <FormTextField control={control} name="link" label="Link" required maxLength={NEWS_LINK_MAX} />
            <FormTextField
              control={control}
              name="location"
              label="Location"
              required
              maxLength={EVENT_LOCATION_MAX}
            />
            <FormTextField control={control} name="status" label="Status" select required>
              {CONTENT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {STATUS_LABELS[status]}
                </MenuItem>
              ))}
            </FormTextField>
            <Controller
              control={control}
              name="date"
              render={({ field, fieldState }) => (
                <DateTimeField
                  label="Date"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            <FormTextField
              control={control}
              name="timeZone"
              label="Time zone"
              required
              maxLength={TIME_ZONE_MAX}
            />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="event-form" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
