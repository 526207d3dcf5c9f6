import { describe, expect, it } from 'vitest';
import { allCalls } from './calls/all';

/** A pattern matching exactly one of `verbs` (each a regular expression source). */
const oneOf = (verbs: readonly string[]) => new RegExp(`^(${verbs.join('|')})$`);

/** The last segment of a path names what the call does; these only read (the bare /api/v1 call has none). */
const READ_VERBS = oneOf([
  '',
  'lists?',
  'page',
  'detail',
  'configList',
  'configGet',
  'overview',
  'export',
  '.*_lists',
  '.*_trend',
  '.*_distribution',
  '.*_stats',
  '.*_enum',
  'api_list',
  'api_logs?',
  'api_log_detail',
  'dashboard',
  'check_site_status',
  'merchant_store_usage',
  'plan_list',
  'reveal',
  'plugin_page',
  'public_lists',
  'unread_lists',
  'suspension_notices',
  'sessions',
  'two_factor',
  'settings',
  'methods',
  'shop_page',
]);
/** These change something: every one must be keyed by an Idempotency-Key. */
const WRITE_VERBS = oneOf([
  'add',
  'edit',
  'delete',
  'cancel',
  'renew',
  'buy',
  'pay_page',
  'submit',
  'set_config',
  'set_status',
  'up_status',
  'enable',
  'rotate',
  'mark_read',
  'login',
  'logout',
  'register',
  'mobile_register',
  'forgot_password',
  'mobile_forgot_password',
  'change_password',
  'email',
  'mobile',
  'check_ems',
  'check_sms',
  'image',
  'edit_fun',
  'edit_price',
  'api_add',
  'api_edit',
  'config_edit',
  'createPackageOrder',
  'backend_redirect',
  'test_send_.*',
  'dismiss_suspension_notices',
  'end_session',
  'end_other_sessions',
  'two_factor_setup',
  'two_factor_enable',
  'two_factor_disable',
  'login_two_factor',
  'retry',
  'check',
  'change_main',
  'set_redirect',
  'set_settings',
  'test_connection',
  'refund',
  'move',
]);

describe('isWrite on every call', () => {
  it('is true for every call that changes something and false for every read', () => {
    const wrong = allCalls
      .map((call) => ({ path: call.path, verb: call.path.split('/').at(-1) ?? '', isWrite: call.isWrite }))
      .filter(({ verb, isWrite }) => (WRITE_VERBS.test(verb) ? !isWrite : READ_VERBS.test(verb) ? isWrite : true));
    // A call whose verb is in neither list must be added to one of them, deliberately.
    expect(wrong).toEqual([]);
  });
});
