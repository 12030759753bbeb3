/**
 * The API document a client can trust (issue 9): Redocly's recommended rules pass with no error nor
 * warning, and a typed client generated from it by openapi-typescript compiles.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

let ctx: TestContext;
let dir: string;
let documentPath: string;
let document: Record<string, unknown>;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  document = res.json();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
  documentPath = path.join(dir, 'openapi.json');
  fs.writeFileSync(documentPath, res.body);
});
afterAll(async () => {
  await ctx?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the API document', () => {
  it("passes Redocly's recommended rules with no problem", async () => {
    const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const result = await run(process.execPath, [cli, 'lint', documentPath, '--format=stylish'], {
      cwd: root,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
    }).catch((error: { stdout: string; stderr: string }) => ({ ...error, failed: true }));
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).toContain('Your API description is valid');
    // A rule's problem is listed as "<line>:<column>  error|warning  <rule>".
    expect(output).not.toMatch(/(?<!\d)\d+:\d+[ \t]+(?:error|warning)\s/);
  });

  it('gives a typed client that compiles', async () => {
    const types = astToString(await openapiTS(document as never));
    fs.writeFileSync(path.join(dir, 'api.d.ts'), types);
    const client = path.join(dir, 'client.ts');
    fs.writeFileSync(
      client,
      `import type { paths, operations } from './api';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Content = Json<paths['/api/v1/content/{id}']['get']['responses'][200]>;
type NotFound = Json<operations['getContent']['responses'][404]>;
export function title(content: Content): string {
  return content.name;
}
export function problem(error: NotFound): string {
  return error.code + ': ' + error.message;
}
export const id: operations['getContent']['parameters']['path']['id'] = 'networking-basics';
export const flags: Json<operations['getSession']['responses'][200]>['permissions']['CanViewFiles'] = true;
`,
    );
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: false,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});
