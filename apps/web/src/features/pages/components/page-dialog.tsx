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
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { CONTENT_STATUSES } from '@portal/shared/enums';
import { STATUS_LABELS } from '../../../components/dated-items/dated-item-parts';
import { DeleteItemDialog } from '../../../components/dated-items/delete-item-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';
import { createPage, deletePage, updatePage } from '../api/save-page';
import { PAGE_DESCRIPTION_MAX, PAGE_HREF_MAX, PAGE_TITLE_MAX } from '@portal/shared/limits';
import {
  CreatePageRequestSchema,
  PAGE_LAYOUTS,
  PAGE_LAYOUT_LABELS,
  PAGE_MESSAGES,
  UpdatePageRequestSchema,
  type CreatePageRequest,
  type Page,
} from '../api/page-types';

/**
 * The page dialog (001 §2 Page editing dialogs, §5 Page dialog): title (required, at most 256), status
 * and layout; on create also description (required, at most 256) and link (starts with '/', lower-case
 * letters, digits, hyphens and slashes, at most 1024, unused — any failure shows the one link message).
 * Editing offers deletion behind the acknowledgement box. Props: `page` (null: create), `onSaved`,
 * `onDeleted`, `onClose`.
 */
export function PageDialog({
  page,
  onSaved,
  onDeleted,
  onClose,
}: {
  page: Page | null;
  onSaved: (page: Page) => void;
  onDeleted?: (page: Page) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [isDeleting, setIsDeleting] = useState(false);
  const { control, handleSubmit, setError } = useForm<CreatePageRequest>({
    // Editing checks title and status (description and link are the create dialog's).
    resolver: zodResolver(
      page ? UpdatePageRequestSchema.omit({ description: true, href: true }) : CreatePageRequestSchema,
    ) as unknown as Resolver<CreatePageRequest>,
    shouldFocusError: true,
    defaultValues: {
      title: page?.title ?? '',
      status: page?.status ?? 'unpublished',
      description: page?.meta.description ?? '',
      href: page?.href ?? '',
      layoutName: page?.layout.name ?? 'handSortedList',
    },
  });
  const save = useMutation({
    mutationFn: (values: CreatePageRequest) =>
      page
        ? updatePage(page.id, {
            title: values.title,
            status: values.status,
            layoutName: values.layoutName,
            version: page.version,
          })
        : createPage(values),
    meta: { silent: true },
    onSuccess: onSaved,
    onError: (error) => {
      // A used or malformed link answers on `href`: the one link message (001 §5).
      if (!page && error instanceof ApiError && (error.httpStatus === 409 || error.httpStatus === 400))
        setError('href', { message: PAGE_MESSAGES.href }, { shouldFocus: true });
      else applyServerIssues(setError, error);
    },
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));
  const isLinkError = !page && save.error instanceof ApiError && [400, 409].includes(save.error.httpStatus);
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{page ? 'Edit page' : 'Add new page'}</DialogTitle>
      <DialogContent>
        <Box component="form" id="page-form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ pt: 1 }}>
          {save.isError && !isLinkError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              The page was not saved. {save.error.message}
            </Alert>
          )}
          <Stack spacing={2}>
            <FormTextField control={control} name="title" label="Title" required maxLength={PAGE_TITLE_MAX} />
            {!page && (
              <>
                <FormTextField
                  control={control}
                  name="description"
                  label="Description"
                  required
                  multiline
                  maxLength={PAGE_DESCRIPTION_MAX}
                />
                <FormTextField
                  control={control}
                  name="href"
                  label="Link"
                  required
                  maxLength={PAGE_HREF_MAX}
                  helperText="For example /community/workshops"
                />
              </>
            )}
            <FormTextField control={control} name="status" label="Status" select required>
              {CONTENT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {STATUS_LABELS[status]}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="layoutName" label="Layout" select required>
              {PAGE_LAYOUTS.map((layout) => (
                <MenuItem key={layout} value={layout}>
                  {PAGE_LAYOUT_LABELS[layout]}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        {page && onDeleted && (
          <Button
            color="error"
            onClick={() => setIsDeleting(true)}
            disabled={save.isPending}
            sx={{ mr: 'auto' }}
          >
            Delete page
          </Button>
        )}
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="page-form" variant="contained" disabled={save.isPending}>
          {page ? 'Save' : 'Create'}
        </Button>
      </DialogActions>
      {page && onDeleted && isDeleting && (
        <DeleteItemDialog
          title="Delete page"
          name={page.title}
          onDelete={() => deletePage(page.id)}
          onDeleted={() => onDeleted(page)}
          onClose={() => setIsDeleting(false)}
        />
      )}
    </Dialog>
  );
}
