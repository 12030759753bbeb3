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
import { Extension, EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { ALT_TEXT_MAX, RICH_TEXT_INDENT_MAX as INDENT_MAX } from '@portal/shared/limits';
import { FIELD_ATTRIBUTE, fieldErrorsOf } from '../lib/form-errors';
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

const LinkUrlSchema = z
  .string()
  .trim()
  .regex(/^(https?:\/\/|mailto:)\S+$/i, 'Enter an address starting with https://, http:// or mailto:.');
const ImageSchema = z.object({
  src: z
    .string()
    .trim()
    .min(1, 'The image address is required.')
    .regex(/^(https?:\/\/|\/)\S+$/i, 'Enter an address starting with https://, http:// or /.'),
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

/** The link dialog: an address, or empty to remove the link. */
function LinkDialog({
  open,
  initial,
  onClose,
  onApply,
}: {
  open: boolean;
  initial: string;
  onClose: () => void;
  onApply: (href: string) => void;
}) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState('');
  const titleId = useId();
  const submit = () => {
    if (href.trim() === '') return onApply('');
    const parsed = LinkUrlSchema.safeParse(href);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    onApply(parsed.data);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Link</DialogTitle>
      <DialogContent>
        <TextField
          label="Address"
          value={href}
          onChange={(event) => {
            setHref(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          error={Boolean(error)}
          helperText={error || 'Leave empty to remove the link.'}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          slotProps={{ formHelperText: { role: error ? 'alert' : undefined } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
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

/**
 * The rich-text editor (001 §2 Rich-text editor; TipTap): bold, italic, underline, strike, H1–H3,
 * bullet and numbered lists, indent and outdent, link and image (with alt text). Tab is not bound, so
 * it moves the focus on. The HTML it emits is sanitised again by the server.
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
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

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
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

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
            ...indentStyles(),
          })}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <FormHelperText id={helperId} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? ' '}
      </FormHelperText>
      {dialog === 'link' && (
        <LinkDialog
          open
          initial={String(editor.getAttributes('link').href ?? '')}
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
