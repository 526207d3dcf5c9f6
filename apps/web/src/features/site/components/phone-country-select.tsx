import { callingCodeOf, PHONE_COUNTRIES } from '@parlour/contract/phone';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface PhoneCountrySelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/** Country names in the reader's language, from the browser (no table of our own to keep). */
function countryNames(lang: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/**
 * The country a local phone number is read in: "CN +86" when closed, searchable by name, code or
 * calling code when open. A number typed with + names its own country whatever is chosen here.
 */
export function PhoneCountrySelect({ id, value, onChange, disabled }: PhoneCountrySelectProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => {
    const nameOf = countryNames(i18n.language);
    return PHONE_COUNTRIES.map((code) => {
      const callingCode = callingCodeOf(code);
      const name = nameOf(code);
      return {
        value: code,
        label: `${name} ${callingCode}`,
        short: `${code} ${callingCode}`,
        search: `${name} ${code} ${callingCode}`.toLowerCase(),
      };
    }).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      aria-label={t('messageForm.country')}
      showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()) }}
      options={options}
      optionRender={(option) => option.data.label}
      labelRender={({ value: code }) => options.find((option) => option.value === code)?.short ?? String(code)}
      popupMatchSelectWidth={280}
      // Inline: the compact group's own rules would otherwise stretch the select over the number.
      style={{ width: 116, flex: 'none' }}
    />
  );
}
