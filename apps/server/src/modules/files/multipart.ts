/** The multipart rules and errors of file uploads and replacements (001 §3 File upload; issue 37). */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, MESSAGES } from '@portal/shared/errors';
import { FILE_MAX_BYTES } from '@portal/shared/limits';
import { FILE_MESSAGES } from '@portal/shared/schemas/files';

/** Form fields an upload may have (type, name, visibility, metadataId, metadataType, kind). */
export const UPLOAD_FIELDS_MAX = 6;
/** Bytes of one form field value (a name is at most 120 characters; a media type at most 255). */
export const UPLOAD_FIELD_BYTES_MAX = 1024;
/** Multipart headers and boundaries around the file: a request larger than the limit plus this is refused unread. */
export const MULTIPART_ENVELOPE_BYTES_MAX = 64 * 1024;

/**
 * onRequest hook of the upload routes: refuses (413 too_large) a request whose declared length is over
 * the file limit plus the multipart envelope, before its body is read.
 */
export async function refuseOversizedUpload(request: FastifyRequest): Promise<void> {
  refuseLongerThan(request, FILE_MAX_BYTES);
}

/**
 * An onRequest hook like `refuseOversizedUpload` for uploads of another limit (issue 38: a package).
 * @param maxBytes the largest file the route takes, in bytes
 */
export function refuseUploadsOver(maxBytes: number): (request: FastifyRequest) => Promise<void> {
  return async (request) => refuseLongerThan(request, maxBytes);
}

function refuseLongerThan(request: FastifyRequest, maxBytes: number): void {
  const length = Number(request.headers['content-length']);
  if (length > maxBytes + MULTIPART_ENVELOPE_BYTES_MAX)
    throw new AppError('too_large', MESSAGES.uploadTooLarge);
}

/** Messages of the multipart parser (busboy) for a malformed body. */
const MALFORMED_MULTIPART =
  /unexpected end of (form|multipart)|malformed|boundary not found|part terminated early/i;

/** The multipart parser's errors as our 4xx errors; anything else is passed on. */
export function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as FastifyError).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('too_large', MESSAGES.uploadTooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError('invalid_input', 'Send one file per upload.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('invalid_input', 'The upload has more form fields than it may.');
    case 'FST_PROTO_VIOLATION':
      return new AppError('invalid_input', 'A form field has a name that is not allowed.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('invalid_input', FILE_MESSAGES.notMultipart);
  }
  if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
    return new AppError('invalid_input', `The form data is not valid: ${error.message}.`);
  }
  return error;
}

/** The zod issues of the upload fields, shaped like the schema validation errors of every route. */
export function fieldsError(error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    field: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const first = issues[0]!;
  return new AppError('invalid_input', `Invalid ${first.field}: ${first.message}`, { issues });
}

/**
 * Reads a multipart body of form fields followed by one file (001 §3 File upload; issue 37): the fields
 * (at most `maxFields`, each UPLOAD_FIELD_BYTES_MAX) are checked with `schema` when the file starts,
 * then `store` takes the file (at most `maxBytes`, FILE_MAX_BYTES unless given; its stream must be read or
 * resumed). A part after
 * the file is refused, and then `discard` undoes what `store` kept.
 * @returns what `store` returned
 * @throws AppError invalid_input (fields not matching `schema`, no file, a part after the file, a
 *   malformed body), too_large, or what `store` throws; the parser's errors as `multipartError` says
 */
export async function readUpload<S extends z.ZodType, R>(
  request: FastifyRequest,
  {
    schema,
    maxFields,
    store,
    discard,
    maxBytes = FILE_MAX_BYTES,
  }: {
    schema: S;
    maxFields: number;
    maxBytes?: number;
    store: (file: MultipartFile, fields: z.output<S>) => Promise<R>;
    discard?: (stored: R) => Promise<unknown>;
  },
): Promise<R> {
  const fields: Record<string, string> = {};
  let stored: { value: R } | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: maxFields,
        fieldSize: UPLOAD_FIELD_BYTES_MAX,
        parts: maxFields + 1,
      },
    });
    for await (const part of parts) {
      if (stored) {
        if (part.type === 'file') part.file.resume();
        throw new AppError('invalid_input', FILE_MESSAGES.missingFile);
      }
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        part.file.resume();
        throw fieldsError(parsed.error);
      }
      stored = { value: await store(part, parsed.data) };
    }
  } catch (error) {
    if (stored && discard) await discard(stored.value);
    throw multipartError(error);
  }
  if (!stored) throw new AppError('invalid_input', FILE_MESSAGES.missingFile);
  return stored.value;
}
