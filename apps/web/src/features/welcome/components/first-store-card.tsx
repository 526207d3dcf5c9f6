import { ShopOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Where the store list opens its create dialog (features/store reads `?create=`). */
export const CREATE_TRIAL_PATH = '/merchant/store?create=trial';
export const CREATE_BUY_PATH = '/merchant/store?create=buy';

/** A merchant without a store: what a store is, and one clear way to create the first one. */
export function FirstStoreCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="welcome-card first-store" aria-labelledby="first-store-title">
      <Flex gap={24} align="center" wrap>
        <span className="first-store__icon" aria-hidden>
          <ShopOutlined />
        </span>
        <div className="first-store__text">
          <Typography.Title level={4} id="first-store-title">
            {t('welcome.firstStore.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('welcome.firstStore.body')}</Typography.Paragraph>
          <ol className="first-store__steps">
            <li>{t('welcome.firstStore.step1')}</li>
            <li>{t('welcome.firstStore.step2')}</li>
            <li>{t('welcome.firstStore.step3')}</li>
          </ol>
          <Flex gap={12} wrap>
            <Button type="primary" size="large" onClick={() => void navigate(CREATE_TRIAL_PATH)}>
              {t('welcome.firstStore.create')}
            </Button>
            <Button size="large" onClick={() => void navigate(CREATE_BUY_PATH)}>
              {t('welcome.firstStore.buy')}
            </Button>
          </Flex>
        </div>
      </Flex>
    </Card>
  );
}
