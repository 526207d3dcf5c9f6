import { merchantConfigList, type TPublicSiteSettings } from '@parlour/contract/calls/site-settings';
import { useEffect, useSyncExternalStore } from 'react';
import { callApi } from './request';

/**
 * The public site configuration the operator sets (site name, logo, icon, keywords, description,
 * record number, copyright, service phone), shown by the site layout, both consoles and the
 * sign-in pages. Fetched once per page load through the plain request layer (no react-query, so
 * the login page's first load stays small) and kept in localStorage, so a reload shows the right
 * name and logo at once.
 */

const STORAGE_KEY = 'parlour.public-config';

let current: TPublicSiteSettings | null = readStored();
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function readStored(): TPublicSiteSettings | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as TPublicSiteSettings) : null;
  } catch {
    return null;
  }
}

/** Replaces the configuration shown (after a fetch, or when the operator saves the site group). */
export function setPublicConfig(config: TPublicSiteSettings | null) {
  current = config;
  try {
    if (config) localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the configuration still applies to this page.
  }
  applyDocumentHead(config);
  listeners.forEach((listener) => listener());
}

/** Sets the configuration without fetching it (tests; a page that already has it). */
export function presetPublicConfig(config: TPublicSiteSettings | null) {
  loading = Promise.resolve();
  setPublicConfig(config);
}

/** Fetches the configuration once per page load; failures keep what is shown (it is decoration, never an error to show). */
export function loadPublicConfig(): Promise<void> {
  loading ??= callApi(merchantConfigList, {}, { skipErrorHandler: true })
    .then((config) => setPublicConfig(config))
    .catch(() => {
      loading = null;
    });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The configuration, or null until the first answer (callers show the product's own name then). */
export function usePublicConfig(): TPublicSiteSettings | null {
  const config = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  useEffect(() => {
    void loadPublicConfig();
  }, []);
  return config;
}

function setMeta(name: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** Keywords and description into the document head, the icon as the favicon. */
export function applyDocumentHead(config: TPublicSiteSettings | null) {
  if (typeof document === 'undefined') return;
  setMeta('keywords', config?.keywords ?? '');
  setMeta('description', config?.description ?? '');
  if (config?.ico) {
    let icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    icon.removeAttribute('type');
    icon.href = config.ico;
  }
}

applyDocumentHead(current);
