/**
 * The storefront's JavaScript budget (issue 24 §6): the client script every store page loads
 * (src/modules/storefront/storefront/client/, bundled by storefront-script.ts exactly as the server
 * bundles it on its first store page) must stay within STOREFRONT_SCRIPT_BUDGET_KB gzip-compressed.
 * `npm run build` runs it after the console's build and fails past the budget; by hand:
 *
 *   npm run check:storefront-budget --workspace apps/api
 *
 * The server builds the script in memory from the sources (so `npm start` and the tests need no
 * build step and never serve a stale copy): this check writes nothing.
 */
import {
  bundleStorefrontScript,
  gzipKbOf,
  STOREFRONT_SCRIPT_BUDGET_KB,
} from '../src/modules/storefront/storefront/storefront-script';

const script = await bundleStorefrontScript();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipKb = gzipKbOf(script);
console.log(
  `Storefront script ${script.path}: ${kb(script.bodies.gzip.length)} gzip ` +
    `(brotli ${kb(script.bodies.br.length)}, raw ${kb(script.bodies.identity.length)}), budget ${STOREFRONT_SCRIPT_BUDGET_KB} KB gzip per page.`,
);
if (gzipKb > STOREFRONT_SCRIPT_BUDGET_KB) {
  console.error(
    `Budget exceeded: store pages would load ${gzipKb.toFixed(1)} KB of JavaScript (gzip; budget ${STOREFRONT_SCRIPT_BUDGET_KB} KB).`,
  );
  process.exit(1);
}
