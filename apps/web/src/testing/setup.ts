/**
 * Setup of every web test (STYLE.md habit 10): any console.error fails the test; the DOM, the session
 * token, the error report, both storages and the fetch mock are reset between tests.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearAccessToken } from '../lib/auth-token';
import { clearReportedError } from '../lib/error-reporting';

let consoleErrors: string[] = [];

// The first render of a file also compiles the lazily loaded page (the rich-text editor takes seconds):
// give find* queries time on 2 loaded cores. Only a failing query waits this long.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not scroll; ScrollRestoration and the pager call these.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  clearAccessToken();
  clearReportedError();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
  }
});
