/**
 * Contact and newsletter under /api/v1 (001 §2, §3, §5, §7 Newsletter client; issue 12):
 * - POST /contact                                 ContactRequest → 202 { isAccepted } (public)
 * - POST /newsletter/subscribers                  NewsletterSignupRequest → 202 { isAccepted } (public)
 * - POST /newsletter/confirm                      { token } → 200 { status } (public; 404 used link)
 * - POST /newsletter/unsubscribe                  { token } → 200 { status } (public; 404 used link)
 * - GET  /admin/newsletter/subscribers            → a page of subscribers (CanManageOrganization)
 * - GET  /admin/newsletter/subscribers/export     → text/csv of every subscriber (CanManageOrganization)
 * - GET  /support/options                         → SupportOptions (signed in)
 * - GET  /support/courses                         → a page of the caller's courses (signed in)
 * - POST /support                                 SupportRequest → 200 SupportResponse (signed in; 403
 *   for a topic the caller may not use, 404 for a course or organization not the caller's)
 * Public forms: 400 naming the field, 429 past the per-address limit; a filled trap field answers 202.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactRequestSchema,
  FormAcceptedSchema,
  NEWSLETTER_STATUSES,
  NewsletterSignupRequestSchema,
  NewsletterSubscribersQuerySchema,
  NewsletterSubscribersResponseSchema,
  NewsletterTokenRequestSchema,
  NewsletterTokenResponseSchema,
  SupportCoursesQuerySchema,
  SupportCoursesResponseSchema,
  SupportOptionsSchema,
  SupportRequestSchema,
  SupportResponseSchema,
} from '@portal/shared/schemas/forms';
import { PUBLIC, BEARER, errorResponses } from '../../lib/openapi.js';
import { sendContactRequest } from './contact.service.js';
import {
  confirmSubscription,
  exportNewsletterSubscribers,
  listNewsletterSubscribers,
  signUpForNewsletter,
  unsubscribe,
} from './newsletter.service.js';
import { getSupportOptions, listSupportCourses, sendSupportRequest } from './support.service.js';

const TAGS = ['forms'];

const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = () => ({ publicBaseUrl: app.config.publicBaseUrl, brand: app.config.brand });

  app.post(
    '/contact',
    {
      schema: {
        operationId: 'sendContactRequest',
        summary: 'Send a contact form message to the team',
        tags: TAGS,
        security: PUBLIC,
        body: ContactRequestSchema,
        response: { 202: FormAcceptedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const result = await sendContactRequest(app.db, {
        brand: app.config.brand,
        to: app.config.contactEmail,
        ip: request.ip,
        request: request.body,
      });
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/newsletter/subscribers',
    {
      schema: {
        operationId: 'createNewsletterSubscriber',
        summary: 'Sign up for the newsletter (a confirmation e-mail follows)',
        tags: TAGS,
        security: PUBLIC,
        body: NewsletterSignupRequestSchema,
        response: { 202: FormAcceptedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const result = await signUpForNewsletter(app.db, {
        site: site(),
        ip: request.ip,
        request: request.body,
      });
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        operationId: 'confirmNewsletterSubscription',
        summary: "Confirm a newsletter subscription with its e-mail link's token",
        tags: TAGS,
        security: PUBLIC,
        body: NewsletterTokenRequestSchema,
        response: { 200: NewsletterTokenResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => confirmSubscription(app.db, request.body.token),
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribeFromNewsletter',
        summary: "Unsubscribe from the newsletter with an e-mail's unsubscribe token",
        tags: TAGS,
        security: PUBLIC,
        body: NewsletterTokenRequestSchema,
        response: { 200: NewsletterTokenResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => unsubscribe(app.db, request.body.token),
  );

  app.get(
    '/admin/newsletter/subscribers',
    {
      onRequest: app.requirePermission('CanManageOrganization'),
      schema: {
        operationId: 'listNewsletterSubscribers',
        summary: 'List newsletter subscribers, newest first',
        tags: TAGS,
        security: BEARER,
        querystring: NewsletterSubscribersQuerySchema,
        response: { 200: NewsletterSubscribersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listNewsletterSubscribers(app.db, request.query),
  );

  app.get(
    '/admin/newsletter/subscribers/export',
    {
      onRequest: app.requirePermission('CanManageOrganization'),
      schema: {
        operationId: 'exportNewsletterSubscribers',
        summary: 'Export newsletter subscribers as CSV',
        tags: TAGS,
        security: BEARER,
        querystring: z.object({ status: z.enum(NEWSLETTER_STATUSES).optional() }),
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await exportNewsletterSubscribers(app.db, request.query.status);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(csv);
    },
  );

  const signedIn = app.requireSignedIn();

  app.get(
    '/support/options',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getSupportOptions',
        summary: "The support dialog's topics, the caller's organizations and whether it asks for an e-mail",
        tags: TAGS,
        security: BEARER,
        response: { 200: SupportOptionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => getSupportOptions(app.db, request.session),
  );

  app.get(
    '/support/courses',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listSupportCourses',
        summary: 'The courses the caller is on (taught or taken), by name',
        tags: TAGS,
        security: BEARER,
        querystring: SupportCoursesQuerySchema,
        response: { 200: SupportCoursesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listSupportCourses(app.db, request.session, request.query.pageToken),
  );

  app.post(
    '/support',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'sendSupportRequest',
        summary: "Send a support request to a course's instructors, an organization's admins or support",
        tags: TAGS,
        security: BEARER,
        body: SupportRequestSchema,
        response: { 200: SupportResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      sendSupportRequest(app.db, {
        session: request.session,
        supportEmail: app.config.supportEmail,
        request: request.body,
      }),
  );
};

export default formsRoutes;
