/**
 * Layout methods jsdom lacks but ProseMirror (the rich-text editor) calls when text is typed or the
 * selection moves. Tests that type into a rich-text field import this; it measures nothing.
 */
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);

export function installProseMirrorDom(): void {
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= emptyRect;
  Element.prototype.getClientRects ??= noRects;
  document.elementFromPoint ??= () => null;
}
