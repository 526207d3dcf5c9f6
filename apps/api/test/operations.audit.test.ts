import { createServer } from 'node:net';
import {
  adminAuditDetail,
  adminListAuditLog,
  adminListFailedJobs,
  adminOperationsOverview,
  adminRetryJob,
} from '@parlour/contract/calls/operations';
import { adminEditNotice } from '@parlour/contract/calls/notice';
import { adminSetConfig, adminTestSendEmail } from '@parlour/contract/calls/settings';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInUnitOfWork } from '../src/lib/unit-of-work';
import { isSecretField, maskSecrets, MASK } from '../src/platform/audit/audit-mask';
import { buildTestApp, type TestApp } from './helper';
import { addNotice } from './notice-helper';
import { FAILING_JOB_ERROR, FAILING_QUEUE, startFailingQueue, type FailingQueue } from './operations-helper';
import { expectOk, signInAdmin } from './shop-helper';

/**
 * The audit log's masking, atomicity and filters; the jobs list and retry; providers' last errors
 * (docs/SECURITY.md, Audit log).
 */

let t: TestApp;
let admin: string;
let adminId: number;

async function auditRows(where = 'true', values: unknown[] = []) {
  const { rows } = await t.database.executeSql(`select * from audit_log where ${where} order by id`, values);
  return rows as Array<Record<string, unknown>>;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { WECOM_WEBHOOK_BASE: 'http://127.0.0.1:9' } });
  admin = await signInAdmin(t);
  const { rows } = await t.database.executeSql("select id from admins where account = 'admin'");
  adminId = Number((rows[0] as { id: number }).id);
});
afterAll(async () => {
  await t?.close();
});

describe('masking secrets', () => {
  it('tells secret fields by the words of their names and by the contract', () => {
    for (const name of [
      'smtp_password',
      'access_key_secret',
      'api_key',
      'token_hash',
      'accessToken',
      'webhook_url',
      'recovery_codes',
      'secret',
    ]) {
      expect(isSecretField(name), name).toBe(true);
    }
    for (const name of ['keywords', 'sign_name', 'smtp_host', 'title', 'monkey', 'tokenizer_name']) {
      expect(isSecretField(name), name).toBe(false);
    }
  });

  it('masks values at any depth and keeps whether a secret is set', () => {
    expect(
      maskSecrets({
        smtp_password: 'hunter2',
        has_secret: true,
        nested: { api_key: 'k', list: [{ secret: 's', name: 'n' }] },
        empty_secret: '',
        title: 't',
      }),
    ).toEqual({
      smtp_password: MASK,
      has_secret: true,
      nested: { api_key: MASK, list: [{ secret: MASK, name: 'n' }] },
      empty_secret: '',
      title: 't',
    });
  });

  it('stores a changed SMTP password and webhook as changed, never their values', async () => {
    const values = {
      smtp_host: '127.0.0.1',
      smtp_port: 2525,
      smtp_security: 'none',
      smtp_user: 'mailer@parlour.test',
      smtp_password: 'first-Pass-123',
      mail_sender: 'Parlour <noreply@parlour.test>',
    } as const;
    await expectOk(t.call(adminSetConfig, { group: 'mail', values }, admin));
    await expectOk(
      t.call(adminSetConfig, { group: 'mail', values: { ...values, smtp_password: 'second-Pass-456' } }, admin),
    );
    await expectOk(
      t.call(
        adminSetConfig,
        { group: 'wecom', values: { webhook_url: 'http://127.0.0.1:9/cgi-bin/webhook/send?key=robot-key-0123' } },
        admin,
      ),
    );
    const rows = await auditRows("action = 'settings.edit'");
    const everything = JSON.stringify(rows);
    for (const secret of ['first-Pass-123', 'second-Pass-456', 'robot-key-0123'])
      expect(everything).not.toContain(secret);

    const passwordChange = rows.find(
      (row) => row.target_id === 'mail' && (row.before as { smtp_password?: string } | null)?.smtp_password === MASK,
    );
    expect(passwordChange).toBeDefined();
    expect(passwordChange!.changed_fields).toEqual(['smtp_password']);
    const detail = await expectOk(t.call(adminAuditDetail, { id: Number(passwordChange!.id) }, admin));
    expect(detail.after).toMatchObject({ smtp_password: MASK, smtp_host: '127.0.0.1' });
    const webhook = rows.find((row) => row.target_id === 'wecom')!;
    expect(webhook.after).toEqual({ webhook_url: MASK });
    expect(webhook.changed_fields).toEqual(['webhook_url']);
  });
});

describe('recorded in the action’s transaction', () => {
  it('records the target before and after with the fields that changed', async () => {
    const notice = await addNotice(t, admin, { title: 'Before the edit' });
    await expectOk(
      t.callRaw(
        adminEditNotice,
        { id: notice.id, title: 'After the edit', content: notice.content, status: notice.status },
        admin,
      ),
    );
    const [row] = await auditRows("action = 'notice.edit' and target_id = $1", [String(notice.id)]);
    expect(row).toMatchObject({
      admin_id: adminId,
      admin_account: 'admin',
      call_path: adminEditNotice.path,
      target_type: 'notice',
    });
    expect((row.before as { title: string }).title).toBe('Before the edit');
    expect((row.after as { title: string }).title).toBe('After the edit');
    expect(row.changed_fields).toEqual(['localized', 'title']);
  });

  it('a refused action records nothing', async () => {
    const before = (await auditRows()).length;
    const answer = await t.callRaw(adminEditNotice, { id: 2_000_000_000, title: 'Nobody', content: '<p>x</p>' }, admin);
    expect(answer.code).toBe(ErrorCode.NOT_FOUND);
    expect((await auditRows()).length).toBe(before);
  });

  it('an action that fails after recording rolls back its change and its audit row together', async () => {
    const notice = await addNotice(t, admin, { title: 'Stays as it is' });
    const before = (await auditRows()).length;
    const actor = { adminId, ip: '127.0.0.1', requestId: 'req_00000000000000000000', callPath: adminEditNotice.path };
    await expect(
      runInUnitOfWork(t.database.db, { actor }, async (unit) => {
        await t.app.services.notices.editNotice({
          id: notice.id,
          fields: {
            title: { 'zh-CN': 'Changed then lost' },
            content: { 'zh-CN': notice.content },
            status: 'published',
            is_pinned: false,
          },
          lang: 'en-US',
        });
        await t.app.services.audit.record({
          action: 'notice.edit',
          targetType: 'notice',
          targetId: notice.id,
          before: notice,
          after: { title: 'Changed then lost' },
        });
        expect(unit.auditCount).toBe(1);
        throw new Error('the process fails after recording');
      }),
    ).rejects.toThrow('the process fails after recording');
    expect((await auditRows()).length).toBe(before);
    expect((await t.app.services.notices.getForAdmin(notice.id, 'zh-CN')).title).toBe('Stays as it is');
  });

  it('refuses to record outside an operator writing call', async () => {
    await expect(
      t.app.services.audit.record({ action: 'notice.edit', targetType: 'notice', targetId: 1 }),
    ).rejects.toThrow(/outside an operator writing call/);
  });
});

describe('the audit list', () => {
  it('filters by operator, action, target and time, pages and sorts on time', async () => {
    const first = await addNotice(t, admin);
    const second = await addNotice(t, admin);
    const all = await expectOk(t.call(adminListAuditLog, { limit: 100 }, admin));
    expect(all.total).toBeGreaterThanOrEqual(2);
    const times = all.list.map((entry) => entry.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const ascending = await expectOk(
      t.call(adminListAuditLog, { limit: 100, sort_field: 'created_at', sort_order: 'ascend' }, admin),
    );
    expect(ascending.list.map((entry) => entry.id)).toEqual([...all.list.map((entry) => entry.id)].reverse());

    const byTarget = await expectOk(
      t.call(adminListAuditLog, { target_type: 'notice', target_id: String(second.id) }, admin),
    );
    expect(byTarget.list.map((entry) => [entry.action, entry.target_id])).toEqual([['notice.add', String(second.id)]]);

    const adds = await expectOk(t.call(adminListAuditLog, { action: 'notice.add', limit: 100 }, admin));
    expect(adds.list.every((entry) => entry.action === 'notice.add')).toBe(true);
    expect(adds.list.map((entry) => entry.target_id)).toEqual(
      expect.arrayContaining([String(first.id), String(second.id)]),
    );

    expect((await expectOk(t.call(adminListAuditLog, { admin_id: adminId, limit: 1 }, admin))).total).toBe(all.total);
    expect((await expectOk(t.call(adminListAuditLog, { admin_id: adminId + 1000 }, admin))).total).toBe(0);

    const secondAt = byTarget.list[0].created_at;
    const fromSecond = await expectOk(t.call(adminListAuditLog, { from: secondAt, limit: 100 }, admin));
    expect(fromSecond.list.every((entry) => entry.created_at >= secondAt)).toBe(true);
    const untilSecond = await expectOk(t.call(adminListAuditLog, { to: secondAt, limit: 100 }, admin));
    expect(untilSecond.list.every((entry) => entry.created_at < secondAt)).toBe(true);
    expect(fromSecond.total + untilSecond.total).toBe(all.total);

    const paged = await expectOk(t.call(adminListAuditLog, { page: 2, limit: 1 }, admin));
    expect(paged.list.map((entry) => entry.id)).toEqual([all.list[1].id]);
  });

  it('refuses an unknown action or a reversed range naming the field', async () => {
    const unknown = await t.callRaw(adminListAuditLog, { action: 'notice.burn' }, admin);
    expect(unknown.code).toBe(ErrorCode.VALIDATION_FAILED);
    const reversed = await t.callRaw(
      adminListAuditLog,
      { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      admin,
    );
    expect(reversed.code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe('background jobs', () => {
  let queue: FailingQueue;
  beforeAll(async () => {
    queue = await startFailingQueue(t);
  });
  afterAll(async () => {
    await queue?.stop();
  });

  it('counts jobs by queue and state, lists failed jobs with their errors, and retries one (audited)', async () => {
    const job = await queue.failedJob();
    const overview = await expectOk(t.call(adminOperationsOverview, {}, admin));
    const counts = overview.queues.find((entry) => entry.name === FAILING_QUEUE);
    expect(counts?.counts.failed).toBeGreaterThanOrEqual(1);
    expect(overview.operators).toEqual(expect.arrayContaining([{ id: adminId, account: 'admin' }]));

    const failed = await expectOk(t.call(adminListFailedJobs, { queue: FAILING_QUEUE }, admin));
    const listed = failed.list.find((entry) => entry.id === job.id);
    expect(listed?.error).toContain(FAILING_JOB_ERROR);

    await expectOk(t.call(adminRetryJob, job, admin));
    expect(await queue.stateOf(job.id)).not.toBe('failed');
    const [row] = await auditRows("action = 'job.retry' and target_id = $1", [job.id]);
    expect((row.before as { state: string }).state).toBe('failed');
    expect(row.changed_fields).toEqual(expect.arrayContaining(['state', 'retry_limit']));

    // Not failed (any more): nothing to retry, nothing recorded.
    const again = await t.call(
      adminRetryJob,
      { queue: FAILING_QUEUE, id: '00000000-0000-4000-8000-000000000000' },
      admin,
    );
    expect(again.code).toBe(ErrorCode.NOT_FOUND);
    expect(await auditRows("action = 'job.retry'")).toHaveLength(1);
  });
});

describe("providers' last errors", () => {
  it('records a failed test send for the operations page, with our reason and not the remote banner', async () => {
    // A listener that talks, but not SMTP: its banner must not reach the page.
    const server = createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6 secret-banner\r\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      await expectOk(
        t.call(
          adminSetConfig,
          {
            group: 'mail',
            values: {
              smtp_host: '127.0.0.1',
              smtp_port: port,
              smtp_security: 'none',
              smtp_user: '',
              smtp_password: '',
              mail_sender: 'Parlour <noreply@parlour.test>',
            },
          },
          admin,
        ),
      );
      const answer = await t.call(adminTestSendEmail, { to: 'someone@parlour.test' }, admin);
      expect(answer.code).not.toBe(200);
    } finally {
      server.close();
    }
    await t.app.services.providerStatus.settle();
    const { providers } = await expectOk(t.call(adminOperationsOverview, {}, admin));
    const mail = providers.find((provider) => provider.provider === 'mail')!;
    expect(mail.error_count).toBeGreaterThanOrEqual(1);
    expect(mail.last_error).toBeTruthy();
    expect(mail.last_error).not.toContain('secret-banner');
    expect(providers.find((provider) => provider.provider === 'sms')!.last_error).toBeNull();
  });
});
