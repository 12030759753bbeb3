/**
 * The API document's entries of the identity routes (identity.routes.ts, identity-admin.routes.ts), keyed
 * by `METHOD /full/path` and merged into each route's schema when it is registered (lib/openapi.ts
 * `annotateRoutes`). The sign-in pages under /auth are HTML and not part of the document.
 */
import { z } from 'zod';
import { BEARER, OPTIONAL_BEARER, PUBLIC, type RouteDoc } from '../../lib/openapi.js';

const NO_CONTENT = { 204: z.null().describe('Done; no body.') };

export const IDENTITY_ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/v1/auth/token': {
    operationId: 'exchangeSignInCode',
    summary: 'Exchange a single-use sign-in code for an access token',
    security: PUBLIC,
    errors: [401, 429],
  },
  'POST /api/v1/auth/refresh': {
    operationId: 'refreshToken',
    summary: 'Get a new access token for the current session',
    security: BEARER,
    errors: [401, 403],
  },
  'POST /api/v1/auth/sso': {
    operationId: 'issueExerciseAreaCode',
    summary: 'Get a single-use code that signs the caller in to the exercise area',
    security: BEARER,
    errors: [401, 403],
  },
  'GET /api/v1/auth/session': {
    operationId: 'getSession',
    summary: "The caller's identity, claims in effect, permission flags and impersonator",
    security: BEARER,
    errors: [401],
  },
  'GET /api/v1/auth/claims': {
    operationId: 'listClaims',
    summary: "The caller's claims in effect (the entitlement endpoint)",
    security: BEARER,
    errors: [401],
  },
  'GET /api/v1/auth/messages': {
    operationId: 'listAccountMessages',
    summary: "The account menu's unread messages",
    security: BEARER,
    errors: [401],
  },
  'POST /api/v1/auth/messages/:id/read': {
    operationId: 'readAccountMessage',
    summary: 'Mark one of the caller’s messages read',
    security: BEARER,
    errors: [401, 404],
    success: NO_CONTENT,
  },
  'POST /api/v1/auth/impersonate': {
    operationId: 'impersonateUser',
    summary: 'Get a token acting as another user (logged with both identities)',
    security: BEARER,
    errors: [401, 403, 404, 409],
  },
  'POST /api/v1/client-errors': {
    operationId: 'reportClientError',
    summary: "Log an error of the browser's app",
    security: OPTIONAL_BEARER,
    errors: [401, 429],
    success: NO_CONTENT,
  },
  'GET /api/v1/admin/users': {
    operationId: 'listUsers',
    summary: 'A page of user accounts, searchable by name or e-mail',
    security: BEARER,
    errors: [401, 403],
  },
  'GET /api/v1/admin/users/:id': {
    operationId: 'getUser',
    summary: "A user's roles, claim rows, claims in effect and permission flags",
    security: BEARER,
    errors: [401, 403, 404],
  },
  'PUT /api/v1/admin/users/:id/roles/:role': {
    operationId: 'grantRole',
    summary: 'Grant a role to a user',
    security: BEARER,
    errors: [401, 403, 404],
  },
  'DELETE /api/v1/admin/users/:id/roles/:role': {
    operationId: 'removeRole',
    summary: "Remove a role from a user (not one's own admin role)",
    security: BEARER,
    errors: [401, 403, 404, 409],
  },
  'POST /api/v1/admin/users/:id/claims': {
    operationId: 'grantClaim',
    summary: 'Grant a single claim to a user',
    security: BEARER,
    errors: [401, 403, 404],
  },
  'DELETE /api/v1/admin/users/:id/claims/:claimId': {
    operationId: 'removeClaim',
    summary: "Remove one of a user's claims",
    security: BEARER,
    errors: [401, 403, 404],
  },
  'POST /api/v1/admin/user-import/preview': {
    operationId: 'previewUserImport',
    summary: 'What a user import would do, nothing written',
    security: BEARER,
    errors: [401, 403, 413],
  },
  'POST /api/v1/admin/user-import': {
    operationId: 'importUsers',
    summary: 'Import users, all or nothing',
    security: BEARER,
    errors: [401, 403, 413],
  },
  'GET /api/v1/admin/signing-keys': {
    operationId: 'listSigningKeys',
    summary: 'The keys that verify access tokens (no secrets)',
    security: BEARER,
    errors: [401, 403],
  },
  'POST /api/v1/admin/signing-keys/rotate': {
    operationId: 'rotateSigningKey',
    summary: 'Start signing with a new key',
    security: BEARER,
    errors: [401, 403],
  },
  'GET /api/v1/courses/:courseId/invitations': {
    operationId: 'listCourseInvitations',
    summary: "A course's invitations (the caller's own; all for organization managers)",
    security: BEARER,
    errors: [401, 403, 404],
  },
  'POST /api/v1/courses/:courseId/invitations': {
    operationId: 'inviteStudents',
    summary: 'Invite students to a course by e-mail',
    security: BEARER,
    errors: [401, 403, 404, 429],
  },
};
