/**
 * The API document's entries of the identity admin routes (identity-admin.routes.ts; auth.routes.ts declares its own inline), keyed
 * by `METHOD /full/path` and merged into each route's schema when it is registered (lib/openapi.ts
 * `annotateRoutes`). The sign-in pages under /auth are HTML and not part of the document.
 */
import { BEARER, type RouteDoc } from '../../lib/openapi.js';

export const IDENTITY_ROUTE_DOCS: Record<string, RouteDoc> = {
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
