/**
 * Admin endpoints of the identity area under /api/v1 (001 §6, issue 5). Permissions:
 * - users and claims, signing keys: CanManageOrganization (admins; DESIGN.md "Roles and claims")
 * - user import: CanImportUsers
 * - course invitations: CanInviteStudents (faculty and up)
 *
 * - GET    /admin/users                       ?q, pageToken → a page of users
 * - GET    /admin/users/:id                   roles, claim rows, claims in effect, permission flags
 * - PUT    /admin/users/:id/roles/:role       grant a role;  DELETE … remove it (not one's own admin role: 409)
 * - POST   /admin/users/:id/claims            grant a single claim; DELETE …/claims/:claimId remove it
 * - POST   /admin/user-import/preview         { rows } → the plan, nothing written
 * - POST   /admin/user-import                 { rows } → all or nothing: 400 with the invalid rows, else the plan done
 * - GET    /admin/signing-keys                the keys that verify (no secrets); POST …/rotate a new signing key
 * - GET    /courses/:courseId/invitations     invitations (the caller's own, all for organization managers)
 * - POST   /courses/:courseId/invitations     { emails } → invite students to a course
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  CourseInvitationRequestSchema,
  CourseInvitationsResponseSchema,
  GrantClaimRequestSchema,
  RoleSchema,
  UserImportPlanSchema,
  UserImportRequestSchema,
} from '@portal/shared/schemas/identity';
import { inviteStudents, listCourseInvitations } from './course-invitations.service.js';
import { planUserImport, runUserImport } from './user-import.service.js';
import { getUser, grantClaim, grantRole, listUsers, removeClaim, removeRole } from './users-admin.service.js';

const tags = ['identity'];
const UserParams = z.object({ id: UuidSchema });
const RoleParams = z.object({ id: UuidSchema, role: RoleSchema });
const ClaimParams = z.object({ id: UuidSchema, claimId: UuidSchema });
const CourseParams = z.object({ courseId: UuidSchema });
const SigningKeysSchema = z.object({
  items: z.array(
    z.object({
      kid: z.string(),
      source: z.enum(['database', 'environment']),
      createdAt: z.string().nullable(),
      retiresAt: z.string().nullable(),
      isSigning: z.boolean(),
    }),
  ),
});
/** A user import may hold USER_IMPORT_ROWS_MAX rows of long fields. */
const IMPORT_BODY_LIMIT = 4 * 1_048_576;

const identityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { onRequest: app.requirePermission('CanManageOrganization') };
  const importing = { onRequest: app.requirePermission('CanImportUsers'), bodyLimit: IMPORT_BODY_LIMIT };
  const inviting = { onRequest: app.requirePermission('CanInviteStudents') };
  const site = () => ({
    publicBaseUrl: app.config.publicBaseUrl,
    brand: app.config.brand,
    exerciseAreaUrl: app.config.rangeUiUrl,
  });

  app.get(
    '/admin/users',
    {
      ...manage,
      schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUsersResponseSchema }, tags },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/admin/users/:id',
    { ...manage, schema: { params: UserParams, response: { 200: AdminUserSchema }, tags } },
    async (request) => getUser(app.db, request.params.id),
  );

  app.put(
    '/admin/users/:id/roles/:role',
    { ...manage, schema: { params: RoleParams, response: { 200: AdminUserSchema }, tags } },
    async (request) => grantRole(app.db, request.params.id, request.params.role),
  );

  app.delete(
    '/admin/users/:id/roles/:role',
    { ...manage, schema: { params: RoleParams, response: { 200: AdminUserSchema }, tags } },
    async (request) =>
      removeRole(app.db, {
        session: request.session,
        accountId: request.params.id,
        role: request.params.role,
      }),
  );

  app.post(
    '/admin/users/:id/claims',
    {
      ...manage,
      schema: { params: UserParams, body: GrantClaimRequestSchema, response: { 200: AdminUserSchema }, tags },
    },
    async (request) => grantClaim(app.db, request.params.id, request.body),
  );

  app.delete(
    '/admin/users/:id/claims/:claimId',
    { ...manage, schema: { params: ClaimParams, response: { 200: AdminUserSchema }, tags } },
    async (request) => removeClaim(app.db, request.params.id, request.params.claimId),
  );

  app.post(
    '/admin/user-import/preview',
    {
      ...importing,
      schema: { body: UserImportRequestSchema, response: { 200: UserImportPlanSchema }, tags },
    },
    async (request) => planUserImport(app.db, request.session, request.body.rows),
  );

  app.post(
    '/admin/user-import',
    {
      ...importing,
      schema: { body: UserImportRequestSchema, response: { 200: UserImportPlanSchema }, tags },
    },
    async (request) => {
      const plan = await runUserImport(app.db, {
        site: site(),
        session: request.session,
        rows: request.body.rows,
      });
      request.log.info(
        { userImport: { by: request.session.accountId, counts: plan.counts } },
        'users imported',
      );
      return plan;
    },
  );

  app.get(
    '/admin/signing-keys',
    { ...manage, schema: { response: { 200: SigningKeysSchema }, tags } },
    async () => ({ items: await app.tokens.list() }),
  );

  app.post(
    '/admin/signing-keys/rotate',
    { ...manage, schema: { response: { 200: SigningKeysSchema }, tags } },
    async (request) => {
      const { kid } = await app.tokens.rotate();
      request.log.info({ kid, by: request.session.accountId }, 'signing key rotated');
      return { items: await app.tokens.list() };
    },
  );

  app.get(
    '/courses/:courseId/invitations',
    {
      ...inviting,
      schema: { params: CourseParams, response: { 200: CourseInvitationsResponseSchema }, tags },
    },
    async (request) => ({
      items: await listCourseInvitations(app.db, request.session, request.params.courseId),
    }),
  );

  app.post(
    '/courses/:courseId/invitations',
    {
      ...inviting,
      schema: {
        params: CourseParams,
        body: CourseInvitationRequestSchema,
        response: { 200: CourseInvitationsResponseSchema },
        tags,
      },
    },
    async (request) => ({
      items: await inviteStudents(app.db, {
        site: site(),
        session: request.session,
        courseId: request.params.courseId,
        emails: request.body.emails,
      }),
    }),
  );
};

export default identityAdminRoutes;
