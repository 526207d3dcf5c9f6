#!/usr/bin/env node
// Starts Parlour for browser tests on a fresh embedded database (E2E_DATA_DIR, .data-e2e unless told),
// sending mail to the mail sink. A second instance (the serial project's) is started with
// E2E_WAIT_FOR_BUILD=true: it never builds the console itself, it waits until the first one's build is
// current, so two servers starting at once do not build into the same folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { defaultOutDir, staleReason } from '../../apps/web/scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? '.data-e2e');
const uploadDir = path.resolve(root, process.env.E2E_UPLOAD_DIR ?? '.data-e2e-uploads');
const BUILD_WAIT_MS = 240_000;

if (process.env.E2E_WAIT_FOR_BUILD === 'true') {
  const outDir = defaultOutDir();
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (staleReason(outDir)) {
    if (Date.now() > deadline) {
      console.error(`The console build in ${outDir} is ${staleReason(outDir)}: nothing was started.`);
      process.exit(1);
    }
    await sleep(500);
  }
}

fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(uploadDir, { recursive: true, force: true });
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    UPLOAD_DIR: uploadDir,
    ...(process.env.E2E_WAIT_FOR_BUILD === 'true' ? { SKIP_WEB_BUILD: 'true' } : {}),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
