import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatStrikethroughIcon from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import ImageIcon from '@mui/icons-material/Image';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import SmartDisplayIcon from '@mui/icons-material/SmartDisplay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import LinearProgress from '@mui/material/LinearProgress';
import { Extension, EditorContent, Node, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { MESSAGES } from '@portal/shared/errors';
import {
  ADDRESS_MAX,
  ALT_TEXT_MAX,
  IMAGE_MAX_BYTES,
  RICH_TEXT_INDENT_MAX as INDENT_MAX,
} from '@portal/shared/limits';
import { IMAGE_LINK, WEB_OR_MAIL_LINK, linkUrlSchema } from '@portal/shared/schemas/common';
import type { IMAGE_MIME_TYPES } from '@portal/shared/schemas/files';
import { uploadFile } from '../lib/api/upload-file';
import { FIELD_ATTRIBUTE, fieldErrorsOf } from '../lib/form-errors';
import { youTubeEmbedUrl, youTubeVideoIdOf } from '../lib/youtube';
import { indentStyles } from './html-content';

/** Paragraph indent kept as `data-indent` (001 §2 Rich-text editor: indent and outdent). */
const ParagraphIndent = Extension.create({
  name: 'paragraphIndent',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element: HTMLElement) =>
              Math.min(Number(element.getAttribute('data-indent')) || 0, INDENT_MAX),
            renderHTML: (attributes: { indent?: number }) =>
              attributes.indent ? { 'data-indent': String(attributes.indent) } : {},
          },
        },
      },
    ];
  },
});

/** The accessible name of an embedded video (kept by the server's allow-list as the iframe's title). */
const VIDEO_TITLE = 'YouTube video';

/**
 * A YouTube video as a block `<iframe>` on the privacy-enhanced host (001 §2 "video"). It reads any
 * YouTube iframe back, so stored descriptions open as they were saved.
 */
const YouTubeVideo = Node.create({
  name: 'youTubeVideo',
  group: 'block',
  atom: true,
  addAttributes() {
    return { videoId: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'iframe[src]',
        getAttrs: (element: HTMLElement) => {
          const src = element.getAttribute('src') ?? '';
          const videoId = /^https?:\/\//i.test(src) ? youTubeVideoIdOf(src) : null;
          return videoId ? { videoId } : false;
        },
      },
    ];
  },
  renderHTML({ node }) {
    return [
      'iframe',
      {
        src: youTubeEmbedUrl(String(node.attrs.videoId)),
        width: '560',
        height: '315',
        title: VIDEO_TITLE,
        allowfullscreen: 'true',
      },
    ];
  },
});

/** File extension of each image type the upload takes (001 §2: pasted-image plus the image extension). */
const IMAGE_EXTENSIONS: Record<(typeof IMAGE_MIME_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

function isUploadableImageType(type: string): type is keyof typeof IMAGE_EXTENSIONS {
  return type in IMAGE_EXTENSIONS;
}

/** A pasted image as the file it is uploaded as: `pasted-image.png` and the like. */
function asPastedImage(blob: Blob & { type: keyof typeof IMAGE_EXTENSIONS }): File {
  return new File([blob], `pasted-image.${IMAGE_EXTENSIONS[blob.type]}`, { type: blob.type });
}

/** Uploads an image as a public file and returns its address (the server checks type and size again). */
async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const { publicUrl } = await uploadFile(
    {
      file,
      name: file.name,
      filename: file.name,
      visibility: 'public',
      metadataType: 'content',
      kind: 'image',
    },
    onProgress,
  );
  if (!publicUrl) throw new Error('The image was stored without a public address.');
  return publicUrl;
}

/** The blob of a `data:image/…;base64,…` address; null when it is not one of the accepted image types. */
function imageOfDataUrl(src: string): (Blob & { type: keyof typeof IMAGE_EXTENSIONS }) | null {
  const match = /^data:([a-z+/.-]+);base64,(.*)$/is.exec(src.trim());
  const type = match?.[1]?.toLowerCase() ?? '';
  if (!match || !isUploadableImageType(type)) return null;
  try {
    const bytes = Uint8Array.from(atob(match[2]!.replace(/\s/g, '')), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type }) as Blob & { type: keyof typeof IMAGE_EXTENSIONS };
  } catch {
    return null;
  }
}

/** Images whose address is a `data:` URL, in any case. */
const DATA_IMAGES = 'img[src^="data:" i]';

/** Whether pasted HTML holds an image inlined as a `data:` URL (parsed, not matched: the HTML is anyone's). */
function hasDataImages(html: string): boolean {
  if (!html.includes('<')) return false;
  return new DOMParser().parseFromString(html, 'text/html').querySelector(DATA_IMAGES) !== null;
}

/**
 * Pasted HTML with its base64 images uploaded as files and replaced by their addresses (001 §2). An
 * image that is not an accepted type or is over the image limit is left out and counted.
 */
async function withUploadedImages(html: string): Promise<{ html: string; skipped: number }> {
  const document = new DOMParser().parseFromString(html, 'text/html');
  let skipped = 0;
  for (const image of Array.from(document.querySelectorAll(DATA_IMAGES))) {
    const blob = imageOfDataUrl(image.getAttribute('src') ?? '');
    if (!blob || blob.size > IMAGE_MAX_BYTES) {
      image.remove();
      skipped += 1;
      continue;
    }
    image.setAttribute('src', await uploadImage(asPastedImage(blob)));
  }
  return { html: document.body.innerHTML, skipped };
}

/** A link's address: the shared link check (issue 20 "Links"); the server's sanitiser checks it again. */
const LinkUrlSchema = linkUrlSchema(WEB_OR_MAIL_LINK, ADDRESS_MAX);
const ImageSchema = z.object({
  src: linkUrlSchema(IMAGE_LINK, ADDRESS_MAX).min(1, 'The image address is required.'),
  alt: z
    .string()
    .trim()
    .min(1, 'Alt text is required.')
    .max(ALT_TEXT_MAX, `Alt text may be at most ${ALT_TEXT_MAX} characters.`),
});

/** A toolbar toggle with a tooltip and an accessible name. */
function ToolButton({
  label,
  isActive = false,
  disabled,
  onClick,
  children,
}: {
  label: string;
  isActive?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <ToggleButton
          value={label}
          size="small"
          selected={isActive}
          aria-label={label}
          disabled={disabled}
          onChange={onClick}
          sx={{ border: 0, minWidth: 34, px: 0.75 }}
        >
          {children}
        </ToggleButton>
      </span>
    </Tooltip>
  );
}

function indent(editor: Editor, step: 1 | -1) {
  if (editor.isActive('listItem')) {
    if (step > 0) editor.chain().focus().sinkListItem('listItem').run();
    else editor.chain().focus().liftListItem('listItem').run();
    return;
  }
  const current = Number(editor.getAttributes('paragraph').indent) || 0;
  const next = Math.max(0, Math.min(INDENT_MAX, current + step));
  editor.chain().focus().updateAttributes('paragraph', { indent: next }).run();
}

/**
 * A dialog of one text field (the link and video dialogs): Enter or the confirm button applies the
 * text when `parse` accepts it, else shows parse's message under the field, in red.
 */
function OneFieldDialog({
  title,
  label,
  hint,
  initial = '',
  isRequired = false,
  confirmLabel,
  parse,
  onClose,
  onApply,
}: {
  title: string;
  label: string;
  hint: string;
  initial?: string;
  isRequired?: boolean;
  confirmLabel: string;
  parse: (text: string) => { value: string } | { error: string };
  onClose: () => void;
  onApply: (value: string) => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const titleId = useId();
  const submit = () => {
    const parsed = parse(text);
    if ('error' in parsed) return setError(parsed.error);
    onApply(parsed.value);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={label}
          required={isRequired}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          error={Boolean(error)}
          helperText={error || hint}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          slotProps={{ formHelperText: { role: error ? 'alert' : undefined } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The first message of a failed parse, or the value. */
function parsedBy(schema: z.ZodType<string>, text: string): { value: string } | { error: string } {
  const parsed = schema.safeParse(text);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
}

/** The image dialog (001 §2, §5): URL and alt text, both required; alt text at most 1000. */
function ImageDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}) {
  const [values, setValues] = useState({ src: '', alt: '' });
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});
  const srcRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const submit = () => {
    const parsed = ImageSchema.safeParse(values);
    if (parsed.success) return onInsert(parsed.data);
    const next: { src?: string; alt?: string } = fieldErrorsOf(parsed.error.issues);
    setErrors(next);
    (next.src ? srcRef : altRef).current?.focus();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Image</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {(['src', 'alt'] as const).map((key) => (
            <TextField
              key={key}
              label={key === 'src' ? 'Image address' : 'Alt text'}
              required
              value={values[key]}
              inputRef={key === 'src' ? srcRef : altRef}
              onChange={(event) => {
                setValues((v) => ({ ...v, [key]: event.target.value }));
                setErrors((e) => ({ ...e, [key]: undefined }));
              }}
              error={Boolean(errors[key])}
              helperText={
                errors[key] ?? (key === 'alt' ? 'Describe the image for people who cannot see it.' : ' ')
              }
              fullWidth
              autoFocus={key === 'src'}
              slotProps={{
                htmlInput: key === 'alt' ? { maxLength: ALT_TEXT_MAX } : undefined,
                formHelperText: { role: errors[key] ? 'alert' : undefined },
              }}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit}>
          Insert
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const VideoSchema = z
  .string()
  .trim()
  .min(1, 'A YouTube address or video id is required.')
  .refine((value) => youTubeVideoIdOf(value) !== null, 'Enter a YouTube address or video id.');

const AltTextSchema = ImageSchema.shape.alt;

/**
 * The upload dialog of a pasted image (001 §2): shows the file's name (`pasted-image.png`) and the
 * image, asks for its alt text (required, at most 1000), uploads it as a public image and inserts it.
 * Over the image limit it says 'The selected file is too large to upload.'
 */
function UploadImageDialog({
  file,
  onClose,
  onInsert,
}: {
  file: File;
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}) {
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const [uploadError, setUploadError] = useState(file.size > IMAGE_MAX_BYTES ? MESSAGES.uploadTooLarge : '');
  const [progress, setProgress] = useState<number | null>(null);
  const [preview] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  const titleId = useId();
  const isUploading = progress !== null;
  const submit = async () => {
    const parsed = AltTextSchema.safeParse(alt);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    setProgress(0);
    try {
      onInsert({ src: await uploadImage(file, setProgress), alt: parsed.data });
    } catch (caught) {
      setUploadError(caught instanceof Error ? caught.message : String(caught));
      setProgress(null);
    }
  };
  return (
    <Dialog
      open
      onClose={isUploading ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Upload image</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {uploadError && (
            <Alert severity="error" role="alert">
              {uploadError}
            </Alert>
          )}
          <TextField
            label="File name"
            value={file.name}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Box
            component="img"
            src={preview}
            alt=""
            sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain', alignSelf: 'flex-start' }}
          />
          <TextField
            label="Alt text"
            required
            value={alt}
            onChange={(event) => {
              setAlt(event.target.value);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || 'Describe the image for people who cannot see it.'}
            fullWidth
            autoFocus
            slotProps={{
              htmlInput: { maxLength: ALT_TEXT_MAX },
              formHelperText: { role: error ? 'alert' : undefined },
            }}
          />
          {isUploading && (
            <LinearProgress variant="determinate" value={progress * 100} aria-label="Upload progress" />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isUploading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={isUploading || file.size > IMAGE_MAX_BYTES}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The rich-text editor (001 §2 Rich-text editor; TipTap): bold, italic, underline, strike, H1–H3,
 * bullet and numbered lists, indent and outdent, link, image (address and alt text) and video (YouTube,
 * privacy-enhanced embed). The first image file pasted opens the upload dialog as `pasted-image.<ext>`;
 * pasted HTML carrying base64 images has them uploaded as public images and replaced by their
 * addresses. Tab is not bound, so it moves the focus on. The HTML it emits is sanitised again by the
 * server.
 * Props: `label`, `value` (HTML, read when the editor is created), `onChange`, `field` (the form path
 * for focusing the first invalid field), `error`, `required`, `disabled`.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  field,
  error,
  required = false,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  field: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const labelId = useId();
  const helperId = useId();
  const [dialog, setDialog] = useState<'link' | 'image' | 'video' | null>(null);
  const [pastedImage, setPastedImage] = useState<File | null>(null);
  const [pasteError, setPasteError] = useState('');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editorRef = useRef<Editor | null>(null);

  /** 001 §2: the first image file opens the upload dialog; HTML with base64 images gets them uploaded. */
  const onPaste = (event: ClipboardEvent): boolean => {
    const data = event.clipboardData;
    if (!data) return false;
    const image = Array.from(data.files).find((file) => isUploadableImageType(file.type));
    if (image && isUploadableImageType(image.type)) {
      setPastedImage(asPastedImage(image as File & { type: keyof typeof IMAGE_EXTENSIONS }));
      return true;
    }
    const html = data.getData('text/html');
    if (!hasDataImages(html)) return false;
    setPasteError('');
    void withUploadedImages(html).then(
      ({ html: uploaded, skipped }) => {
        editorRef.current?.chain().focus().insertContent(uploaded).run();
        if (skipped > 0) setPasteError(`${skipped} pasted image(s) left out: ${MESSAGES.uploadTooLarge}`);
      },
      (caught: unknown) =>
        setPasteError(
          `The pasted images could not be uploaded. ${caught instanceof Error ? caught.message : ''}`,
        ),
    );
    return true;
  };
  const onPasteRef = useRef(onPaste);
  useEffect(() => {
    onPasteRef.current = onPaste;
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto'],
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        },
      }),
      Image.configure({ inline: false }),
      YouTubeVideo,
      ParagraphIndent,
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helperId,
        'aria-invalid': error ? 'true' : 'false',
        'aria-required': required ? 'true' : 'false',
        [FIELD_ATTRIBUTE]: field,
        class: 'rich-text-input',
      },
      // 001 §2: Tab is not bound; returning true leaves it to the browser (focus moves on).
      handleDOMEvents: { keydown: (_view, event) => event.key === 'Tab' },
      handlePaste: (_view, event) => onPasteRef.current(event),
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // Both are safe before the view is mounted (options are kept and applied when it is).
  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);
  useEffect(() => {
    const props = editor.options.editorProps;
    editor.setOptions({
      editorProps: {
        ...props,
        attributes: { ...props.attributes, 'aria-invalid': error ? 'true' : 'false' },
      },
    });
  }, [editor, error]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    command(editor.chain().focus()).run();

  return (
    <Box>
      <FormLabel id={labelId} required={required} error={Boolean(error)} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main' },
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <Stack
          direction="row"
          role="toolbar"
          aria-label={`${label} formatting`}
          sx={{ flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <ToolButton
            label="Bold"
            isActive={state.bold}
            disabled={disabled}
            onClick={run((c) => c.toggleBold())}
          >
            <FormatBoldIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Italic"
            isActive={state.italic}
            disabled={disabled}
            onClick={run((c) => c.toggleItalic())}
          >
            <FormatItalicIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Underline"
            isActive={state.underline}
            disabled={disabled}
            onClick={run((c) => c.toggleUnderline())}
          >
            <FormatUnderlinedIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Strike"
            isActive={state.strike}
            disabled={disabled}
            onClick={run((c) => c.toggleStrike())}
          >
            <FormatStrikethroughIcon fontSize="small" />
          </ToolButton>
          <Divider orientation="vertical" flexItem />
          {([1, 2, 3] as const).map((level) => (
            <ToolButton
              key={level}
              label={`Heading ${level}`}
              isActive={state[`h${level}`]}
              disabled={disabled}
              onClick={run((c) => c.toggleHeading({ level }))}
            >
              <Box component="span" sx={{ fontWeight: 700, fontSize: '0.8rem' }}>
                H{level}
              </Box>
            </ToolButton>
          ))}
          <Divider orientation="vertical" flexItem />
          <ToolButton
            label="Bulleted list"
            isActive={state.bulletList}
            disabled={disabled}
            onClick={run((c) => c.toggleBulletList())}
          >
            <FormatListBulletedIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Numbered list"
            isActive={state.orderedList}
            disabled={disabled}
            onClick={run((c) => c.toggleOrderedList())}
          >
            <FormatListNumberedIcon fontSize="small" />
          </ToolButton>
          <ToolButton label="Outdent" disabled={disabled} onClick={() => indent(editor, -1)}>
            <FormatIndentDecreaseIcon fontSize="small" />
          </ToolButton>
          <ToolButton label="Indent" disabled={disabled} onClick={() => indent(editor, 1)}>
            <FormatIndentIncreaseIcon fontSize="small" />
          </ToolButton>
          <Divider orientation="vertical" flexItem />
          <ToolButton
            label="Link"
            isActive={state.link}
            disabled={disabled}
            onClick={() => setDialog('link')}
          >
            <InsertLinkIcon fontSize="small" />
          </ToolButton>
          <ToolButton label="Image" disabled={disabled} onClick={() => setDialog('image')}>
            <ImageIcon fontSize="small" />
          </ToolButton>
          <ToolButton label="Video" disabled={disabled} onClick={() => setDialog('video')}>
            <SmartDisplayIcon fontSize="small" />
          </ToolButton>
        </Stack>
        <Box
          sx={(theme) => ({
            '& .rich-text-input': {
              ...theme.typography.body1,
              minHeight: 120,
              px: 1.5,
              py: 1,
              outline: 'none',
              overflowWrap: 'anywhere',
            },
            '& .rich-text-input p': { my: 1 },
            '& .rich-text-input img': { maxWidth: '100%', height: 'auto' },
            '& .rich-text-input iframe': { maxWidth: '100%', border: 0 },
            ...indentStyles(),
          })}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <FormHelperText id={helperId} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? ' '}
      </FormHelperText>
      {pasteError && (
        <Alert severity="error" role="alert" onClose={() => setPasteError('')}>
          {pasteError}
        </Alert>
      )}
      {pastedImage && (
        <UploadImageDialog
          file={pastedImage}
          onClose={() => setPastedImage(null)}
          onInsert={(image) => {
            setPastedImage(null);
            editor.chain().focus().setImage(image).run();
          }}
        />
      )}
      {dialog === 'video' && (
        <OneFieldDialog
          title="Video"
          label="YouTube address or video id"
          hint="For example https://www.youtube.com/watch?v=…"
          isRequired
          confirmLabel="Insert"
          parse={(text) => {
            const parsed = parsedBy(VideoSchema, text);
            return 'error' in parsed ? parsed : { value: youTubeVideoIdOf(parsed.value)! };
          }}
          onClose={() => setDialog(null)}
          onApply={(videoId) => {
            setDialog(null);
            editor.chain().focus().insertContent({ type: YouTubeVideo.name, attrs: { videoId } }).run();
          }}
        />
      )}
      {dialog === 'link' && (
        <OneFieldDialog
          title="Link"
          label="Address"
          hint="Leave empty to remove the link."
          confirmLabel="Apply"
          initial={String(editor.getAttributes('link').href ?? '')}
          parse={(text) => (text.trim() === '' ? { value: '' } : parsedBy(LinkUrlSchema, text))}
          onClose={() => setDialog(null)}
          onApply={(href) => {
            setDialog(null);
            const chain = editor.chain().focus().extendMarkRange('link');
            if (href) chain.setLink({ href }).run();
            else chain.unsetLink().run();
          }}
        />
      )}
      {dialog === 'image' && (
        <ImageDialog
          open
          onClose={() => setDialog(null)}
          onInsert={(image) => {
            setDialog(null);
            editor.chain().focus().setImage(image).run();
          }}
        />
      )}
    </Box>
  );
}
