import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/db/data-dir-lock';

describe('embedded database directory lock', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a directory another live process holds, naming it', () => {
    const dir = newDir();
    // The parent process (the test runner) is alive and is not us.
    fs.writeFileSync(path.join(dir, 'parlour.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it('takes over the file of a process that is gone, and removes it on release', () => {
    const dir = newDir();
    fs.writeFileSync(path.join(dir, 'parlour.pid'), '2147483646');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'parlour.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'parlour.pid'))).toBe(false);
  });
});
