import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What every plugin settings form has: a word on what buyers see, the fields, and the save button. */
export function SettingsFormFrame(props: { intro: string; isSaving: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      {props.children}
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={props.isSaving}>
          {t('pluginSettings.save')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** Props every plugin settings form takes from the drawer. */
export interface SettingsFormProps {
  shopId: string;
  /** Tells the drawer whether the form holds unsaved changes (its leave guard). */
  onDirtyChange: (isDirty: boolean) => void;
}
