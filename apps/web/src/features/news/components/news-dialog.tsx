import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { MESSAGES } from '@portal/shared/errors';
import { NEWS_DATA_MAX, NEWS_LINK_MAX, NEWS_TITLE_MAX } from '@portal/shared/limits';
import { NewsRequestSchema, type News, type NewsRequest } from '@portal/shared/schemas/news';
import { DatedItemDialog, useDatedItemSave } from '../../../components/dated-items/dated-item-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { saveNews } from '../api/save-news';

/** Reads a picked image as a data URL. */
function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The news dialog (001 §2, §5): title, image (or the date image when none), description (the shared
 * rich-text editor), link, external link, status (unpublished by default) and date (date-time picker,
 * am/pm). An image whose data is at or over the maximum is cleared with 'file too large'. An invalid
 * submit focuses the first invalid field. Props: `item` (null: create), `onClose`, `onSaved`.
 */
export function NewsDialog({
  item,
  onClose,
  onSaved,
}: {
  item: News | null;
  onClose: () => void;
  onSaved: (saved: News) => void | Promise<void>;
}) {
  const { control, handleSubmit, setValue, setError } = useForm<NewsRequest>({
    resolver: zodResolver(NewsRequestSchema),
    shouldFocusError: true,
    defaultValues: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      image: item?.image ?? null,
      link: item?.link ?? '',
      externalLink: item?.externalLink ?? '',
      status: item?.status ?? 'unpublished',
      date: item?.date ?? '',
    },
  });
  const image = useWatch({ control, name: 'image' });
  const saving = useDatedItemSave({
    form: { handleSubmit, setError },
    saveItem: (body: NewsRequest) => saveNews(item?.id ?? null, body),
    onSaved,
  });

  return (
    <DatedItemDialog
      title={item ? 'Edit news' : 'Add news'}
      formId="news-form"
      notSaved="The news item was not saved."
      control={control}
      {...saving}
      onClose={onClose}
      afterDescription={
        <>
          <FormTextField control={control} name="link" label="Link" maxLength={NEWS_LINK_MAX} />
          <FormTextField
            control={control}
            name="externalLink"
            label="External link"
            maxLength={NEWS_LINK_MAX}
          />
        </>
      }
    >
      <FormTextField control={control} name="name" label="Title" required maxLength={NEWS_TITLE_MAX} />
      <Controller
        control={control}
        name="image"
        render={({ fieldState }) => (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Image (none: the date image is shown)
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined">
                {image ? 'Replace image' : 'Add image'}
                <input
                  type="file"
                  hidden
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={async (event) => {
                    const input = event.currentTarget;
                    const file = input.files?.[0];
                    if (!file) return;
                    const data = await readDataUrl(file);
                    input.value = '';
                    if (data.length >= NEWS_DATA_MAX) {
                      setValue('image', null);
                      setError('image', { message: MESSAGES.fileTooLarge });
                      return;
                    }
                    setValue('image', data, { shouldValidate: true });
                  }}
                />
              </Button>
              {image && (
                <>
                  <Box component="img" src={image} alt="The chosen image" sx={{ height: 48 }} />
                  <Button onClick={() => setValue('image', null)}>Remove image</Button>
                </>
              )}
            </Stack>
            {fieldState.error && (
              <FormHelperText error role="alert">
                {fieldState.error.message}
              </FormHelperText>
            )}
          </Box>
        )}
      />
    </DatedItemDialog>
  );
}
