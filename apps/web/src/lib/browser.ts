/**
 * Leaving the single-page app (external sign-in page) and saving signed download links. One object so tests can
 * observe it: jsdom cannot navigate a document.
 */
export const browser = {
  /** Sends the browser to another address (a full page load). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /**
   * Has the browser save the file at `url` (a signed download link) without leaving the page: a link with
   * `download`, which the browser saves even when the file would show inline (an image), and whose failure
   * stays in the browser's downloads instead of replacing the page.
   */
  download(url: string): void {
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    document.body.appendChild(link);
    link.click();
    link.remove();
  },
  /** Asks the user a yes/no question in the browser's own dialog; true for yes. */
  confirm(question: string): boolean {
    return window.confirm(question);
  },
};
