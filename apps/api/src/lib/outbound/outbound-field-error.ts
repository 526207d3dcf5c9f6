import type { Lang } from '@parlour/contract/errors';
import { validationMessages } from '@parlour/contract/i18n/validation';
import { AppError } from '../app-error';
import { OutboundError } from './outbound-policy';

/** The settings fields holding an outbound address, with the messages naming each. */
const FIELD_MESSAGES = {
  base_url: { internal: 'base_url_internal', insecure: 'base_url_not_https' },
  smtp_host: { internal: 'smtp_host_internal', insecure: 'smtp_host_internal' },
  webhook_url: { internal: 'webhook_url_internal', insecure: 'webhook_url_not_https' },
} as const satisfies Record<
  string,
  { internal: keyof typeof validationMessages; insecure: keyof typeof validationMessages }
>;
export type OutboundField = keyof typeof FIELD_MESSAGES;

/**
 * Runs a save-time outbound check (`policy.checkUrlOnSave` / `checkHostOnSave`) and turns a refusal
 * into the validation failure naming the field, in the caller's language. `path` is the field as the
 * call's input names it (`values.smtp_host` inside a settings group).
 */
export async function checkOutboundOnSave(
  check: () => Promise<void>,
  field: OutboundField,
  lang: Lang,
  path: string = field,
): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const messages =
      validationMessages[error.kind === 'insecure' ? FIELD_MESSAGES[field].insecure : FIELD_MESSAGES[field].internal];
    throw new AppError('VALIDATION_FAILED', { messages, data: { errors: [{ field: path, message: messages[lang] }] } });
  }
}
