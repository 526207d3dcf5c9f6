import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The toast of a server failure (a SERVER_ERROR answer, an HTTP 5xx): the message, then the request
 * id the API logged the failure under with a copy button, so the user can quote it to support.
 * Loaded on the first server failure (request-error-config.ts): antd's Typography stays out of the
 * login page's budget.
 */
export default function ServerErrorMessage({ message, requestId }: { message: string; requestId: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {message}
      <br />
      <Typography.Text type="secondary" copyable={{ text: requestId }}>
        {t('request.requestId', { requestId })}
      </Typography.Text>
    </span>
  );
}
