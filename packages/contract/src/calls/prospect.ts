import { z } from 'zod';
import { defineCall } from '../call';
import { DEFAULT_PHONE_COUNTRY, isPhoneCountry, PHONE_INPUT_MAX_LENGTH, toE164 } from '../phone';
import { listOutput, sortFields, ZPageInput, rowId } from '../schemas';
import { withDateRangeCheck, ZDateRangeFields } from './report';

/** Prospects: leads left through the public site's message form (spec §3 message board, §5, §7 cms/message_board). */

/** `new`: nobody has contacted the lead yet; `followed_up`: an operator has, and says how in the remark. */
export const PROSPECT_STATUSES = ['new', 'followed_up'] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];
/** Messages one address may leave per hour; the next one answers TOO_MANY_REQUESTS. */
export const PROSPECT_SUBMITS_PER_IP_PER_HOUR = 5;
export const PROSPECT_NAME_MAX_LENGTH = 50;
export const PROSPECT_CONTENT_MAX_LENGTH = 1000;
export const PROSPECT_REMARK_MAX_LENGTH = 500;

/**
 * The message form: name, a valid phone and content, all required (spec §5). The phone is taken as
 * people write it ("+44 7911 123456", "138 0013 8000") and read in `country` unless it names its own
 * (libphonenumber, packages/contract/src/phone.ts); the server stores it as E.164.
 */
export const ZMessageInput = z
  .object({
    name: z
      .string({ error: 'prospect_name_required' })
      .trim()
      .min(1, { error: 'prospect_name_required' })
      .max(PROSPECT_NAME_MAX_LENGTH, { error: 'prospect_name_length' }),
    /** ISO 3166-1 alpha-2 country a local number is read in; CN when absent. */
    country: z
      .string({ error: 'prospect_country_invalid' })
      .trim()
      .toUpperCase()
      .refine(isPhoneCountry, { error: 'prospect_country_invalid' })
      .default(DEFAULT_PHONE_COUNTRY),
    contact: z
      .string({ error: 'prospect_contact_required' })
      .trim()
      .min(1, { error: 'prospect_contact_required' })
      .max(PHONE_INPUT_MAX_LENGTH, { error: 'prospect_contact_invalid' }),
    content: z
      .string({ error: 'prospect_content_required' })
      .trim()
      .min(1, { error: 'prospect_content_required' })
      .max(PROSPECT_CONTENT_MAX_LENGTH, { error: 'prospect_content_length' }),
  })
  .superRefine((value, context) => {
    if (toE164(value.contact, value.country) === null)
      context.addIssue({ code: 'custom', message: 'prospect_contact_invalid', path: ['contact'] });
  });
export type TMessageInput = z.input<typeof ZMessageInput>;

export const ZProspect = z.object({
  id: z.number().int(),
  name: z.string(),
  /** E.164 (+8613800138000) since numbers are normalised; older rows as they were typed. */
  contact: z.string(),
  content: z.string(),
  /** The address the message came from. */
  ip: z.string().nullable(),
  status: z.enum(PROSPECT_STATUSES),
  remark: z.string(),
  followed_up_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProspect = z.infer<typeof ZProspect>;

/** Columns the prospect list sorts on (default: newest first). */
export const PROSPECT_SORT_FIELDS = ['created_at', 'followed_up_at'] as const;
export type ProspectSortField = (typeof PROSPECT_SORT_FIELDS)[number];
export const ZProspectListInput = withDateRangeCheck(
  ZPageInput.extend(ZDateRangeFields.shape)
    .extend({
      /**
       * Matches the name, the contact or the content; a phone number as people write it ("+44 7911 123456",
       * "139 1234 5678") matches the stored E.164 contact.
       */
      keyword: z.string().trim().max(100).optional(),
      status: z.enum(PROSPECT_STATUSES, { error: 'prospect_status_invalid' }).optional(),
    })
    .extend(sortFields(PROSPECT_SORT_FIELDS).shape),
);
export type TProspectListInput = z.input<typeof ZProspectListInput>;

export const ZProspectEditInput = z.object({
  id: rowId('id_required'),
  status: z.enum(PROSPECT_STATUSES, { error: 'prospect_status_invalid' }).default('followed_up'),
  remark: z.string().trim().max(PROSPECT_REMARK_MAX_LENGTH, { error: 'prospect_remark_length' }).default(''),
});
export type TProspectEditInput = z.input<typeof ZProspectEditInput>;

export const adminListProspects = defineCall({
  path: 'admin/cms/message_board/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'Leads from the message form by name/contact/content keyword (a phone number in any common format matches), ' +
    'status and creation day, newest first or sorted on created or followed-up time; plus the count of new ones',
  input: ZProspectListInput,
  output: listOutput(ZProspect).extend({ new_count: z.number().int() }),
});
export const adminEditProspect = defineCall({
  path: 'admin/cms/message_board/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Marks a lead followed up (or new again) with a remark',
  input: ZProspectEditInput,
  output: ZProspect,
});
export const addMessage = defineCall({
  path: 'merchant/cms/message_board/add',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: true,
  summary: "The public site's message form; at most 5 messages per address per hour",
  input: ZMessageInput,
  output: z.null(),
});
