import { afterEach, describe, expect, it } from 'vitest';
import { getRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from './runtime-config';

function writeDataBlock(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

describe('getRuntimeConfig', () => {
  afterEach(() => document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove());

  it('reads the hosts from the JSON data block the server writes into index.html', () => {
    writeDataBlock('{"siteHosts":["WWW.Example.test"],"consoleHosts":["shop.example.test",""]}');
    expect(getRuntimeConfig()).toEqual({ siteHosts: ['www.example.test'], consoleHosts: ['shop.example.test'] });
  });

  it('answers empty lists without the block (vite dev) or with a broken one', () => {
    expect(getRuntimeConfig()).toEqual({ siteHosts: [], consoleHosts: [] });
    writeDataBlock('{not json');
    expect(getRuntimeConfig()).toEqual({ siteHosts: [], consoleHosts: [] });
  });
});
