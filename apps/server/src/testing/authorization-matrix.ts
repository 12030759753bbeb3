/**
 * The authorization matrix (OWASP A01, ASVS 8.2; issues 9 and 20): every route of the app × every kind
 * of caller → the answer it must get. `authorization-matrix.test.ts` walks the route table, calls
 * each route as each caller with the row's valid sample and checks the status class; a route of the
 * document with no row here fails the test, and so does a row whose route is gone.
 *
 * Adding a route is one entry: its key is `METHOD /path` with `{id}` parameters (`routeKey`),
 * `expect` lists the answers in the order of CALLERS, and `sample` gives a valid path and body (it may
 * create what the call consumes, e.g. an item to delete, so every caller gets a fresh one).
 *
 *   '2xx' success · '3xx' redirect · 400 refused alike for everyone (an unknown link) · 401 signed out ·
 *   403 signed in without the permission · 404 not visible to the caller
 *
 * The keys are the app's own route table (testing/route-table.ts, from Fastify's onRoute hook), so the
 * hidden routes — the sign-in pages, the API document and its viewer, the feed, env.json — have rows too.
 *
 * The second table, HIDDEN_CONTENT, lists for each caller which hidden items it must not see (404).
 */
import type { Role } from '@portal/shared/enums';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { PASSWORD, TEST_PKCE, type Tree } from './fixtures.js';
import type { PermissionFlags } from '@portal/shared/permissions';
import { addAccountMessage } from '../modules/identity/identity.service.js';
import { addSection } from '../modules/pages/page-sections.service.js';
import { listPageRevisions } from '../modules/pages/page-revisions.service.js';
import { updateContentStatus } from '../modules/courseware/courseware-write.service.js';
import { createPage, getPage } from '../modules/pages/pages.service.js';
import { insertIdentity, listIdentitiesOfAccount } from '../modules/lti/lti-identities.repository.js';
import { createPlatform } from '../modules/lti/lti-platforms.service.js';
import { httpsRegistration, insertDeepLinkingLaunch } from './lti-platform.js';
import { multipart } from './multipart.js';
import { zipOf } from './zip-of.js';

/** The callers of every row, in the order of `expect`. */
export const CALLERS = [
  'signedOut',
  'student',
  'faculty',
  'contenteditor',
  'admin',
  'impersonating',
] as const;
export type Caller = (typeof CALLERS)[number];
/** The role whose account a caller uses; `impersonating` is an admin acting as a student. */
export const CALLER_ROLE: Record<Exclude<Caller, 'signedOut'>, Role> = {
  student: 'student',
  faculty: 'faculty',
  contenteditor: 'contenteditor',
  admin: 'admin',
  impersonating: 'student',
};

export type Expected = '2xx' | '3xx' | 400 | 401 | 403 | 404;
type Row6 = readonly [Expected, Expected, Expected, Expected, Expected, Expected];

/** What a sample may use: the app, the test tree, the accounts and helpers that make fresh things. */
export interface MatrixFixtures {
  app: FastifyInstance;
  tree: Tree;
  accounts: Record<Role, string>;
  /** A new published item under the module (to change, delete or bundle). */
  newItem(): Promise<{ id: string; version: number }>;
  /** A new public image file of the lab (to delete). */
  newFile(): Promise<string>;
  /** A single-use sign-in code of the student, from the sign-in form, minted for TEST_PKCE. */
  signInCode(): Promise<string>;
  /** The portal's own origin (PUBLIC_BASE_URL), which sign-in form posts must come from. */
  origin: string;
  /** A new private courseware file of the lab. */
  newPrivateFile(): Promise<string>;
  /** Live bearer headers of the admin and the faculty member (rows that set something up first). */
  adminHeaders(): Record<string, string>;
  facultyHeaders(): Record<string, string>;
  /** A multipart upload body of a small PDF for the lab. */
  upload(): { payload: Readable; headers: Record<string, string> };
  /** The full editable body of an item (for PUT /content/{id}). */
  updateBody(id: string): Promise<Record<string, unknown>>;
}

export interface Sample {
  url: string;
  body?: unknown;
  /** Extra request headers (e.g. the `Origin` a sign-in form post needs). */
  headers?: Record<string, string>;
  /** A streamed body with its own headers (multipart). */
  stream?: { payload: Readable; headers: Record<string, string> };
}

export interface MatrixRow {
  /** signed out, student, faculty, content editor, admin, impersonating admin (acting as a student). */
  expect: Row6;
  sample: (f: MatrixFixtures, caller: Caller) => Sample | Promise<Sample>;
  /** The call ends sessions (logout): every caller signs in afresh before its own call. */
  endsSessions?: boolean;
}

/** Everyone gets it. */
const ANYONE: Row6 = ['2xx', '2xx', '2xx', '2xx', '2xx', '2xx'];
/** Everyone is sent on (a redirect). */
const ANYONE_REDIRECTED: Row6 = ['3xx', '3xx', '3xx', '3xx', '3xx', '3xx'];
/** An unknown e-mailed link: refused alike for everyone. */
const UNKNOWN_LINK: Row6 = [400, 400, 400, 400, 400, 400];
/** Any signed-in caller. */
const SIGNED_IN: Row6 = [401, '2xx', '2xx', '2xx', '2xx', '2xx'];
/** Faculty and up (files, lessons, feedback, invitations, the exercise area). */
const FACULTY: Row6 = [401, 403, '2xx', '2xx', '2xx', 403];
/** Content editors and admins (courseware writes). */
const EDITOR: Row6 = [401, 403, 403, '2xx', '2xx', 403];
/** Admins only (users, claims, keys, the outbox, imports, impersonation). */
const ADMIN: Row6 = [401, 403, 403, 403, '2xx', 403];

const V1 = '/api/v1';

let pagesMade = 0;
/**
 * A fresh published page (with one section when `withSection`) for one call: its id, link, version
 * and first section's id.
 */
async function newPage(f: MatrixFixtures, withSection = false) {
  pagesMade += 1;
  const author = { accountId: null, identity: null };
  let made = await createPage(f.app.db, author, {
    title: `Matrix page ${pagesMade}`,
    status: 'published',
    description: 'A page made for one call.',
    href: `/matrix-page-${pagesMade}`,
    parentId: null,
    layoutName: 'handSortedList',
  });
  if (withSection) {
    made = await addSection(f.app.db, {
      fileStore: f.app.fileStore,
      author,
      pageId: made.id,
      input: { key: null, widgets: [{ kind: 'calloutBox', text: 'Made for one call.' }] },
    });
  }
  return { id: made.id, href: made.href, version: made.version, sectionId: made.sections[0]?.id };
}
/** A registered platform of its own for one call (to change or delete): its id. */
async function ltiPlatformId(f: MatrixFixtures, clientId: string): Promise<string> {
  const registration = httpsRegistration(`${clientId}-${Math.random().toString(36).slice(2)}`);
  return (await createPlatform(f.app.db, registration, { allowLoopbackHttp: false })).id;
}

/** The query of a login initiation from a registered platform (made once per caller). */
async function ltiLoginQuery(f: MatrixFixtures, caller: Caller): Promise<string> {
  const registration = httpsRegistration(`login-${caller}-${Math.random().toString(36).slice(2)}`);
  await createPlatform(f.app.db, registration, { allowLoopbackHttp: false });
  return new URLSearchParams({
    iss: registration.issuer,
    client_id: registration.clientId,
    login_hint: 'matrix-user',
    target_link_uri: `${f.origin}/courseware`,
  }).toString();
}

/** An LMS link of an account, to a platform of its own (to list or unlink). */
async function ltiIdentityOf(f: MatrixFixtures, accountId: string): Promise<string> {
  const platformId = await ltiPlatformId(f, 'identity');
  await insertIdentity(f.app.db, {
    platformId,
    subject: `matrix-${accountId}`,
    accountId,
    email: null,
    now: new Date(),
  });
  const [found] = await listIdentitiesOfAccount(f.app.db, accountId);
  return found!.id;
}

/**
 * A zip of a one-folder course (a course import's package) of its own package id, so that imports made
 * for different callers never wait for each other (one import of a package runs at a time).
 */
async function importPackage(): Promise<Buffer> {
  const id = `matrix-${Math.random().toString(36).slice(2)}`;
  return zipOf({ 'matrix-course/README.md': `---\nid: ${id}\nlicense: MIT\n---\n# Matrix course\n` });
}
/** A multipart body of the import package. */
async function importUpload() {
  return multipart(
    {},
    { filename: 'matrix-course.zip', contentType: 'application/zip', content: await importPackage() },
  );
}
/** A fresh previewed course import (uploaded by the admin) for one call: its id. */
async function newImportPreview(f: MatrixFixtures): Promise<string> {
  const body = await importUpload();
  const res = await f.app.inject({
    method: 'POST',
    url: `${V1}/courseware-imports`,
    payload: body.payload,
    headers: { ...body.headers, ...f.adminHeaders() },
  });
  if (res.statusCode !== 201) throw new Error(`import preview: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** The account of a caller (signed out: the student's). */
const accountOfCaller = (f: MatrixFixtures, caller: Caller) =>
  f.accounts[caller === 'signedOut' ? 'student' : CALLER_ROLE[caller]];

/** An open deep-linking launch of the caller's account (signed out: the student's). */
function ltiLaunchOf(f: MatrixFixtures, caller: Caller): Promise<string> {
  const role = caller === 'signedOut' ? 'student' : CALLER_ROLE[caller];
  return insertDeepLinkingLaunch(f.app.db, f.accounts[role]);
}

/** A new item with two revisions: as made (1), and unlisted by an admin (2). */
async function revisedItem(f: MatrixFixtures): Promise<string> {
  const { id, version } = await f.newItem();
  await updateContentStatus(f.app.db, {
    actor: {
      accountId: f.accounts.admin,
      permissions: { CanUpdateContent: true, CanViewArchivedContent: true },
    },
    id,
    input: { status: 'unlisted', version },
  });
  return id;
}

const SECTION_BODY = { key: null, widgets: [{ kind: 'heading', text: 'Matrix heading' }] };

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  // Pages outside the JSON API (hidden from the API document; anyone may read them)
  'GET /api/openapi.json': { expect: ANYONE, sample: () => ({ url: '/api/openapi.json' }) },
  'GET /api/docs': { expect: ANYONE, sample: () => ({ url: '/api/docs' }) },
  'HEAD /api/docs/': { expect: ANYONE, sample: () => ({ url: '/api/docs/' }) },
  'GET /api/docs/static/index.html': {
    expect: ANYONE_REDIRECTED,
    sample: () => ({ url: '/api/docs/static/index.html' }),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: ANYONE,
    sample: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/static/*': { expect: ANYONE, sample: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/docs/json': { expect: ANYONE, sample: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { expect: ANYONE, sample: () => ({ url: '/api/docs/yaml' }) },
  'GET /dist/env.json': { expect: ANYONE, sample: () => ({ url: '/dist/env.json' }) },
  // Search engines (issue 22): published addresses only, the same for everyone; the sitemap has parts
  // only past 50,000 addresses, so its first part is 404 here (seo.test.ts covers the paging).
  'GET /robots.txt': { expect: ANYONE, sample: () => ({ url: '/robots.txt' }) },
  'GET /sitemap.xml': { expect: ANYONE, sample: () => ({ url: '/sitemap.xml' }) },
  'GET /sitemap/{part}': {
    expect: [404, 404, 404, 404, 404, 404],
    sample: () => ({ url: '/sitemap/1.xml' }),
  },
  // Operations (issue 23): health and ready answer anyone (ready: this app's worker has beaten); /metrics
  // reads METRICS_TOKEN, not a session, and is 404 here where it is unset (operations.test.ts covers the
  // token: 401 without it or with a wrong one, 200 with it).
  'GET /api/health': { expect: ANYONE, sample: () => ({ url: '/api/health' }) },
  'GET /api/ready': { expect: ANYONE, sample: () => ({ url: '/api/ready' }) },
  'GET /metrics': { expect: [404, 404, 404, 404, 404, 404], sample: () => ({ url: '/metrics' }) },
  'GET /auth/login': {
    // The page of a sign-in the app started (with its PKCE challenge); without one it is sent to /login.
    expect: ANYONE,
    sample: () => ({
      url: `/auth/login?redirect=/courseware&code_challenge=${TEST_PKCE.challenge}&code_challenge_method=S256`,
    }),
  },
  'POST /auth/login': {
    // A good password is sent back to the portal with a sign-on code, whoever else is signed in.
    expect: ANYONE_REDIRECTED,
    sample: (f) => ({
      url: '/auth/login',
      headers: { origin: f.origin },
      body: { email: 'student@test.example.edu', password: PASSWORD, redirect: '/courseware' },
    }),
  },
  'GET /auth/signup': { expect: ANYONE, sample: () => ({ url: '/auth/signup' }) },
  'POST /auth/signup': {
    expect: ANYONE,
    sample: (f, caller) => ({
      url: '/auth/signup',
      headers: { origin: f.origin },
      body: {
        displayName: `Matrix ${caller}`,
        email: `signup.${caller}.${Date.now()}@example.edu`,
        password: 'a-long-matrix-password',
        confirmPassword: 'a-long-matrix-password',
      },
    }),
  },
  'GET /auth/verify-email': {
    // The page only shows a button (a mail scanner's GET confirms nothing); its POST checks the link.
    expect: ANYONE,
    sample: () => ({ url: '/auth/verify-email?token=unknown-matrix-token' }),
  },
  'POST /auth/verify-email': {
    // An unknown link is refused alike, signed in or not.
    expect: UNKNOWN_LINK,
    sample: (f) => ({
      url: '/auth/verify-email',
      headers: { origin: f.origin },
      body: { token: 'unknown-matrix-token' },
    }),
  },
  'GET /auth/forgot-password': { expect: ANYONE, sample: () => ({ url: '/auth/forgot-password' }) },
  'POST /auth/forgot-password': {
    expect: ANYONE,
    // An address per caller: resets are limited per address.
    sample: (f, caller) => ({
      url: '/auth/forgot-password',
      headers: { origin: f.origin },
      body: { email: `nobody.${caller}@example.edu` },
    }),
  },
  'GET /auth/reset-password': {
    expect: UNKNOWN_LINK,
    sample: () => ({ url: '/auth/reset-password?token=unknown-matrix-token' }),
  },
  'POST /auth/reset-password': {
    expect: UNKNOWN_LINK,
    sample: (f) => ({
      url: '/auth/reset-password',
      headers: { origin: f.origin },
      body: {
        token: 'unknown-matrix-token',
        password: 'a-long-matrix-password',
        confirmPassword: 'a-long-matrix-password',
      },
    }),
  },

  // Identity
  'POST /api/v1/auth/token': {
    expect: ANYONE,
    sample: async (f) => ({
      url: `${V1}/auth/token`,
      body: { code: await f.signInCode(), code_verifier: TEST_PKCE.verifier },
    }),
  },
  'POST /api/v1/auth/refresh': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/auth/refresh` }) },
  'POST /api/v1/auth/sso': { expect: FACULTY, sample: () => ({ url: `${V1}/auth/sso` }) },
  'POST /api/v1/auth/logout': {
    // Ends every session of the account (an impersonating admin ends the admin's own).
    expect: SIGNED_IN,
    sample: () => ({ url: `${V1}/auth/logout` }),
    endsSessions: true,
  },
  'GET /api/v1/auth/session': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/auth/session` }) },
  'GET /api/v1/auth/claims': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/auth/claims` }) },
  'GET /api/v1/auth/messages': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/auth/messages` }) },
  'POST /api/v1/auth/messages/{id}/read': {
    // Reading a message that is not the caller's is a 404 (here: no such message).
    expect: [401, 404, 404, 404, 404, 404],
    sample: (f) => ({ url: `${V1}/auth/messages/${f.tree.lab}/read` }),
  },
  'POST /api/v1/auth/impersonate': {
    expect: ADMIN,
    sample: (f) => ({ url: `${V1}/auth/impersonate`, body: { accountId: f.accounts.faculty } }),
  },
  'POST /api/v1/client-errors': {
    expect: ANYONE,
    sample: () => ({
      url: `${V1}/client-errors`,
      body: { code: 'internal', message: 'Matrix check', url: 'http://localhost/courseware' },
    }),
  },
  'GET /api/v1/admin/users': { expect: ADMIN, sample: () => ({ url: `${V1}/admin/users` }) },
  'GET /api/v1/admin/users/{id}': {
    expect: ADMIN,
    sample: (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}` }),
  },
  'PUT /api/v1/admin/users/{id}/roles/{role}': {
    expect: ADMIN,
    sample: (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}/roles/faculty` }),
  },
  'DELETE /api/v1/admin/users/{id}/roles/{role}': {
    // Removing a role the account does not have changes nothing.
    expect: ADMIN,
    sample: (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}/roles/contenteditor` }),
  },
  'POST /api/v1/admin/users/{id}/claims': {
    expect: ADMIN,
    sample: (f) => ({
      url: `${V1}/admin/users/${f.accounts.faculty}/claims`,
      body: { type: 'submit-abstract', value: 'true' },
    }),
  },
  'DELETE /api/v1/admin/users/{id}/claims/{claimId}': {
    // A claim id the user does not have: 404 for whoever may manage users.
    expect: [401, 403, 403, 403, 404, 403],
    sample: (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}/claims/${f.tree.lab}` }),
  },
  'POST /api/v1/admin/user-import/preview': {
    expect: ADMIN,
    sample: () => ({
      url: `${V1}/admin/user-import/preview`,
      body: { rows: [{ name: 'Ada Student', email: 'ada.matrix@example.edu', role: 'student' }] },
    }),
  },
  'POST /api/v1/admin/user-import': {
    expect: ADMIN,
    sample: () => ({
      url: `${V1}/admin/user-import`,
      body: { rows: [{ name: 'Ada Student', email: 'ada.matrix@example.edu', role: 'student' }] },
    }),
  },
  // LTI 1.3 tool (issue 26). The protocol's endpoints are public by design: the platform and a browser
  // without a portal session call them; each proves itself otherwise (a registered issuer and client id,
  // a single-use state and nonce, an id token signed by the platform's key, single-use hand-off and
  // return secrets). Unknown secrets are refused alike for everyone (lti.test.ts covers valid ones).
  'GET /.well-known/jwks.json': { expect: ANYONE, sample: () => ({ url: '/.well-known/jwks.json' }) },
  'GET /lti/login': {
    expect: ANYONE_REDIRECTED,
    sample: async (f, caller) => ({ url: `/lti/login?${await ltiLoginQuery(f, caller)}` }),
  },
  'POST /lti/login': {
    expect: ANYONE_REDIRECTED,
    sample: async (f, caller) => ({
      url: '/lti/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: await ltiLoginQuery(f, caller),
    }),
  },
  'POST /lti/launch': {
    expect: UNKNOWN_LINK,
    sample: () => ({
      url: '/lti/launch',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id_token=not-a-token&state=unknown-matrix-state',
    }),
  },
  'GET /lti/sign-on': {
    expect: UNKNOWN_LINK,
    sample: () => ({
      url: `/lti/sign-on?launch=unknown-matrix-launch&code_challenge=${TEST_PKCE.challenge}&code_challenge_method=S256`,
    }),
  },
  'GET /lti/return': { expect: UNKNOWN_LINK, sample: () => ({ url: '/lti/return?t=unknown-matrix-return' }) },
  'GET /lti/auto-submit.js': { expect: ANYONE, sample: () => ({ url: '/lti/auto-submit.js' }) },
  // Proving the account a launch names (issue 33): the launch's single-use hand-off secret, or the
  // e-mailed link's, is the only key; lti-identity.test.ts covers valid ones.
  'GET /lti/link': {
    expect: UNKNOWN_LINK,
    sample: () => ({ url: '/lti/link?launch=unknown-matrix-launch' }),
  },
  'POST /lti/link': {
    expect: UNKNOWN_LINK,
    sample: () => ({
      url: '/lti/link',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'launch=unknown-matrix-launch&password=guess',
    }),
  },
  'POST /lti/link/email': {
    expect: UNKNOWN_LINK,
    sample: () => ({
      url: '/lti/link/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'launch=unknown-matrix-launch',
    }),
  },
  'GET /lti/link/confirm': {
    expect: UNKNOWN_LINK,
    sample: () => ({ url: '/lti/link/confirm?t=unknown-matrix-link' }),
  },
  'POST /lti/link/confirm': {
    expect: UNKNOWN_LINK,
    sample: () => ({
      url: '/lti/link/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 't=unknown-matrix-link',
    }),
  },
  // A person's own LMS links (issue 33).
  'GET /api/v1/lti/identities': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/lti/identities` }) },
  'DELETE /api/v1/lti/identities/{identityId}': {
    expect: SIGNED_IN,
    sample: async (f, caller) => ({
      url: `${V1}/lti/identities/${await ltiIdentityOf(f, accountOfCaller(f, caller))}`,
    }),
  },
  // The picker's API: the launching user's own launch only (an admin acting as a user has none).
  'GET /api/v1/lti/deep-linking/{launchId}': {
    expect: [401, '2xx', '2xx', '2xx', '2xx', 404],
    sample: async (f, caller) => ({ url: `${V1}/lti/deep-linking/${await ltiLaunchOf(f, caller)}` }),
  },
  'POST /api/v1/lti/deep-linking/{launchId}/response': {
    expect: [401, '2xx', '2xx', '2xx', '2xx', 404],
    sample: async (f, caller) => ({
      url: `${V1}/lti/deep-linking/${await ltiLaunchOf(f, caller)}/response`,
      body: { contentIds: [f.tree.lab] },
    }),
  },
  'GET /api/v1/admin/lti/platforms': { expect: ADMIN, sample: () => ({ url: `${V1}/admin/lti/platforms` }) },
  'POST /api/v1/admin/lti/platforms': {
    expect: ADMIN,
    sample: (_f, caller) => ({
      url: `${V1}/admin/lti/platforms`,
      body: httpsRegistration(`matrix-${caller}`),
    }),
  },
  'PUT /api/v1/admin/lti/platforms/{id}': {
    expect: ADMIN,
    sample: async (f, caller) => ({
      url: `${V1}/admin/lti/platforms/${await ltiPlatformId(f, `put-${caller}`)}`,
      body: httpsRegistration(`put-${caller}`),
    }),
  },
  'DELETE /api/v1/admin/lti/platforms/{id}': {
    expect: ADMIN,
    sample: async (f, caller) => ({
      url: `${V1}/admin/lti/platforms/${await ltiPlatformId(f, `delete-${caller}`)}`,
    }),
  },
  'GET /api/v1/admin/lti/keys': { expect: ADMIN, sample: () => ({ url: `${V1}/admin/lti/keys` }) },
  'GET /api/v1/admin/lti/users/{accountId}/identities': {
    expect: ADMIN,
    sample: (f) => ({ url: `${V1}/admin/lti/users/${f.accounts.faculty}/identities` }),
  },
  'DELETE /api/v1/admin/lti/users/{accountId}/identities/{identityId}': {
    expect: ADMIN,
    sample: async (f) => ({
      url: `${V1}/admin/lti/users/${f.accounts.faculty}/identities/${await ltiIdentityOf(f, f.accounts.faculty)}`,
    }),
  },
  'POST /api/v1/admin/lti/keys/rotate': {
    expect: ADMIN,
    sample: () => ({ url: `${V1}/admin/lti/keys/rotate` }),
  },
  'GET /api/v1/admin/signing-keys': { expect: ADMIN, sample: () => ({ url: `${V1}/admin/signing-keys` }) },
  'POST /api/v1/admin/signing-keys/rotate': {
    expect: ADMIN,
    sample: () => ({ url: `${V1}/admin/signing-keys/rotate` }),
  },
  'GET /api/v1/courses/{courseId}/invitations': {
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/courses/${f.tree.course}/invitations` }),
  },
  'POST /api/v1/courses/{courseId}/invitations': {
    expect: FACULTY,
    sample: (f, caller) => ({
      url: `${V1}/courses/${f.tree.course}/invitations`,
      body: { emails: [`invited.${caller}@example.edu`] },
    }),
  },
  'GET /api/v1/admin/outbox': { expect: ADMIN, sample: () => ({ url: `${V1}/admin/outbox` }) },

  // Courseware: reading (visibility by status is the HIDDEN_CONTENT table below)
  'GET /api/v1/content/search': { expect: ANYONE, sample: () => ({ url: `${V1}/content/search?q=xss` }) },
  'GET /api/v1/content': {
    expect: ANYONE,
    sample: () => ({ url: `${V1}/content` }),
  },
  'GET /api/v1/content/{id}': { expect: ANYONE, sample: (f) => ({ url: `${V1}/content/${f.tree.lab}` }) },
  'GET /api/v1/content/{id}/files': {
    expect: ANYONE,
    sample: (f) => ({ url: `${V1}/content/${f.tree.lab}/files` }),
  },
  'GET /api/v1/knowledge': { expect: ANYONE, sample: () => ({ url: `${V1}/knowledge` }) },
  'GET /api/v1/work-roles': { expect: ANYONE, sample: () => ({ url: `${V1}/work-roles` }) },
  'GET /api/v1/coverage': { expect: ANYONE, sample: () => ({ url: `${V1}/coverage` }) },
  'GET /api/v1/coverage/export': { expect: ANYONE, sample: () => ({ url: `${V1}/coverage/export` }) },
  'GET /api/v1/coverage/work-roles/{id}/gaps': {
    expect: ANYONE,
    sample: () => ({ url: `${V1}/coverage/work-roles/PD-WRL-007/gaps` }),
  },
  'GET /api/v1/contributors': { expect: ANYONE, sample: () => ({ url: `${V1}/contributors` }) },

  // Courseware: writing
  'POST /api/v1/content': {
    expect: EDITOR,
    sample: (_f, caller) => ({
      url: `${V1}/content`,
      body: { name: `Matrix course by ${caller}`, description: '<p>About it.</p>' },
    }),
  },
  'PUT /api/v1/content/{id}': {
    expect: EDITOR,
    sample: async (f) => {
      const { id } = await f.newItem();
      return { url: `${V1}/content/${id}`, body: await f.updateBody(id) };
    },
  },
  'DELETE /api/v1/content/{id}': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/content/${(await f.newItem()).id}` }),
  },
  'PATCH /api/v1/content/{id}/status': {
    expect: EDITOR,
    sample: async (f) => {
      const { id, version } = await f.newItem();
      return { url: `${V1}/content/${id}/status`, body: { status: 'unlisted', version } };
    },
  },
  'GET /api/v1/content/{id}/descendant-count': {
    expect: EDITOR,
    sample: (f) => ({ url: `${V1}/content/${f.tree.module}/descendant-count` }),
  },
  'POST /api/v1/contributors': {
    expect: EDITOR,
    sample: (_f, caller) => ({
      url: `${V1}/contributors`,
      body: { firstName: 'Ada', lastName: caller, school: 'Matrix School', email: `${caller}@example.edu` },
    }),
  },
  'PUT /api/v1/contributors/{id}': {
    expect: EDITOR,
    sample: (f) => ({
      url: `${V1}/contributors/${f.tree.contributorId}`,
      body: { firstName: 'Grace', lastName: 'Hopper', school: 'Test University', email: 'grace@example.edu' },
    }),
  },

  // Files, bundles, lessons, feedback
  'POST /api/v1/files': { expect: EDITOR, sample: (f) => ({ url: `${V1}/files`, stream: f.upload() }) },
  'GET /api/v1/files/{id}': { expect: FACULTY, sample: (f) => ({ url: `${V1}/files/${f.tree.fileId}` }) },
  'DELETE /api/v1/files/{id}': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/files/${await f.newFile()}` }),
  },
  'PUT /api/v1/files/{id}/content': {
    expect: EDITOR,
    sample: async (f) => ({
      url: `${V1}/files/${await f.newPrivateFile()}/content`,
      stream: multipart(
        {},
        {
          filename: 'handout.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.4\n%%EOF\n'),
        },
      ),
    }),
  },
  'GET /api/v1/files/{id}/download-url': {
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/files/${f.tree.fileId}/download-url?from=${f.tree.lab}` }),
  },
  'GET /api/v1/files/{id}/content': {
    // A private file's bytes need its signed link (from download-url): without one, 403 for everyone.
    expect: [403, 403, 403, 403, 403, 403],
    sample: (f) => ({ url: `${V1}/files/${f.tree.fileId}/content` }),
  },
  'GET /api/v1/files/{id}/preview': {
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/files/${f.tree.fileId}/preview` }),
  },
  'GET /api/v1/files/{id}/preview/content': {
    // Without a signed link the session decides, as for the download: a preview is not a way around it.
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/files/${f.tree.fileId}/preview/content` }),
  },
  'POST /api/v1/content/{id}/bundle': {
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/content/${f.tree.module}/bundle` }),
  },
  'POST /api/v1/content/{id}/cartridge': {
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/content/${f.tree.module}/cartridge` }),
  },
  'GET /api/v1/lessons': {
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/lessons?contentId=${f.tree.lab}` }),
  },
  'GET /api/v1/lessons/{id}': {
    // No lesson has this id: 404 once the permission is there.
    expect: [401, 403, 404, 404, 404, 403],
    sample: (f) => ({ url: `${V1}/lessons/${f.tree.lab}` }),
  },
  // Suggested alignments for curators (issue 25)
  'GET /api/v1/content/{id}/alignment-suggestions': {
    expect: EDITOR,
    sample: (f) => ({ url: `${V1}/content/${f.tree.lab}/alignment-suggestions` }),
  },
  'POST /api/v1/content/{id}/alignment-decisions': {
    expect: EDITOR,
    sample: (f) => ({
      url: `${V1}/content/${f.tree.lab}/alignment-decisions`,
      body: { knowledgeId: 'tks-T0001', decision: 'rejected', score: 0.5, rank: 1 },
    }),
  },
  'GET /api/v1/content/{id}/revisions': {
    expect: FACULTY,
    sample: async (f) => ({ url: `${V1}/content/${await revisedItem(f)}/revisions` }),
  },
  'GET /api/v1/content/{id}/revisions/diff': {
    expect: FACULTY,
    sample: async (f) => ({ url: `${V1}/content/${await revisedItem(f)}/revisions/diff?from=1&to=2` }),
  },
  'POST /api/v1/content/{id}/revisions/{version}/restore': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/content/${await revisedItem(f)}/revisions/1/restore` }),
  },
  'POST /api/v1/content/{id}/feedback': {
    expect: FACULTY,
    sample: (f) => ({ url: `${V1}/content/${f.tree.lab}/feedback`, body: { message: 'A typo in step 2.' } }),
  },
  // Follows (issue 37): the caller's own follows and digest; the unsubscribe link needs no sign-in
  'GET /api/v1/content/{id}/follow': {
    expect: SIGNED_IN,
    sample: (f) => ({ url: `${V1}/content/${f.tree.lab}/follow` }),
  },
  'PUT /api/v1/content/{id}/follow': {
    expect: SIGNED_IN,
    sample: (f) => ({ url: `${V1}/content/${f.tree.lab}/follow` }),
  },
  'DELETE /api/v1/content/{id}/follow': {
    expect: SIGNED_IN,
    sample: (f) => ({ url: `${V1}/content/${f.tree.lab}/follow` }),
  },
  'POST /api/v1/courseware-imports': {
    expect: EDITOR,
    sample: async () => ({ url: `${V1}/courseware-imports`, stream: await importUpload() }),
  },
  'GET /api/v1/courseware-imports': { expect: EDITOR, sample: () => ({ url: `${V1}/courseware-imports` }) },
  'GET /api/v1/courseware-imports/{id}': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/courseware-imports/${await newImportPreview(f)}` }),
  },
  'POST /api/v1/courseware-imports/{id}/start': {
    expect: EDITOR,
    sample: async (f) => ({
      url: `${V1}/courseware-imports/${await newImportPreview(f)}/start`,
      body: { acceptWarnings: true },
    }),
  },
  'POST /api/v1/courseware-imports/{id}/cancel': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/courseware-imports/${await newImportPreview(f)}/cancel` }),
  },
  'DELETE /api/v1/courseware-imports/{id}': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/courseware-imports/${await newImportPreview(f)}` }),
  },
  'GET /api/v1/account/follows': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/account/follows` }) },
  'GET /api/v1/account/downloads': { expect: FACULTY, sample: () => ({ url: `${V1}/account/downloads` }) },
  'GET /api/v1/account/follow-digest': {
    expect: SIGNED_IN,
    sample: () => ({ url: `${V1}/account/follow-digest` }),
  },
  'PUT /api/v1/account/follow-digest': {
    expect: SIGNED_IN,
    sample: () => ({ url: `${V1}/account/follow-digest`, body: { frequency: 'daily' } }),
  },
  'POST /api/v1/follows/unsubscribe': {
    expect: UNKNOWN_LINK,
    sample: () => ({ url: `${V1}/follows/unsubscribe?token=unknown.token` }),
  },
  'POST /api/v1/admin/users/{id}/follow-digest': {
    expect: ADMIN,
    sample: (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}/follow-digest` }),
  },
  // Site: flags and unsafe-site incidents
  'GET /api/v1/site/settings': { expect: ADMIN, sample: () => ({ url: `${V1}/site/settings` }) },
  'PUT /api/v1/site/settings': {
    expect: ADMIN,
    sample: () => ({ url: `${V1}/site/settings`, body: { flags: { jobs: true } } }),
  },
  'POST /api/v1/site/unsafe-site-incidents': {
    expect: ANYONE,
    sample: () => ({
      url: `${V1}/site/unsafe-site-incidents`,
      body: { address: 'http://blocked.example/game' },
    }),
  },
  'GET /api/v1/site/unsafe-site-incidents': {
    expect: ADMIN,
    sample: () => ({ url: `${V1}/site/unsafe-site-incidents` }),
  },

  // Statistics and business units
  'GET /api/v1/statistics/metrics': { expect: EDITOR, sample: () => ({ url: `${V1}/statistics/metrics` }) },
  'GET /api/v1/statistics/{category}/{metric}/buckets': {
    expect: EDITOR,
    sample: () => ({
      url: `${V1}/statistics/contentfiledownload/downloads/buckets?from=2026-01-01&to=2026-02-01&timeZone=UTC`,
    }),
  },
  'GET /api/v1/statistics/{category}/raw': {
    expect: EDITOR,
    sample: () => ({
      url: `${V1}/statistics/contentfiledownload/raw?from=2026-01-01&to=2026-02-01&timeZone=UTC`,
    }),
  },
  'GET /api/v1/statistics/{category}/export': {
    expect: EDITOR,
    sample: () => ({
      url: `${V1}/statistics/contentfiledownload/export?from=2026-01-01&to=2026-02-01&timeZone=UTC`,
    }),
  },
  'GET /api/v1/organizations': { expect: ADMIN, sample: () => ({ url: `${V1}/organizations` }) },
  'POST /api/v1/organizations': {
    expect: ADMIN,
    sample: (_f, caller) => ({
      url: `${V1}/organizations`,
      body: { name: `Matrix School ${caller}`, category: 'k12', region: 'Ohio' },
    }),
  },
  'GET /api/v1/admin/users/{id}/organization': {
    expect: ADMIN,
    sample: (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}/organization` }),
  },
  'PUT /api/v1/admin/users/{id}/organization': {
    expect: ADMIN,
    sample: (f) => ({
      url: `${V1}/admin/users/${f.accounts.faculty}/organization`,
      body: { organizationId: null },
    }),
  },

  // Contact and newsletter (public forms; the admin list and export)
  'POST /api/v1/contact': {
    expect: ANYONE,
    sample: () => ({
      url: `${V1}/contact`,
      body: {
        name: 'Ada',
        email: 'ada@example.edu',
        organization: 'Matrix School',
        topic: 'Request a Demo',
        subject: 'A question',
        message: 'May we see the range?',
      },
    }),
  },
  'POST /api/v1/newsletter/subscribers': {
    expect: ANYONE,
    sample: (_f, caller) => ({
      url: `${V1}/newsletter/subscribers`,
      body: {
        emailAddress: `${caller}.reader@example.org`,
        firstName: 'Ada',
        lastName: 'Reader',
        organization: 'Matrix School',
        jobTitle: 'Teacher',
        emailFormat: 'HTML',
      },
    }),
  },
  'POST /api/v1/newsletter/confirm': {
    // No subscriber has this key: 404 for everyone (the link needs no sign-in).
    expect: [404, 404, 404, 404, 404, 404],
    sample: () => ({ url: `${V1}/newsletter/confirm`, body: { token: 'unknowntoken' } }),
  },
  'POST /api/v1/newsletter/unsubscribe': {
    expect: [404, 404, 404, 404, 404, 404],
    sample: () => ({ url: `${V1}/newsletter/unsubscribe`, body: { token: 'unknowntoken' } }),
  },
  'GET /api/v1/admin/newsletter/subscribers': {
    expect: ADMIN,
    sample: () => ({ url: `${V1}/admin/newsletter/subscribers` }),
  },
  'GET /api/v1/admin/newsletter/subscribers/export': {
    expect: ADMIN,
    sample: () => ({ url: `${V1}/admin/newsletter/subscribers/export` }),
  },

  // The support dialog (any signed-in user; a topic about neither course nor organization)
  'GET /api/v1/support/options': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/support/options` }) },
  'GET /api/v1/support/courses': { expect: SIGNED_IN, sample: () => ({ url: `${V1}/support/courses` }) },
  'POST /api/v1/support': {
    expect: SIGNED_IN,
    sample: () => ({
      url: `${V1}/support`,
      body: { topicId: 'portal', subject: 'A question', message: 'How do I change my password?' },
    }),
  },

  // News and events (the demo items are seeded for the table)
  'GET /api/v1/news': { expect: ANYONE, sample: () => ({ url: `${V1}/news` }) },
  'GET /api/v1/news/{id}': {
    expect: ANYONE,
    sample: () => ({ url: `${V1}/news/news-feed-for-your-reader` }),
  },
  'POST /api/v1/news': {
    expect: EDITOR,
    sample: (_f, caller) => ({
      url: `${V1}/news`,
      body: {
        name: `Matrix news by ${caller}`,
        description: '<p>x</p>',
        status: 'unpublished',
        date: '2026-11-24T12:00:00Z',
      },
    }),
  },
  'PUT /api/v1/news/{id}': {
    // No news item has this id: 404 once the permission is there.
    expect: [401, 403, 403, 404, 404, 403],
    sample: (f) => ({
      url: `${V1}/news/${f.tree.lab}`,
      body: { name: 'Matrix', description: '<p>x</p>', status: 'unpublished', date: '2026-11-24T12:00:00Z' },
    }),
  },
  'DELETE /api/v1/news/{id}': {
    expect: [401, 403, 403, 404, 404, 403],
    sample: (f) => ({ url: `${V1}/news/${f.tree.lab}` }),
  },
  'GET /news/feed.xml': { expect: ANYONE, sample: () => ({ url: '/news/feed.xml' }) },
  'GET /api/v1/events': { expect: ANYONE, sample: () => ({ url: `${V1}/events?upcoming=true` }) },
  'GET /api/v1/events/{id}': {
    expect: ANYONE,
    sample: () => ({ url: `${V1}/events/cyber-range-open-day` }),
  },
  'GET /api/v1/events/{id}/calendar.ics': {
    expect: ANYONE,
    sample: () => ({ url: `${V1}/events/cyber-range-open-day/calendar.ics` }),
  },
  'POST /api/v1/events': {
    expect: EDITOR,
    sample: (_f, caller) => ({
      url: `${V1}/events`,
      body: {
        name: `Matrix event by ${caller}`,
        description: '<p>x</p>',
        link: 'https://example.org',
        location: 'Online',
        status: 'unpublished',
        date: '2026-12-01T15:00:00Z',
      },
    }),
  },
  'PUT /api/v1/events/{id}': {
    expect: [401, 403, 403, 404, 404, 403],
    sample: (f) => ({
      url: `${V1}/events/${f.tree.lab}`,
      body: {
        name: 'Matrix',
        description: '<p>x</p>',
        link: 'https://example.org',
        location: 'Online',
        status: 'unpublished',
        date: '2026-12-01T15:00:00Z',
      },
    }),
  },
  'DELETE /api/v1/events/{id}': {
    expect: [401, 403, 403, 404, 404, 403],
    sample: (f) => ({ url: `${V1}/events/${f.tree.lab}` }),
  },

  // Dynamic pages (issue 11): reads for anyone (published pages), writes for editors
  'GET /api/v1/pages': { expect: ANYONE, sample: () => ({ url: `${V1}/pages` }) },
  'GET /api/v1/pages/by-href': {
    expect: ANYONE,
    sample: async (f) => ({ url: `${V1}/pages/by-href?href=${(await newPage(f)).href.toUpperCase()}` }),
  },
  'GET /api/v1/pages/{id}': {
    expect: ANYONE,
    sample: async (f) => ({ url: `${V1}/pages/${(await newPage(f)).id}` }),
  },
  'POST /api/v1/pages': {
    expect: EDITOR,
    sample: (_f, caller) => ({
      url: `${V1}/pages`,
      body: {
        title: 'Matrix',
        status: 'unpublished',
        description: 'x',
        href: `/matrix-by-${caller.toLowerCase()}`,
      },
    }),
  },
  'PATCH /api/v1/pages/{id}': {
    expect: EDITOR,
    sample: async (f) => ({
      url: `${V1}/pages/${(await newPage(f)).id}`,
      body: { title: 'Matrix renamed', status: 'published' },
    }),
  },
  'DELETE /api/v1/pages/{id}': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/pages/${(await newPage(f)).id}` }),
  },
  'POST /api/v1/pages/{id}/sections': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/pages/${(await newPage(f)).id}/sections`, body: SECTION_BODY }),
  },
  'PUT /api/v1/pages/{id}/sections/{sectionId}': {
    expect: EDITOR,
    sample: async (f) => {
      const made = await newPage(f, true);
      return { url: `${V1}/pages/${made.id}/sections/${made.sectionId}`, body: SECTION_BODY };
    },
  },
  'DELETE /api/v1/pages/{id}/sections/{sectionId}': {
    expect: EDITOR,
    sample: async (f) => {
      const made = await newPage(f, true);
      return { url: `${V1}/pages/${made.id}/sections/${made.sectionId}` };
    },
  },
  'PUT /api/v1/pages/{id}/layout': {
    expect: EDITOR,
    sample: async (f) => {
      const made = await newPage(f, true);
      return {
        url: `${V1}/pages/${made.id}/layout`,
        body: { version: made.version, sectionIds: [made.sectionId], groups: [] },
      };
    },
  },
  'GET /api/v1/pages/{id}/revisions': {
    expect: EDITOR,
    sample: async (f) => ({ url: `${V1}/pages/${(await newPage(f)).id}/revisions` }),
  },
  'POST /api/v1/pages/{id}/revisions/{revisionId}/restore': {
    expect: EDITOR,
    sample: async (f) => {
      const made = await newPage(f, true);
      const revisions = await listPageRevisions(f.app.db, made.id, { pageSize: 1 });
      return { url: `${V1}/pages/${made.id}/revisions/${revisions.items[0]!.id}/restore` };
    },
  },
};

/** The hidden items of the test tree and the ones made for this table. */
export type HiddenKind = 'unpublished' | 'archived' | 'underUnpublished' | 'underArchived';

/**
 * Which hidden items each caller may see (true) or must get 404 for (false): by id, by alias, their
 * files, their bundle and as a child in the browse list. Editors see unpublished items; archived ones
 * need CanViewArchivedContent (content editors and admins).
 */
/** Content editors and admins may open unpublished and archived items (and what is under them). */
const EDITORS_SEE: Record<Caller, boolean> = {
  signedOut: false,
  student: false,
  faculty: false,
  contenteditor: true,
  admin: true,
  impersonating: false,
};

export const HIDDEN_CONTENT: Record<HiddenKind, Record<Caller, boolean>> = {
  unpublished: EDITORS_SEE,
  archived: EDITORS_SEE,
  underUnpublished: EDITORS_SEE,
  underArchived: EDITORS_SEE,
};

/** Hidden pages, news and events made for the table. */
export type HiddenCmsKind =
  | 'unpublishedPage'
  | 'archivedPage'
  | 'unpublishedNews'
  | 'archivedNews'
  | 'unpublishedEvent'
  | 'archivedEvent';

/**
 * Which hidden pages, news and events each caller may see (true) or must not find anywhere (false):
 * by id, by link (alias or href), in their list, in the news feed, as an event's `.ics`. Content editors
 * and admins see unpublished ones, and archived ones with CanViewArchivedContent (issue 20). The news
 * feed carries published news only, whoever asks.
 */
export const HIDDEN_CMS: Record<HiddenCmsKind, Record<Caller, boolean>> = {
  unpublishedPage: EDITORS_SEE,
  archivedPage: EDITORS_SEE,
  unpublishedNews: EDITORS_SEE,
  archivedNews: EDITORS_SEE,
  unpublishedEvent: EDITORS_SEE,
  archivedEvent: EDITORS_SEE,
};

/**
 * Another user's resource (OWASP A01 "insecure direct object reference"; issue 20): every route with a
 * parameter in its path says what happens when a caller names something that is not its own, or a
 * child of another parent. `shared` routes name things no single user owns (the catalogue, pages, news
 * and events are the organization's; what the caller may see of them is the matrix and HIDDEN_CONTENT);
 * the others are tried as `caller`, who must get `expect`, and `check` (when given) must find the other
 * user's resource untouched or unseen (it returns what is wrong, or undefined).
 */
/** A call of another user's resource; `other` is the page that must stay as it was. */
export interface OthersSample extends Sample {
  other?: { id: string; version: number };
}

export type OthersResourceRow =
  | { shared: string }
  | {
      attack: string;
      caller: Exclude<Caller, 'signedOut'>;
      expect: Expected | 409 | 422;
      sample: (f: MatrixFixtures) => Promise<OthersSample>;
      check?: (f: MatrixFixtures, body: string, sample: OthersSample) => Promise<string | undefined>;
    };

const CATALOGUE = 'the courseware catalogue is the organization’s; who sees what is HIDDEN_CONTENT';
const CMS = 'pages, news and events are the organization’s, edited by every content editor';
const FOLLOWS =
  'a follow is the caller’s own, kept by account; the id names a catalogue item (HIDDEN_CONTENT)';
const IMPORTS = 'course imports are the content editors’ shared work: each may see, confirm or cancel any';
const ADMIN_ONLY = 'admins manage every account; a non-admin naming another account is 403 (matrix row)';

/** Adds an account message for the faculty member, and tells whether it is still unread. */
async function facultyMessage(f: MatrixFixtures) {
  const id = await addAccountMessage(f.app.db, {
    accountId: f.accounts.faculty,
    message: 'Matrix: a message that is not the student’s.',
    link: null,
  });
  return id;
}

/** A claim the student holds (granted by the admin through the API), its id. */
async function studentClaim(f: MatrixFixtures): Promise<string> {
  const res = await f.app.inject({
    method: 'POST',
    url: `${V1}/admin/users/${f.accounts.student}/claims`,
    headers: f.adminHeaders(),
    payload: { type: 'submit-abstract', value: 'true' },
  });
  const claims = (res.json() as { claims: { id: string; type: string }[] }).claims;
  return claims.find((claim) => claim.type === 'submit-abstract')!.id;
}

const studentClaimIds = async (f: MatrixFixtures) => {
  const res = await f.app.inject({
    method: 'GET',
    url: `${V1}/admin/users/${f.accounts.student}`,
    headers: f.adminHeaders(),
  });
  return (res.json() as { claims: { id: string }[] }).claims.map((claim) => claim.id);
};

/** Two fresh pages, each with a section; and what the second looks like now. */
async function twoPages(f: MatrixFixtures) {
  const mine = await newPage(f, true);
  const other = await newPage(f, true);
  return { mine, other };
}
const pageUnchanged = async (f: MatrixFixtures, page: { id: string; version: number }) => {
  const now = await getPage(f.app.db, { CanUpdateContent: true } as PermissionFlags, page.id);
  return now.version === page.version && now.sections.length === 1
    ? undefined
    : `the other page changed: version ${now.version}, ${now.sections.length} sections`;
};

export const OTHERS_RESOURCES: Record<string, OthersResourceRow> = {
  'GET /sitemap/{part}': { shared: 'the sitemap lists published addresses only, the same for every caller' },
  'POST /api/v1/auth/messages/{id}/read': {
    attack: 'a student marks a faculty member’s message read',
    caller: 'student',
    expect: 404,
    sample: async (f) => ({ url: `${V1}/auth/messages/${await facultyMessage(f)}/read` }),
    check: async (f) => {
      const unread = await f.app.inject({
        method: 'GET',
        url: `${V1}/auth/messages`,
        headers: f.facultyHeaders(),
      });
      return (unread.json() as { items: unknown[] }).items.length > 0
        ? undefined
        : 'the message was marked read';
    },
  },
  'GET /api/v1/admin/users/{id}': {
    attack: 'a faculty member reads the student’s account',
    caller: 'faculty',
    expect: 403,
    sample: async (f) => ({ url: `${V1}/admin/users/${f.accounts.student}` }),
  },
  'POST /api/v1/admin/users/{id}/follow-digest': {
    attack: 'a faculty member has the student’s digest sent',
    caller: 'faculty',
    expect: 403,
    sample: async (f) => ({ url: `${V1}/admin/users/${f.accounts.student}/follow-digest` }),
  },
  'PUT /api/v1/admin/users/{id}/roles/{role}': { shared: ADMIN_ONLY },
  'DELETE /api/v1/admin/users/{id}/roles/{role}': { shared: ADMIN_ONLY },
  'POST /api/v1/admin/users/{id}/claims': { shared: ADMIN_ONLY },
  'DELETE /api/v1/admin/users/{id}/claims/{claimId}': {
    attack: 'the student’s claim is deleted through the faculty member’s path',
    caller: 'admin',
    expect: 404,
    sample: async (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}/claims/${await studentClaim(f)}` }),
    check: async (f) => ((await studentClaimIds(f)).length > 0 ? undefined : 'the student lost the claim'),
  },
  'GET /api/v1/admin/users/{id}/organization': {
    attack: 'a content editor reads the faculty member’s organization',
    caller: 'contenteditor',
    expect: 403,
    sample: async (f) => ({ url: `${V1}/admin/users/${f.accounts.faculty}/organization` }),
  },
  'PUT /api/v1/admin/users/{id}/organization': { shared: ADMIN_ONLY },
  'GET /api/v1/courses/{courseId}/invitations': {
    attack: 'a faculty member lists the invitations another inviter sent to the same course',
    caller: 'faculty',
    expect: '2xx',
    sample: async (f) => {
      const sent = await f.app.inject({
        method: 'POST',
        url: `${V1}/courses/${f.tree.course}/invitations`,
        headers: f.adminHeaders(),
        payload: { emails: ['admins.invitee@example.edu'] },
      });
      if (sent.statusCode !== 200) throw new Error(`invitation not sent: ${sent.statusCode} ${sent.body}`);
      return { url: `${V1}/courses/${f.tree.course}/invitations` };
    },
    check: async (_f, body) =>
      body.includes('admins.invitee@example.edu') ? 'another inviter’s invitation is listed' : undefined,
  },
  'POST /api/v1/courses/{courseId}/invitations': {
    shared: 'any faculty member may invite students to any published or unlisted course (001 §7)',
  },
  'POST /api/v1/support': {
    attack:
      'an admin asks for organization support about an organization it is not in (its admins’ addresses)',
    caller: 'admin',
    expect: 404,
    sample: async (f) => {
      const made = await f.app.inject({
        method: 'POST',
        url: `${V1}/organizations`,
        headers: f.adminHeaders(),
        payload: { name: `Another School ${Date.now()}`, category: 'k12', region: 'Ohio' },
      });
      const { id } = made.json() as { id: string };
      return {
        url: `${V1}/support`,
        body: { topicId: 'organization', targetId: id, subject: 'Hello', message: 'Who runs this school?' },
      };
    },
  },
  'GET /api/v1/files/{id}/content': {
    attack: 'the signed link of one private file opens another',
    caller: 'faculty',
    expect: 403,
    sample: async (f) => {
      const link = await f.app.inject({
        method: 'GET',
        url: `${V1}/files/${f.tree.fileId}/download-url?from=${f.tree.lab}`,
        headers: f.facultyHeaders(),
      });
      const query = new URL((link.json() as { publicUrl: string }).publicUrl, f.origin).search;
      return { url: `${V1}/files/${await f.newPrivateFile()}/content${query}` };
    },
  },
  'GET /api/v1/files/{id}/preview/content': {
    attack: 'the signed preview link of one private file opens another',
    caller: 'faculty',
    expect: 403,
    sample: async (f) => {
      const preview = await f.app.inject({
        method: 'GET',
        url: `${V1}/files/${f.tree.fileId}/preview`,
        headers: f.facultyHeaders(),
      });
      const query = new URL((preview.json() as { contentUrl: string }).contentUrl, f.origin).search;
      return { url: `${V1}/files/${await f.newPrivateFile()}/preview/content${query}` };
    },
  },
  'PUT /api/v1/pages/{id}/sections/{sectionId}': {
    attack: 'an editor replaces another page’s section through this page’s path',
    caller: 'contenteditor',
    expect: 404,
    sample: async (f) => {
      const { mine, other } = await twoPages(f);
      return { url: `${V1}/pages/${mine.id}/sections/${other.sectionId}`, body: SECTION_BODY, other };
    },
    check: (f, _body, sample) => pageUnchanged(f, sample.other!),
  },
  'DELETE /api/v1/pages/{id}/sections/{sectionId}': {
    attack: 'an editor deletes another page’s section through this page’s path',
    caller: 'contenteditor',
    expect: 404,
    sample: async (f) => {
      const { mine, other } = await twoPages(f);
      return { url: `${V1}/pages/${mine.id}/sections/${other.sectionId}`, other };
    },
    check: (f, _body, sample) => pageUnchanged(f, sample.other!),
  },
  'PUT /api/v1/pages/{id}/layout': {
    attack: 'an editor moves another page’s section into this page by the layout',
    caller: 'contenteditor',
    expect: 422,
    sample: async (f) => {
      const { mine, other } = await twoPages(f);
      return {
        url: `${V1}/pages/${mine.id}/layout`,
        body: { version: mine.version, sectionIds: [mine.sectionId, other.sectionId], groups: [] },
        other,
      };
    },
    check: (f, _body, sample) => pageUnchanged(f, sample.other!),
  },
  'POST /api/v1/pages/{id}/revisions/{revisionId}/restore': {
    attack: 'an editor restores another page’s revision onto this page',
    caller: 'contenteditor',
    expect: 404,
    sample: async (f) => {
      const { mine, other } = await twoPages(f);
      const revisions = await listPageRevisions(f.app.db, other.id, { pageSize: 1 });
      return { url: `${V1}/pages/${mine.id}/revisions/${revisions.items[0]!.id}/restore`, other };
    },
    check: (f, _body, sample) => pageUnchanged(f, sample.other!),
  },
  'GET /api/v1/courseware-imports/{id}': { shared: IMPORTS },
  'POST /api/v1/courseware-imports/{id}/start': { shared: IMPORTS },
  'POST /api/v1/courseware-imports/{id}/cancel': { shared: IMPORTS },
  'DELETE /api/v1/courseware-imports/{id}': { shared: IMPORTS },
  'GET /api/v1/content/{id}': { shared: CATALOGUE },
  'GET /api/v1/content/{id}/files': { shared: CATALOGUE },
  'PUT /api/v1/content/{id}': { shared: CATALOGUE },
  'DELETE /api/v1/content/{id}': { shared: CATALOGUE },
  'PATCH /api/v1/content/{id}/status': { shared: CATALOGUE },
  'GET /api/v1/content/{id}/descendant-count': { shared: CATALOGUE },
  'PUT /api/v1/contributors/{id}': { shared: CATALOGUE },
  'GET /api/v1/files/{id}': { shared: CATALOGUE },
  'DELETE /api/v1/files/{id}': { shared: CATALOGUE },
  'GET /api/v1/files/{id}/download-url': { shared: CATALOGUE },
  'PUT /api/v1/files/{id}/content': { shared: CATALOGUE },
  'GET /api/v1/files/{id}/preview': { shared: CATALOGUE },
  'POST /api/v1/content/{id}/bundle': { shared: CATALOGUE },
  'POST /api/v1/content/{id}/cartridge': { shared: CATALOGUE },
  'GET /api/v1/lessons/{id}': { shared: CATALOGUE },
  'POST /api/v1/content/{id}/feedback': { shared: CATALOGUE },
  'GET /api/v1/content/{id}/follow': { shared: FOLLOWS },
  'PUT /api/v1/content/{id}/follow': { shared: FOLLOWS },
  'DELETE /api/v1/content/{id}/follow': { shared: FOLLOWS },
  'GET /api/v1/content/{id}/revisions': { shared: CATALOGUE },
  'GET /api/v1/content/{id}/revisions/diff': { shared: CATALOGUE },
  'POST /api/v1/content/{id}/revisions/{version}/restore': { shared: CATALOGUE },
  'GET /api/v1/content/{id}/alignment-suggestions': { shared: CATALOGUE },
  'GET /api/v1/coverage/work-roles/{id}/gaps': { shared: 'NICE work roles are public reference data' },
  'POST /api/v1/content/{id}/alignment-decisions': { shared: CATALOGUE },
  'GET /api/v1/statistics/{category}/{metric}/buckets': { shared: 'a metric name, not a resource' },
  'GET /api/v1/statistics/{category}/raw': { shared: 'a metric name, not a resource' },
  'GET /api/v1/statistics/{category}/export': { shared: 'a metric name, not a resource' },
  'GET /api/v1/news/{id}': { shared: CMS },
  'PUT /api/v1/news/{id}': { shared: CMS },
  'DELETE /api/v1/news/{id}': { shared: CMS },
  'GET /api/v1/events/{id}': { shared: CMS },
  'GET /api/v1/events/{id}/calendar.ics': { shared: CMS },
  'PUT /api/v1/events/{id}': { shared: CMS },
  'DELETE /api/v1/events/{id}': { shared: CMS },
  'GET /api/v1/pages/{id}': { shared: CMS },
  'PATCH /api/v1/pages/{id}': { shared: CMS },
  'DELETE /api/v1/pages/{id}': { shared: CMS },
  'POST /api/v1/pages/{id}/sections': { shared: CMS },
  'GET /api/v1/pages/{id}/revisions': { shared: CMS },
  'PUT /api/v1/admin/lti/platforms/{id}': {
    shared: 'platforms are the organization’s, managed by admins only (matrix row)',
  },
  'DELETE /api/v1/admin/lti/platforms/{id}': {
    shared: 'platforms are the organization’s, managed by admins only (matrix row)',
  },
  'GET /api/v1/admin/lti/users/{accountId}/identities': { shared: ADMIN_ONLY },
  'DELETE /api/v1/admin/lti/users/{accountId}/identities/{identityId}': { shared: ADMIN_ONLY },
  'DELETE /api/v1/lti/identities/{identityId}': {
    attack: 'a student unlinks the faculty member’s LMS link',
    caller: 'student',
    expect: 404,
    sample: async (f) => ({ url: `${V1}/lti/identities/${await ltiIdentityOf(f, f.accounts.faculty)}` }),
    check: async (f) =>
      (await listIdentitiesOfAccount(f.app.db, f.accounts.faculty)).length > 0
        ? undefined
        : 'the faculty member’s link is gone',
  },
  'GET /api/v1/lti/deep-linking/{launchId}': {
    attack: 'a content editor opens the faculty member’s deep-linking launch',
    caller: 'contenteditor',
    expect: 404,
    sample: async (f) => ({
      url: `${V1}/lti/deep-linking/${await insertDeepLinkingLaunch(f.app.db, f.accounts.faculty)}`,
    }),
  },
  'POST /api/v1/lti/deep-linking/{launchId}/response': {
    attack: 'a student answers the faculty member’s deep-linking launch',
    caller: 'student',
    expect: 404,
    sample: async (f) => ({
      url: `${V1}/lti/deep-linking/${await insertDeepLinkingLaunch(f.app.db, f.accounts.faculty)}/response`,
      body: { contentIds: [f.tree.lab] },
    }),
  },
};
