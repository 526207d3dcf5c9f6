import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLang, i18n } from './i18n';

/**
 * dayjs in the interface language. Import dayjs from here, not from 'dayjs': pages that show
 * no dates (the login page) then do not load it.
 */
const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'en-US': 'en' } as const;

function applyLocale(): void {
  dayjs.locale(DAYJS_LOCALES[currentLang()]);
}

applyLocale();
i18n.on('languageChanged', applyLocale);

export { dayjs };
