// `npm start`: builds what is not built (or is older than its sources), then starts the server,
// which migrates the database, seeds the demo data into an empty one, and serves on PORT (3000).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const parts = [
  { workspace: '@portal/shared', sources: 'packages/shared/src', output: 'packages/shared/dist/enums.js' },
  { workspace: '@portal/web', sources: 'apps/web/src', output: 'apps/web/dist-server/entry-server.js' },
  { workspace: '@portal/server', sources: 'apps/server/src', output: 'apps/server/dist/server.js' },
];
const sharedChanged = newest(path.join(root, 'packages/shared/src'));
for (const part of parts) {
  const output = path.join(root, part.output);
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (built >= Math.max(newest(path.join(root, part.sources)), sharedChanged)) continue;
  console.log(`building ${part.workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
