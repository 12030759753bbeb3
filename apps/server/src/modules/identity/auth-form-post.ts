/**
 * The form-post plumbing of the sign-in service's pages (auth-pages.routes.ts): reading a posted
 * form, turning a schema failure into a per-field AppError, the expired-link error, and the one way a
 * form route is registered (parse with the shared schema, re-render the page on an AppError).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '@portal/shared/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The page a sign-in form route answers with when its handler throws an AppError: usually the
     * form again with the message (`error.message`) and what was typed.
     */
    errorPage?: (request: FastifyRequest, error: AppError) => string;
  }
}

/** The Fastify instance the sign-in pages plugin is given. */
export type AuthPagesApp = Parameters<FastifyPluginAsyncZod>[0];

/** The message of an invalid form without a field message of its own. */
export const INVALID_FORM = 'Check the form and try again.';

/** A form body as strings (fields that are not strings are dropped). */
export function formOf(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** An invalid form: 400, the first message per field in `details.fields`. */
export function invalidForm(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? '')] ??= issue.message;
  return new AppError('invalid_input', error.issues[0]?.message ?? INVALID_FORM, { fields });
}

/** The per-field messages of an invalid form (see invalidForm). */
export const fieldErrorsOf = (error: AppError) =>
  (error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};

/** An expired or used e-mail link: the handler's notice page with its way on. */
export class ExpiredLinkError extends AppError {
  constructor(readonly link: { href: string; label: string }) {
    super('invalid_input', 'This link has expired or was already used.');
  }
}

/** Sends an HTML page with a status, never cached. */
export const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * Registers a form post: the form is read into a model (what to show again) and parsed with its
 * shared schema; an invalid form, or an AppError from `handle`, shows `page` again with the message
 * (through the plugin's error handler and `config.errorPage`).
 */
export function registerFormPost<M extends { raw: Record<string, string> }, F>(
  app: AuthPagesApp,
  path: string,
  form: {
    model: (request: FastifyRequest) => M;
    schema: z.ZodType<F>;
    page: (model: M, error: AppError) => string;
    handle: (request: FastifyRequest, reply: FastifyReply, data: F, model: M) => Promise<unknown>;
  },
): void {
  app.post(
    path,
    {
      schema: { hide: true },
      config: { errorPage: (request, error) => form.page(form.model(request), error) },
    },
    async (request, reply) => {
      const model = form.model(request);
      const parsed = form.schema.safeParse(model.raw);
      if (!parsed.success) throw invalidForm(parsed.error);
      return form.handle(request, reply, parsed.data, model);
    },
  );
}
