#!/usr/bin/env node
// `npm start`: builds the console when its build is missing, unchecked or older than its sources
// (always a production build, apps/web/scripts/build.mjs), then runs the API (which serves the
// console) with tsx, and stops it when this process is told to stop. Reads .env when there is one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { defaultOutDir, staleReason } from '../apps/web/scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envFile = path.join(root, '.env');
const hasEnvFile = fs.existsSync(envFile);
/** The environment as the server will see it: .env fills in what the environment does not set. */
const env = { ...(hasEnvFile ? parseEnv(fs.readFileSync(envFile, 'utf8')) : {}), ...process.env };
/** The server's own stop deadline is 10 s; past this something is badly stuck. */
const KILL_AFTER_MS = 12_000;

const webDistDir = defaultOutDir(env);
const reason = env.SKIP_WEB_BUILD === 'true' ? undefined : staleReason(webDistDir);
if (reason) {
  const why = {
    missing: 'Building the console (first start)…',
    unchecked: 'Rebuilding the console (the build there was never checked)…',
    stale: 'Console sources changed: rebuilding…',
  }[reason];
  console.log(why);
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'apps/web/scripts/build.mjs'), '--out-dir', webDistDir, '--quiet'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error('The console build failed (see above); nothing was started.');
    process.exit(build.status ?? 1);
  }
}

const args = [
  ...(hasEnvFile ? [`--env-file=${envFile}`] : []),
  '--import',
  'tsx',
  path.join(root, 'apps/api/src/server.ts'),
];
// The IPC channel lets the server notice when this process is gone, however it went.
const server = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });

let isStopping = false;
function stopServer(signal) {
  if (isStopping) return;
  isStopping = true;
  server.kill(signal);
  setTimeout(() => server.kill('SIGKILL'), KILL_AFTER_MS).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => stopServer(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// `npm start` runs this script through `sh -c`; on SIGTERM npm signals only that shell, which exits
// without passing the signal on. Being handed to another parent means whoever started us is gone.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) stopServer('SIGTERM');
}, 500).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
