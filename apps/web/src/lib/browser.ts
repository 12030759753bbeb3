/**
 * Leaving the single-page app (external sign-in page, signed download links). One object so tests can
 * observe it: jsdom cannot navigate a document.
 */
export const browser = {
  /** Sends the browser to another address (a full page load). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Asks the user a yes/no question in the browser's own dialog; true for yes. */
  confirm(question: string): boolean {
    return window.confirm(question);
  },
};
