/**
 * Debian's nginx as a caching reverse proxy in front of portal instances, with the configuration that
 * docs/caching.md gives operators (issue 39), read from that page: what the tests prove is what the
 * documentation says (the proxy tests and the load bench). Its folder, port and upstream are the caller's
 * own; it runs in the foreground as a child process and is stopped by `stop`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

/** docs/caching.md, whose one `nginx` block is the configuration run here. */
const CACHING_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/caching.md');
/** Debian's nginx; .ci/run installs it. */
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
/** How long nginx may take to answer after it starts. */
const START_TIMEOUT_MS = 10_000;
const POLL_MS = 50;

export interface NginxProxy {
  /** `http://127.0.0.1:<port>`: the proxy. */
  url: string;
  /** The configuration nginx runs, as written to its folder. */
  config: string;
  stop(): Promise<void>;
}

/**
 * The documented configuration for a proxy on `port` in front of the instances on `upstreamPorts`, its
 * cache in `dir`: the `nginx` block of docs/caching.md with its cache path, upstream servers (in order;
 * documented ones beyond the ports given are left out) and listen address replaced, inside the main and
 * `http` contexts a foreground nginx needs.
 * @throws Error when more ports are given than the documentation names servers
 */
export function documentedConfig(dir: string, port: number, upstreamPorts: readonly number[]): string {
  const documented = /```nginx\n([\s\S]*?)```/.exec(fs.readFileSync(CACHING_DOC, 'utf8'))?.[1];
  if (!documented) throw new Error(`${CACHING_DOC} holds no nginx block`);
  let servers = 0;
  const block = documented
    .split('\n')
    .flatMap((line) => {
      if (!line.trim().startsWith('server 127.0.0.1:')) return [line];
      const upstreamPort = upstreamPorts[servers];
      servers += 1;
      return upstreamPort === undefined
        ? []
        : [line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${upstreamPort}`)];
    })
    .join('\n')
    .replace('/var/cache/nginx/portal', path.join(dir, 'cache'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  if (upstreamPorts.length > servers)
    throw new Error(`docs/caching.md names ${servers} upstream servers, not ${upstreamPorts.length}`);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    block,
    '}',
    '',
  ].join('\n');
}

/** Waits until something answers HTTP on `url`, or throws with nginx's error log. */
async function untilAnswering(url: string, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      await fetch(url, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
  throw new Error(`nginx did not answer on ${url} (exit ${child.exitCode}): ${log}`);
}

/**
 * Starts nginx with the documented configuration in front of the instances on `upstreamPorts`, in a new
 * folder; `nginx -t` checks the configuration first.
 * @throws Error when nginx refuses the configuration or does not answer
 */
export async function startNginxProxy(upstreamPorts: readonly number[]): Promise<NginxProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  // nginx's workers drop root for its unprivileged user (www-data): they must reach the folder and
  // write the cache and temporary files.
  fs.chmodSync(dir, 0o755);
  for (const name of ['cache', 'temp']) fs.mkdirSync(path.join(dir, name), { mode: 0o777 });
  for (const name of ['cache', 'temp']) fs.chmodSync(path.join(dir, name), 0o777);
  const port = await freePort();
  const config = documentedConfig(dir, port, upstreamPorts);
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, config);
  const args = ['-p', dir, '-c', configFile];
  const check = spawn(NGINX, [...args, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let checkOutput = '';
  check.stderr.on('data', (chunk: Buffer) => (checkOutput += chunk.toString()));
  const checked = await new Promise<number | null>((resolve) => check.on('close', resolve));
  if (checked !== 0) throw new Error(`nginx -t refused the documented configuration: ${checkOutput}`);
  const child = spawn(NGINX, args, { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(url, child, path.join(dir, 'error.log'));
  return {
    url,
    config,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
