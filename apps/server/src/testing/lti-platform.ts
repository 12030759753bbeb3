/**
 * A mock LTI 1.3 platform for tests (issue 26): its own RSA key pair, its JWKS served on a loopback port,
 * and id tokens signed the way Canvas and Moodle sign them (LTI Core 1.3 §5.1.2; Deep Linking 2.0
 * §4.4). Only the edge of the outside world is mocked: the portal fetches the keys over real HTTP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import type { LtiPlatformRequest } from '@portal/shared/schemas/lti';
import type { Db } from '../db/client.js';
import { insertLaunch } from '../modules/lti/lti-launches.repository.js';
import { insertPlatform } from '../modules/lti/lti-platforms.repository.js';

/** How a known LMS names itself. */
export interface PlatformStyle {
  name: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  /** Paths of its login (OIDC authorization) and keys endpoints, on the mock's loopback origin. */
  authPath: string;
  jwksPath: string;
  tokenPath: string;
}

/** Canvas: one issuer for all instances, numeric client ids, deployment ids `<n>:<hash>`. */
export const CANVAS: PlatformStyle = {
  name: 'Canvas of Test University',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000042',
  deploymentId: '17:8865aa05b4b79b64a91a86042e43af5ea8ae79eb',
  authPath: '/api/lti/authorize_redirect',
  jwksPath: '/api/lti/security/jwks',
  tokenPath: '/login/oauth2/token',
};

/** Moodle: its own address as issuer, random client ids, numeric deployment ids. */
export const MOODLE: PlatformStyle = {
  name: 'Moodle of Test College',
  issuer: 'https://moodle.test.example.edu',
  clientId: 'Xq3rRZbq9kJ2Ld7',
  deploymentId: '3',
  authPath: '/mod/lti/auth.php',
  jwksPath: '/mod/lti/certs.php',
  tokenPath: '/mod/lti/token.php',
};

export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
} as const;

export interface MockPlatform {
  origin: string;
  /** The registration request an admin would enter for this platform. */
  registration(style: PlatformStyle): LtiPlatformRequest;
  /** Signs claims with the platform's key (kid in the JWKS) or, with `key: 'foreign'`, a key it never published under that kid. */
  sign(
    claims: JWTPayload,
    options?: { key?: 'own' | 'foreign'; expiresInS?: number; issuedAtS?: number },
  ): Promise<string>;
  close(): Promise<void>;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  /** The User-Agent of the last JWKS fetch. */
  lastUserAgent(): string | undefined;
}

/** Starts the mock platform on 127.0.0.1 (a free port). */
export async function startMockPlatform(): Promise<MockPlatform> {
  const own = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const kid = crypto.randomUUID();
  const jwks = { keys: [{ ...(await exportJWK(own.publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  let fetches = 0;
  let userAgent: string | undefined;
  const server = http.createServer((request, response) => {
    if (request.url === CANVAS.jwksPath || request.url === MOODLE.jwksPath) {
      fetches += 1;
      userAgent = request.headers['user-agent'];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    registration: (style) => ({
      name: style.name,
      issuer: style.issuer,
      clientId: style.clientId,
      deploymentIds: [style.deploymentId],
      authUrl: `${origin}${style.authPath}`,
      tokenUrl: `${origin}${style.tokenPath}`,
      jwksUrl: `${origin}${style.jwksPath}`,
      allowedEmailDomains: [],
      newAccountsNeedApproval: false,
    }),
    sign: async (claims, options = {}) => {
      const key: CryptoKey = options.key === 'foreign' ? foreign.privateKey : own.privateKey;
      const iat = options.issuedAtS ?? Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + (options.expiresInS ?? 300))
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    jwksFetches: () => fetches,
    lastUserAgent: () => userAgent,
  };
}

/** A registration with https addresses that no test fetches (login initiation reads none of them). */
export function httpsRegistration(clientId: string) {
  return {
    name: `Matrix LMS ${clientId}`,
    issuer: 'https://lms.matrix.example.edu',
    clientId,
    deploymentIds: ['1'],
    authUrl: 'https://lms.matrix.example.edu/auth',
    tokenUrl: 'https://lms.matrix.example.edu/token',
    jwksUrl: 'https://lms.matrix.example.edu/jwks',
    allowedEmailDomains: [],
    newAccountsNeedApproval: false,
  };
}

/**
 * A registered platform and an open deep-linking launch of `accountId`, written straight to the
 * database (for rows of the authorization matrix that need a launch without a platform to sign one).
 * @returns the launch id
 */
export async function insertDeepLinkingLaunch(db: Db, accountId: string): Promise<string> {
  const made = await insertPlatform(db, httpsRegistration(`launch-${crypto.randomUUID()}`));
  const row = await insertLaunch(db, {
    platformId: made.id,
    accountId,
    deploymentId: '1',
    messageType: 'LtiDeepLinkingRequest',
    targetPath: '/lti/deep-linking',
    settings: {
      returnUrl: 'https://lms.matrix.example.edu/return',
      data: null,
      acceptMultiple: true,
      title: null,
    },
    handoffHash: crypto.randomUUID(),
    expiresAt: new Date(Date.now() + 600_000),
  });
  return row.id;
}
