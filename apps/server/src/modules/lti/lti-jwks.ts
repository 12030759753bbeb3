/**
 * Fetching a platform's public keys (JWKS) without letting a registration reach inside the network
 * (issue 33): the address an admin entered is fetched by the server on every anonymous launch, so a
 * host that resolves to a loopback, private, link-local (cloud metadata), unique-local or otherwise
 * non-public address is refused, at registration and at each fetch (the check runs on the address the
 * connection uses, so a name that changes its answer between the two cannot slip through). Loopback is
 * allowed only under LTI_ALLOW_LOOPBACK_HTTP (tests, a developer's LMS). The answer is read for at most
 * LTI_JWKS_TIMEOUT_MS and LTI_JWKS_BYTES_MAX; jose keeps and refreshes the keys it reads.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { createRemoteJWKSet, customFetch, type FetchImplementation } from 'jose';
import { LTI_JWKS_BYTES_MAX, LTI_JWKS_TIMEOUT_MS } from '@portal/shared/schemas/lti';

/** Canvas refuses tool requests without a User-Agent (PEERS.md). */
const USER_AGENT = 'cyber-range-portal-lti/1.0';

/** A JWKS address the server will not fetch, with the reason in an admin's words. */
export class JwksAddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JwksAddressRefused';
  }
}

/** Whether the server may connect to an IP address: public unicast, or loopback when allowed. */
export function isFetchableAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

const refusedAddress = (host: string) =>
  new JwksAddressRefused(
    `The keys address ${host} leads to a private or internal network address, which this server does not fetch from. Enter the platform's public address.`,
  );

/** dns.lookup that answers only fetchable addresses (`all` or not, as the socket asks). */
function guardedLookup(allowLoopback: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !isFetchableAddress(a.address, allowLoopback)))
        return callback(refusedAddress(hostname), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Checks where a JWKS address leads before it is registered.
 * @throws JwksAddressRefused when its host is, or resolves to, an address the server does not fetch
 *   from; a host that does not resolve now is accepted (each fetch checks again)
 */
export async function checkJwksAddress(address: string, allowLoopback: boolean): Promise<void> {
  const host = new URL(address).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (!isFetchableAddress(host, allowLoopback)) throw refusedAddress(host);
    return;
  }
  const found = await dns.promises.lookup(host, { all: true }).catch(() => []);
  if (found.some((a) => !isFetchableAddress(a.address, allowLoopback))) throw refusedAddress(host);
}

/** A fetch for jose: one GET over the guarded connection, no redirects, at most LTI_JWKS_BYTES_MAX. */
function guardedFetch(allowLoopback: boolean): FetchImplementation {
  return (url, options) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (net.isIP(host) && !isFetchableAddress(host, allowLoopback)) return reject(refusedAddress(host));
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        {
          method: 'GET',
          headers: Object.fromEntries(options.headers.entries()),
          lookup: guardedLookup(allowLoopback),
          signal: options.signal,
          timeout: LTI_JWKS_TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > LTI_JWKS_BYTES_MAX) {
              response.destroy();
              reject(
                new JwksAddressRefused(
                  `The platform's keys answer is larger than ${LTI_JWKS_BYTES_MAX} bytes.`,
                ),
              );
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            // jose reads only a 200's body; other answers fail its check whatever they carry.
            const status = response.statusCode === 200 ? 200 : 502;
            resolve(new Response(status === 200 ? Buffer.concat(chunks) : null, { status }));
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })),
      );
      request.on('error', reject);
      request.end();
    });
}

/** One remote key set per address and loopback setting, so jose's cache of each is kept. */
const remoteKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The key set of a platform's JWKS address, fetched through the guard. */
export function platformKeys(jwksUrl: string, allowLoopback: boolean): ReturnType<typeof createRemoteJWKSet> {
  const key = `${allowLoopback ? 'loopback' : 'public'} ${jwksUrl}`;
  let keys = remoteKeySets.get(key);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), {
      headers: { 'user-agent': USER_AGENT },
      timeoutDuration: LTI_JWKS_TIMEOUT_MS,
      [customFetch]: guardedFetch(allowLoopback),
    });
    remoteKeySets.set(key, keys);
  }
  return keys;
}
