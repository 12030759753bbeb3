/**
 * Attacks on the Common Cartridge reader (issue 38 "Import a Common Cartridge"): one `it` per hostile
 * manifest, each staged as an unpacked package and given to readCartridge. Every one must be refused as
 * a whole (PackageRefused) with the message the curator reads, and nothing outside the staging folder
 * may be read or fetched: a canary file beside the staging folder and a local web server stand where an
 * attacker's targets would be, and every file the reader opens is recorded.
 */
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_MANIFEST_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import { readCartridge } from '../../modules/imports/cartridge-source.js';
import { PackageRefused, type StagedPackage } from '../../modules/imports/package.js';
import { IMSCC_SCHEMA_DIR, manifestOf, removeStaged, stageFiles } from '../cartridge-packages.js';

const CANARY = 'canary-7f3a9c: the server’s secret';
const DOCTYPE_REFUSAL = /imsmanifest\.xml holds a DOCTYPE \(a DTD or entity declarations\)/;
/** How long refusing a billion laughs may take (it must not expand anything). */
const QUICK_MS = 2000;

let outside: string;
let canaryFile: string;
let server: http.Server;
let serverUrl: string;
const requests: string[] = [];
const opened: string[] = [];
const staged: StagedPackage[] = [];

beforeAll(async () => {
  outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'cartridge-attack-outside-'));
  canaryFile = path.join(outside, 'secret.txt');
  await fsp.writeFile(canaryFile, CANARY);
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.end(`<!ENTITY leak "${CANARY}">`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const open = fsp.open.bind(fsp);
  vi.spyOn(fsp, 'open').mockImplementation((file, ...rest) => {
    opened.push(String(file));
    return open(file, ...rest);
  });
});
afterEach(() => {
  // Nothing was fetched, and every file the reader opened lies in a staging folder.
  expect(requests).toEqual([]);
  for (const file of opened.splice(0))
    expect(
      staged.some((p) => file.startsWith(`${p.root}${path.sep}`)),
      file,
    ).toBe(true);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
  await Promise.all([...staged.map(removeStaged), fsp.rm(outside, { recursive: true, force: true })]);
});

/** Stages the files and reads them as a cartridge; the read (or its refusal) as a promise. */
async function read(files: Record<string, string | Buffer>) {
  const pkg = await stageFiles(files);
  staged.push(pkg);
  return { pkg, reading: readCartridge(pkg, { schemaDir: IMSCC_SCHEMA_DIR }) };
}

/** Expects the package to be refused with a message matching `message`, naming nothing of the canary. */
async function expectRefused(files: Record<string, string | Buffer>, message: RegExp) {
  const { reading } = await read(files);
  const error = await reading.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackageRefused);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).not.toContain(CANARY);
}

/** A valid manifest with `doctype` after its XML declaration and `&ref;` in the course's title. */
const withDoctype = (doctype: string, ref = '') =>
  manifestOf({ prolog: `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n`, title: 'Course' }).replace(
    '>Course<',
    `>Course ${ref}<`,
  );
const page = { 'page.html': '<p>Hi</p>' };

describe('XML attacks on imsmanifest.xml', () => {
  it('refuses an external entity reading a file of the server (file://)', async () => {
    await expectRefused(
      {
        'imsmanifest.xml': withDoctype(
          `<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file://${canaryFile}">]>`,
          '&xxe;',
        ),
        ...page,
      },
      DOCTYPE_REFUSAL,
    );
    await expectRefused(
      {
        'imsmanifest.xml': withDoctype(
          '<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
          '&xxe;',
        ),
        ...page,
      },
      DOCTYPE_REFUSAL,
    );
  });

  it('refuses an external entity and a parameter entity fetching a URL (http://)', async () => {
    await expectRefused(
      {
        'imsmanifest.xml': withDoctype(
          `<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "${serverUrl}/xxe">]>`,
          '&xxe;',
        ),
        ...page,
      },
      DOCTYPE_REFUSAL,
    );
    await expectRefused(
      {
        'imsmanifest.xml': withDoctype(
          `<!DOCTYPE manifest [<!ENTITY % remote SYSTEM "${serverUrl}/dtd"> %remote;]>`,
          '&leak;',
        ),
        ...page,
      },
      DOCTYPE_REFUSAL,
    );
  });

  it('refuses a billion laughs at once, expanding nothing', async () => {
    const levels = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i <= 9; i += 1) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const started = Date.now();
    await expectRefused(
      { 'imsmanifest.xml': withDoctype(`<!DOCTYPE manifest [${levels.join('')}]>`, '&lol9;'), ...page },
      DOCTYPE_REFUSAL,
    );
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
  });

  it('refuses a DTD, external or internal, wherever it hides in the prolog', async () => {
    await expectRefused(
      { 'imsmanifest.xml': withDoctype(`<!DOCTYPE manifest SYSTEM "${serverUrl}/cc.dtd">`), ...page },
      DOCTYPE_REFUSAL,
    );
    await expectRefused(
      {
        'imsmanifest.xml': Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(
            withDoctype('<!-- made by hand --><?pi data?>\n\t<!DOCTYPE manifest [<!ELEMENT manifest ANY>]>'),
          ),
        ]),
        ...page,
      },
      DOCTYPE_REFUSAL,
    );
  });

  it('does not fetch the schemas a manifest names in xsi:schemaLocation', async () => {
    const manifest = manifestOf().replace(
      '<manifest identifier="M_TEST"',
      `<manifest xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1 ${serverUrl}/evil.xsd" identifier="M_TEST"`,
    );
    const { pkg, reading } = await read({ 'imsmanifest.xml': manifest, ...page });
    expect((await reading).issues.filter((i) => i.severity === 'error')).toEqual([]);
    // What the reader opened: the manifest and the page it scans for links, in the staging folder.
    const root = await fsp.realpath(pkg.root);
    expect(opened).toEqual([path.join(root, 'imsmanifest.xml'), path.join(root, 'page.html')]);
  });
});

describe('size, encoding and well-formedness', () => {
  it('refuses a manifest over the size limit, also when the staged listing says it is smaller', async () => {
    const padding = `<!-- ${'x'.repeat(IMPORT_MANIFEST_MAX_BYTES)} -->`;
    const big = manifestOf().replace('<organizations>', `${padding}<organizations>`);
    await expectRefused({ 'imsmanifest.xml': big, ...page }, /imsmanifest\.xml is larger than 8 MB/);
    const { pkg, reading } = await read({ 'imsmanifest.xml': big, ...page });
    await reading.catch(() => undefined);
    const lying = { ...pkg, files: pkg.files.map((f) => ({ ...f, size: 100 })) };
    await expect(readCartridge(lying, { schemaDir: IMSCC_SCHEMA_DIR })).rejects.toThrow(/larger than 8 MB/);
  });

  it('refuses a manifest that is not UTF-8: UTF-16, Latin-1', async () => {
    const text = manifestOf({ title: 'Sécurité' });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.replace('UTF-8', 'UTF-16'), 'utf16le'),
    ]);
    await expectRefused({ 'imsmanifest.xml': utf16, ...page }, /imsmanifest\.xml is not UTF-8 text/);
    const latin1 = Buffer.from(text.replace('UTF-8', 'ISO-8859-1'), 'latin1');
    await expectRefused({ 'imsmanifest.xml': latin1, ...page }, /imsmanifest\.xml is not UTF-8 text/);
  });

  it('refuses a manifest that is not XML: binary, text, cut short, an undeclared entity', async () => {
    const cases = [
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
      'This course has three modules.',
      manifestOf().slice(0, 400),
      manifestOf({ title: 'Course' }).replace('>Course<', '>Course &nbsp;<'),
      '',
    ];
    for (const manifest of cases)
      await expectRefused(
        { 'imsmanifest.xml': manifest, ...page },
        /imsmanifest\.xml is not well-formed XML \(/,
      );
  });

  it('refuses a package without a manifest at its root', async () => {
    await expectRefused(
      { 'course/imsmanifest.xml': manifestOf(), ...page },
      /has no imsmanifest\.xml at its root/,
    );
  });
});

describe('paths leaving the package', () => {
  const withHref = (href: string, base = '') =>
    manifestOf({
      resources: `<resource identifier="R_PAGE" type="webcontent" href="page.html"${base}><file href="page.html"/><file href="${href}"/></resource>`,
    });

  it('refuses a resource or file href that climbs out of the package, even encoded or after a folder', async () => {
    for (const href of ['../secret.txt', 'week1/../../secret.txt', '%2e%2e/secret.txt', '..%2Fsecret.txt'])
      await expectRefused(
        { 'imsmanifest.xml': withHref(href), ...page },
        /names ".+" \(resource R_PAGE\), which is not a path inside the package: the package is refused/,
      );
  });

  it('refuses absolute paths, URLs, Windows paths and an xml:base that leaves', async () => {
    for (const href of [
      canaryFile,
      `file://${canaryFile}`,
      `${serverUrl}/file.pdf`,
      'C:\\secret.txt',
      'week1\\..\\..\\x',
    ])
      await expectRefused(
        { 'imsmanifest.xml': withHref(href), ...page },
        /which is not a path inside the package/,
      );
    await expectRefused(
      { 'imsmanifest.xml': withHref('secret.txt', ' xml:base="../"'), ...page },
      /which is not a path inside the package/,
    );
  });

  it('refuses a manifest or a linked folder that is a link out of the staging folder', async () => {
    const linked = await stageFiles(page);
    staged.push(linked);
    await fsp.symlink(canaryFile, path.join(linked.root, 'imsmanifest.xml'));
    linked.files.push({ path: 'imsmanifest.xml', size: CANARY.length });
    await expect(readCartridge(linked, { schemaDir: IMSCC_SCHEMA_DIR })).rejects.toThrow(
      /"imsmanifest\.xml" is a link, which a package may not hold/,
    );

    const folder = await stageFiles({
      'imsmanifest.xml': manifestOf({
        resources:
          '<resource identifier="R_PAGE" type="webcontent" href="page.html"><file href="page.html"/><file href="week1/notes.html"/></resource>',
      }),
      ...page,
    });
    staged.push(folder);
    await fsp.symlink(outside, path.join(folder.root, 'week1'));
    await fsp.copyFile(canaryFile, path.join(outside, 'notes.html'));
    folder.files.push({ path: 'week1/notes.html', size: CANARY.length });
    await expect(readCartridge(folder, { schemaDir: IMSCC_SCHEMA_DIR })).rejects.toThrow(
      /"week1\/notes\.html" lies outside the package/,
    );
  });
});
