/**
 * Uploads with progress go out through XMLHttpRequest (lib/api/post-form.ts), which the fetch mock of
 * mock-api.ts does not see. This replaces XMLHttpRequest with one that reports upload progress and then
 * sends the request through `fetch`, so the same handlers answer it and `requests` records it; install it
 * after `mockApi`. Only the network edge changes, as with the fetch mock.
 */
import { vi } from 'vitest';

type Listener = ((event: ProgressEvent) => void) | null;

/** The upload's body size as the progress events report it (a form's files, its text fields). */
function sizeOf(body: unknown): number {
  if (!(body instanceof FormData)) return typeof body === 'string' ? body.length : 0;
  let size = 0;
  for (const [, value] of body.entries()) size += typeof value === 'string' ? value.length : value.size;
  return size;
}

function progress(loaded: number, total: number): ProgressEvent {
  return { lengthComputable: true, loaded, total } as ProgressEvent;
}

/**
 * Installs the XMLHttpRequest stand-in (undone by the test set-up's `vi.unstubAllGlobals`). With
 * `pausesHalfway`, each upload stops after half its body until `resume()`, for a test to see it part sent.
 * @returns `forms`: the multipart bodies sent, for assertions on their parts; `resume`
 */
export function mockUploads({ pausesHalfway = false }: { pausesHalfway?: boolean } = {}) {
  const forms: FormData[] = [];
  let resume: () => void = () => undefined;
  const halfway = pausesHalfway
    ? new Promise<void>((resolve) => {
        resume = resolve;
      })
    : Promise.resolve();

  class UploadRequest {
    readonly upload: { onprogress: Listener; onload: Listener } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private readonly controller = new AbortController();

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }

    abort(): void {
      if (this.controller.signal.aborted) return;
      this.controller.abort();
      this.onabort?.();
    }

    send(body?: Document | XMLHttpRequestBodyInit | null): void {
      if (body instanceof FormData) forms.push(body);
      void this.run(body ?? null);
    }

    private async run(body: XMLHttpRequestBodyInit | Document | null): Promise<void> {
      const total = sizeOf(body);
      // Half, then all of it: the page shows a part sent before the whole.
      await Promise.resolve();
      this.upload.onprogress?.(progress(Math.floor(total / 2), total));
      await halfway;
      if (this.controller.signal.aborted) return;
      this.upload.onprogress?.(progress(total, total));
      this.upload.onload?.(progress(total, total));
      try {
        const response = await fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body: body as BodyInit | null,
          signal: this.controller.signal,
        });
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
      } catch {
        if (!this.controller.signal.aborted) this.onerror?.();
        return;
      }
      if (!this.controller.signal.aborted) this.onload?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', UploadRequest);
  return { forms, resume: () => resume() };
}
