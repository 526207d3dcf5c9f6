// @vitest-isolate: what the catalogues hold depends on what was asked of the module since its first import.
import { afterEach, describe, expect, it } from 'vitest';
import { contractTexts } from '../locales/contract-texts';
import enUS from '../locales/en-US.json';
import {
  addCatalogue,
  addContractTexts,
  changeLanguage,
  forgetCatalogue,
  i18n,
  includeConsoleTexts,
  languageShown,
} from './i18n';

/** The setup registers both catalogues; these tests take English away to see it loaded on demand. */
describe('catalogues loaded per language', () => {
  afterEach(() => {
    addCatalogue('en-US', enUS);
    addContractTexts('en-US', contractTexts('en-US'));
  });

  it('switches at once to a language whose catalogue is loaded', () => {
    changeLanguage('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('common.cancel')).toBe('取消');
  });

  it('loads a catalogue on first use and switches once it is there', async () => {
    changeLanguage('zh-CN');
    forgetCatalogue('en-US');
    changeLanguage('en-US');
    expect(i18n.language).toBe('zh-CN');
    await languageShown();
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('common.cancel')).toBe('Cancel');
    // The contract's messages in that language come with its public part.
    expect(i18n.t('validation:account_required')).toBe('Account is required');
    expect(i18n.t('errors:LOAD_FAILED')).toBe('Failed to load, please try again');
  });

  it('lets a later request win over a catalogue still loading', async () => {
    changeLanguage('zh-CN');
    forgetCatalogue('en-US');
    changeLanguage('en-US');
    const english = languageShown();
    changeLanguage('zh-CN');
    await english;
    expect(i18n.language).toBe('zh-CN');
  });

  it('loads the public part first and the console part once a console page asks for it, then with every language', async () => {
    changeLanguage('zh-CN');
    forgetCatalogue('en-US');
    changeLanguage('en-US');
    await languageShown();
    // Whatever pages were visited before, English now has at least its public texts.
    expect(i18n.t('auth.login.submit')).toBe('Log in');
    expect(i18n.t('traffic.tab.logs')).toBe('traffic.tab.logs');
    await includeConsoleTexts();
    expect(i18n.t('traffic.tab.logs')).toBe('Logs');

    changeLanguage('zh-CN');
    forgetCatalogue('en-US');
    changeLanguage('en-US');
    await languageShown();
    // The console was needed once, so the switch brought both parts.
    expect(i18n.t('traffic.tab.logs')).toBe('Logs');
    expect(i18n.t('common.cancel')).toBe('Cancel');
  });
});
