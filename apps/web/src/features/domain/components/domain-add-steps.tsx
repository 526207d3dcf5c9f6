import { CheckCircleFilled } from '@ant-design/icons';
import { ZDomainAddInput, type TDomain, type TDomainList } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { Alert, Button, Flex, Form, Grid, Input, Result, Skeleton, Space, Steps, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/button-link';
import { isApiError } from '@/lib/api-error';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { ADD_DOMAIN_FIELD_ERRORS, useAddDomain } from '../api/add-domain';
import { CHECK_FAILURES, useCheckDomain } from '../api/check-domain';
import { customDomainUsage, DOMAIN_PATHS, domainPageLink } from '../api/domain-console';
import { useDomains } from '../api/list-domains';
import { DnsRecords } from './dns-records';
import { PrimaryTag } from './domain-tags';

const formatTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

/** The message a refused add names its field with: the API's field error, else its message. */
function fieldErrorOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.code === undefined || !ADD_DOMAIN_FIELD_ERRORS.includes(error.code)) return undefined;
  const errors = (error.data as { errors?: { field?: string; message?: string }[] } | null)?.errors;
  return errors?.find((entry) => entry.field === 'domain')?.message ?? error.message;
}

/** Step 1: the domain, checked as the API checks it; the API's refusals (taken, a public suffix…) land on the field. */
function FillStep({ role, list, onAdded }: { role: Role; list: TDomainList; onAdded: (domain: TDomain) => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<{ domain?: string }>();
  const add = useAddDomain(role);
  const { isAtLimit } = customDomainUsage(list);

  const onFinish = ({ domain }: { domain?: string }) => {
    const parsed = ZDomainAddInput.safeParse({ shop_id: list.shop_id, domain });
    if (!parsed.success) return feedback.error(t('validation:form_error'));
    add.mutate(parsed.data, {
      onSuccess: onAdded,
      onError: (error) => {
        const message = fieldErrorOf(error);
        if (message) form.setFields([{ name: 'domain', errors: [message] }]);
      },
    });
    return undefined;
  };

  return (
    <div className="domain-step">
      {isAtLimit ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('domain.list.limitReached', { limit: list.limit })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        name="domain_add"
        layout="vertical"
        noValidate
        requiredMark
        style={{ maxWidth: 560 }}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        disabled={add.isPending}
      >
        <Form.Item
          name="domain"
          label={t('domain.field.domain')}
          required
          rules={[fieldRule(ZDomainAddInput, 'domain')]}
          extra={t('domain.add.domainHint')}
        >
          <Input
            placeholder={t('domain.add.domainPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            maxLength={253}
          />
        </Form.Item>
        <Space wrap style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" loading={add.isPending} disabled={isAtLimit}>
            {t('domain.add.submit')}
          </Button>
          <ButtonLink to={domainPageLink(DOMAIN_PATHS[role].list, list.shop_id)} disabled={false}>
            {t('domain.add.backToList')}
          </ButtonLink>
        </Space>
      </Form>
    </div>
  );
}

/** An apex's A/AAAA records are listed only when the operator has published the platform's addresses. */
const hasAddressRecords = (domain: TDomain) =>
  domain.records.some((record) => record.type === 'A' || record.type === 'AAAA');

/** What the records are for: a CNAME, an apex's addresses, or (none published) the TXT token alone. */
function introOf(t: TFunction, domain: TDomain, target: string) {
  if (!domain.is_apex) return t('domain.verify.intro', { target });
  return hasAddressRecords(domain) ? t('domain.verify.introApex') : t('domain.verify.introApexTxtOnly');
}

/** Step 2: the records to create, and a check that says exactly what is wrong. */
function VerifyStep({ role, list, domain }: { role: Role; list: TDomainList; domain: TDomain }) {
  const { t } = useTranslation(['translation', 'errors']);
  const check = useCheckDomain(role);
  const onCheck = () =>
    check.mutate(domain.id, {
      onSuccess: (checked) => {
        if (checked.status === 'bound') feedback.success(t('domain.verify.bound', { domain: checked.display_domain }));
      },
    });
  const checkError =
    check.error &&
    isApiError(check.error) &&
    check.error.code !== undefined &&
    CHECK_FAILURES.includes(check.error.code)
      ? check.error
      : null;
  const checkedView = (checkError?.data as { domain?: TDomain } | null | undefined)?.domain;
  // The reason of the last check: this one's answer, else the list's (the platform's own checks too).
  const reason = checkError ? checkedView?.failure_message || checkError.message : domain.failure_message;

  return (
    <div className="domain-step">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('domain.verify.title', { domain: domain.display_domain })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{introOf(t, domain, list.system_domain)}</Typography.Paragraph>
      {domain.is_apex && !hasAddressRecords(domain) ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={t('domain.verify.apexUnpublishedTitle')}
          description={t('domain.verify.apexUnpublished', { domain: domain.display_domain })}
        />
      ) : null}
      <DnsRecords records={domain.records} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 13 }}>
        {t('domain.records.nameHint')}
      </Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ margin: '16px 0' }}
        title={t('domain.verify.propagation', { minutes: list.dns_propagation_minutes })}
        description={
          domain.next_check_at
            ? t('domain.verify.autoCheck', { next: formatTime(domain.next_check_at) })
            : t('domain.verify.autoCheckEnded')
        }
      />
      {reason ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={t('errors:DOMAIN_VERIFICATION_FAILED')}
          description={
            <>
              <div data-testid="domain-failure-reason">{reason}</div>
              {domain.last_checked_at ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('domain.verify.lastChecked', { time: formatTime(domain.last_checked_at) })}
                </Typography.Text>
              ) : null}
            </>
          }
        />
      ) : null}
      <Space wrap>
        <Button type="primary" loading={check.isPending} onClick={onCheck}>
          {t('domain.verify.check')}
        </Button>
        <ButtonLink to={domainPageLink(DOMAIN_PATHS[role].list, list.shop_id)}>{t('domain.verify.later')}</ButtonLink>
      </Space>
    </div>
  );
}

/** Step 3: bound, and what happens next (certificate, primary, redirects). */
function CompleteStep({ role, list, domain }: { role: Role; list: TDomainList; domain: TDomain }) {
  const { t } = useTranslation();
  const primary = list.list.find((candidate) => candidate.is_primary);
  const paths = DOMAIN_PATHS[role];
  const { isAtLimit } = customDomainUsage(list);
  return (
    <Result
      className="domain-result"
      status="success"
      title={t('domain.complete.title', { domain: domain.display_domain })}
      subTitle={t('domain.complete.subtitle', { store: list.shop_name, time: formatTime(domain.verified_at) })}
      extra={
        <Space wrap style={{ justifyContent: 'center' }}>
          <ButtonLink type="primary" to={domainPageLink(paths.list, list.shop_id)}>
            {t('domain.complete.backToList')}
          </ButtonLink>
          {isAtLimit ? null : (
            <ButtonLink to={domainPageLink(paths.add, list.shop_id)}>{t('domain.complete.addAnother')}</ButtonLink>
          )}
        </Space>
      }
    >
      <div className="domain-next">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('domain.complete.nextTitle')}
        </Typography.Title>
        <ul className="domain-next__list">
          <li>
            <CheckCircleFilled className="domain-next__icon" />
            <span>{t('domain.complete.certificate', { domain: domain.domain })}</span>
          </li>
          <li>
            <CheckCircleFilled className="domain-next__icon" />
            <span>
              {domain.is_primary ? (
                <>
                  <PrimaryTag /> {t('domain.complete.isPrimary')}
                </>
              ) : (
                t('domain.complete.notPrimary', { primary: primary?.display_domain ?? list.system_domain })
              )}
            </span>
          </li>
          <li>
            <CheckCircleFilled className="domain-next__icon" />
            <span>{t('domain.complete.redirects')}</span>
          </li>
        </ul>
      </div>
    </Result>
  );
}

/**
 * The add-domain steps (spec §2): fill the domain → verify its DNS records → complete. The store and
 * the domain being added are in the URL (`?shop_id=…&domain=…`) and the step follows the domain's
 * status, so a reload, the back button or a link from the list lands on the same step.
 */
export function DomainAddSteps({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const shopId = searchParams.get('shop_id') ?? '';
  const wanted = (searchParams.get('domain') ?? '').trim().toLowerCase();
  const domains = useDomains(role, shopId);
  const paths = DOMAIN_PATHS[role];
  const isPhone = Grid.useBreakpoint().md === false;

  if (shopId === '') return <Navigate to={paths.list} replace />;

  const list = domains.data;
  const domain = wanted
    ? list?.list.find((candidate) => candidate.domain === wanted || candidate.display_domain.toLowerCase() === wanted)
    : undefined;
  const step = wanted === '' ? 0 : domain?.status === 'bound' ? 2 : 1;

  let body;
  if (domains.isError) {
    body = (
      <Result
        status="warning"
        title={t('domain.list.loadFailed')}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button onClick={() => void domains.refetch()}>{t('domain.list.retry')}</Button>
            <ButtonLink to={paths.list}>{t('domain.add.backToList')}</ButtonLink>
          </Space>
        }
      />
    );
  } else if (!list || (wanted !== '' && !domain && domains.isFetching)) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (wanted !== '' && !domain) {
    body = (
      <Result
        status="404"
        title={t('domain.add.notFound', { domain: wanted })}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <ButtonLink type="primary" to={domainPageLink(paths.add, shopId)}>
              {t('domain.complete.addAnother')}
            </ButtonLink>
            <ButtonLink to={domainPageLink(paths.list, shopId)}>{t('domain.add.backToList')}</ButtonLink>
          </Space>
        }
      />
    );
  } else if (step === 0) {
    body = (
      <FillStep
        role={role}
        list={list}
        onAdded={(added) => void navigate(domainPageLink(paths.add, shopId, added.domain))}
      />
    );
  } else if (domain && step === 1) {
    body = <VerifyStep key={domain.id} role={role} list={list} domain={domain} />;
  } else if (domain) {
    body = <CompleteStep role={role} list={list} domain={domain} />;
  }

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 20 }}>
        <Typography.Text>
          {t('domain.add.store')}
          <Typography.Text strong>{list ? `${list.shop_name} (${list.shop_id})` : shopId}</Typography.Text>
        </Typography.Text>
      </Flex>
      <Steps
        // Across even a phone's width, titles under their numbers: stacked steps would push the step itself off the first screen.
        responsive={false}
        titlePlacement={isPhone ? 'vertical' : 'horizontal'}
        size={isPhone ? 'small' : 'default'}
        current={step}
        status={step === 2 ? 'finish' : 'process'}
        className="domain-steps"
        items={[
          { title: t('domain.steps.fill') },
          { title: t('domain.steps.verify') },
          { title: t('domain.steps.complete') },
        ]}
        style={{ marginBottom: 28 }}
      />
      {body}
    </>
  );
}
