import { afterEach, describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import { addCatalogue, changeLanguage, i18n, languageShown } from './i18n';

/** The setup registers both catalogues; these tests take English away to see it loaded on demand. */
describe('catalogues loaded per language', () => {
  afterEach(() => {
    addCatalogue('en-US', enUS);
  });

  it('switches at once to a language whose catalogue is loaded', () => {
    changeLanguage('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('common.cancel')).toBe('取消');
  });

  it('loads a catalogue on first use and switches once it is there', async () => {
    changeLanguage('zh-CN');
    i18n.removeResourceBundle('en-US', 'translation');
    changeLanguage('en-US');
    expect(i18n.language).toBe('zh-CN');
    await languageShown();
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('common.cancel')).toBe('Cancel');
  });

  it('lets a later request win over a catalogue still loading', async () => {
    changeLanguage('zh-CN');
    i18n.removeResourceBundle('en-US', 'translation');
    changeLanguage('en-US');
    const english = languageShown();
    changeLanguage('zh-CN');
    await english;
    expect(i18n.language).toBe('zh-CN');
  });
});
