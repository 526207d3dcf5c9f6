import { ReloadOutlined } from '@ant-design/icons';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { fieldErrorId, FormField } from '@/components/form-field';

interface CaptchaFieldProps {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  svg: string | undefined;
  isLoading: boolean;
  onRefresh: () => void;
}

/** The image captcha: the SVG from the server (drawn as an image, so its markup cannot run) and the answer field. */
export function CaptchaField({ id, value, error, onChange, onBlur, svg, isLoading, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField htmlFor={id} label={t('auth.captcha.label')} error={error}>
      <div className="captcha-field">
        <Input
          id={id}
          size="large"
          autoComplete="off"
          placeholder={t('auth.captcha.placeholder')}
          maxLength={12}
          value={value}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldErrorId(id)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="captcha-image"
          onClick={onRefresh}
          aria-label={t('auth.captcha.refresh')}
          title={t('auth.captcha.refresh')}
        >
          {svg && !isLoading ? (
            <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={t('auth.captcha.imageAlt')} />
          ) : (
            <span className="captcha-image__placeholder" aria-hidden />
          )}
          <ReloadOutlined className="captcha-image__icon" aria-hidden />
        </button>
      </div>
    </FormField>
  );
}
