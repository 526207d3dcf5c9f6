import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { ResponseEncoding } from '../../../plugins/compression';
import { precompress } from '../../../plugins/web';

/** Where a store host serves the storefront's built files (`/_assets/storefront-<hash>.js`). */
export const STOREFRONT_ASSETS_PREFIX = '/_assets/';
/** The storefront's JavaScript per page, gzip-compressed, may not pass this (issue 24 §6); the build fails past it. */
export const STOREFRONT_SCRIPT_BUDGET_KB = 50;

const ENTRY = fileURLToPath(new URL('./client/storefront-client.ts', import.meta.url));

/** The storefront's client script as it is served: its hashed name, SRI digest and bytes in each encoding. */
export interface StorefrontScript {
  fileName: string;
  /** `/_assets/<fileName>`. */
  path: string;
  /** The `integrity` attribute of its `<script>` element (subresource integrity). */
  integrity: string;
  bodies: Record<ResponseEncoding | 'identity', Buffer>;
}

/**
 * Bundles client/ (TypeScript) into one minified classic script with esbuild, the compiler tsx already
 * runs the API with: a pure function of the sources, so every build of the same sources gives the same
 * file name. Takes about 50 ms.
 */
export async function bundleStorefrontScript(): Promise<StorefrontScript> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const fileName = `storefront-${hash}.js`;
  return {
    fileName,
    path: `${STOREFRONT_ASSETS_PREFIX}${fileName}`,
    integrity: `sha384-${createHash('sha384').update(code).digest('base64')}`,
    bodies: precompress(code),
  };
}

/** Its size as sent to a client that takes gzip, in KB: what the budget counts. */
export const gzipKbOf = (script: StorefrontScript) => script.bodies.gzip.length / 1024;

let loading: Promise<StorefrontScript | undefined> | undefined;
let loaded: StorefrontScript | undefined;

/**
 * The script of this process, bundled on first use and kept: it depends on the sources alone, so every
 * app in the process shares it (tests build many). Undefined when bundling failed (logged): the pages
 * then go without it, which they are made to do.
 */
export function loadStorefrontScript(onError: (error: unknown) => void = console.error) {
  loading ??= bundleStorefrontScript().then(
    (script) => (loaded = script),
    (error: unknown) => {
      onError(error);
      return undefined;
    },
  );
  return loading;
}

/** The loaded script, if loadStorefrontScript has finished (pages are rendered after it has). */
export const storefrontScript = () => loaded;
