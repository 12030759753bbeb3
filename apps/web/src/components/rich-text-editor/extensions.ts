/**
 * The rich-text editor's own TipTap extensions (001 §2 Rich-text editor): paragraph indent and the
 * YouTube video block, and the indent command of the toolbar.
 */
import { Extension, Node, type Editor } from '@tiptap/react';
import { RICH_TEXT_INDENT_MAX as INDENT_MAX } from '@portal/shared/limits';
import { youTubeEmbedUrl, youTubeVideoIdOf } from '../../lib/youtube';

/** Paragraph indent kept as `data-indent` (001 §2 Rich-text editor: indent and outdent). */
export const ParagraphIndent = Extension.create({
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
export const YouTubeVideo = Node.create({
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

/**
 * Indents (`step` 1) or outdents (-1) the selection: a list item is sunk or lifted, a paragraph's
 * indent moves by one level between 0 and `RICH_TEXT_INDENT_MAX`.
 */
export function indent(editor: Editor, step: 1 | -1): void {
  if (editor.isActive('listItem')) {
    if (step > 0) editor.chain().focus().sinkListItem('listItem').run();
    else editor.chain().focus().liftListItem('listItem').run();
    return;
  }
  const current = Number(editor.getAttributes('paragraph').indent) || 0;
  const next = Math.max(0, Math.min(INDENT_MAX, current + step));
  editor.chain().focus().updateAttributes('paragraph', { indent: next }).run();
}
