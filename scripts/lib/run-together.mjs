import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where every command runs. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A node_modules tool's script, run with this Node. */
export const tool = (...segments) => path.join(root, 'node_modules', ...segments);

/**
 * Runs Node scripts (`{ label, script, args }`, the longest first) as many at a time as the machine has
 * cores, prints each one's output whole once it ends, with its time, and answers whether all passed.
 */
export async function runTogether(commands) {
  const queue = [...commands];
  const results = [];
  const lanes = Math.max(1, Math.min(os.availableParallelism(), queue.length));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let command = queue.shift(); command; command = queue.shift()) results.push(await run(command));
    }),
  );
  return results.every(Boolean);
}

function run({ label, script, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}
