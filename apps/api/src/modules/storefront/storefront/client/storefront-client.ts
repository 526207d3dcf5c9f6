/**
 * The storefront's client script (issue 24 §6): progressive enhancement of the server-rendered
 * pages, which work without it. Bundled by ../storefront-script.ts into `/_assets/storefront-<hash>.js`,
 * loaded with `defer` (the document is parsed when it runs). Each part stands alone: one failing
 * leaves the others and the page's links and forms working.
 */
import { enhanceCurrencySwitch } from './currency-switch';
import { enhanceGallery } from './gallery';
import { enhanceSkuPicker } from './sku-picker';

for (const enhance of [enhanceGallery, enhanceSkuPicker, enhanceCurrencySwitch])
  try {
    enhance(document);
  } catch (error) {
    console.error(error);
  }
