import { adminSetConfig, type TSetConfigInput } from '@parlour/contract/calls/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { setPublicConfig } from '@/lib/public-config';
import { adminSettingsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Saves one group; the answer is every group as saved. */
export function setConfig(input: TSetConfigInput) {
  return callApi(adminSetConfig, input);
}

export function useSetConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConfig,
    onSuccess: (saved, input) => {
      queryClient.setQueryData(adminSettingsKey, saved);
      // The site group and the business time zone are what the layouts and filters show: they change at once.
      if (input.group === 'site' || input.group === 'platform')
        setPublicConfig({ ...saved.site, business_time_zone: saved.platform.business_time_zone });
    },
  });
}

type SecretGroup = 'mail' | 'sms' | 'wecom';
type GroupValues<G extends SecretGroup> = Extract<TSetConfigInput, { group: G }>['values'];

/**
 * Saves a group holding a write-only secret (the SMTP password, the SMS AccessKey Secret, the WeCom
 * webhook): the secret's field starts empty and an empty one keeps the stored secret; once saved it
 * is emptied again, so a secret never stays in the form.
 */
export function useSaveWithSecret<G extends SecretGroup, V extends Partial<GroupValues<G>>>(
  group: G,
  secretField: keyof V & string,
  form: FormInstance<V>,
) {
  const { t } = useTranslation();
  const save = useSetConfig();
  const onFinish = (next: V) =>
    save.mutate({ group, values: { ...next, [secretField]: next[secretField] ?? '' } } as TSetConfigInput, {
      onSuccess: () => {
        form.setFieldValue(secretField as never, '');
        feedback.success(t('adminSettings.saved'));
      },
    });
  return { save, onFinish };
}
