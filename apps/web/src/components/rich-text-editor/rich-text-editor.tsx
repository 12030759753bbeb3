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
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { FIELD_ATTRIBUTE } from '../../lib/form-errors';
import { indentStyles } from '../html-content';
import { ParagraphIndent, YouTubeVideo, indent } from './extensions';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import {
  asPastedImage,
  hasDataImages,
  isUploadableImageType,
  withUploadedImages,
  type UploadableImageType,
} from './paste';
import { UploadImageDialog } from './upload-image-dialog';
import { VideoDialog } from './video-dialog';

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
      setPastedImage(asPastedImage(image as File & { type: UploadableImageType }));
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
        sx={(theme) => {
          const focusColor = error ? theme.palette.error.main : theme.palette.primary.main;
          return {
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            // Focused, the border is 2 px of the theme colour, as an outlined MUI field's: the text area
            // itself draws no outline, and a 1 px change of colour alone is hard to see.
            '&:focus-within': { borderColor: focusColor, boxShadow: `0 0 0 1px ${focusColor}` },
            opacity: disabled ? 0.6 : 1,
          };
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
        <VideoDialog
          onClose={() => setDialog(null)}
          onInsert={(videoId) => {
            setDialog(null);
            editor.chain().focus().insertContent({ type: YouTubeVideo.name, attrs: { videoId } }).run();
          }}
        />
      )}
      {dialog === 'link' && (
        <LinkDialog
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
