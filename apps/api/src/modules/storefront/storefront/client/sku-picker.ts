import { IMAGE_PARAM, readSelection, skuAxes, skuParam } from '../item-skus';
import { showMainPicture } from './gallery';
import { ITEM_DATA_ID, type ItemData } from './item-data';
import { replaceQuery } from './page-address';
import { clampQuantity, skuView } from './sku-view';

/**
 * The item page's SKU picker without reloads. The server renders each axis value as a link to the
 * page with that choice (`?s0=…&s1=…`), sold-out values as disabled text; the script turns them into
 * toggle buttons (aria-pressed; sold-out combinations disabled) and, on each choice, shows the chosen
 * SKU's price (buyer's currency and CNY), stock, picture and quantity bounds from the page's data island.
 */
export function enhanceSkuPicker(root: Document) {
  const island = root.getElementById(ITEM_DATA_ID);
  if (!island?.textContent) return;
  const data = JSON.parse(island.textContent) as ItemData;
  const axes = skuAxes(data.skus);
  const fieldsets = [...root.querySelectorAll<HTMLElement>('[data-sku-axis]')];
  if (!axes.length || fieldsets.length !== axes.length) return;
  const params = new URLSearchParams(window.location.search);
  const selection = readSelection(axes, (index) => params.get(skuParam(index)));

  const buttons = fieldsets.map((fieldset, index) => {
    const container = fieldset.querySelector('.store-axis__values');
    if (!container) return [];
    const list = axes[index].values.map((value) => {
      const button = root.createElement('button');
      button.type = 'button';
      button.textContent = value;
      button.addEventListener('click', () => {
        selection[index] = selection[index] === value ? undefined : value;
        const view = update();
        replaceQuery({
          ...Object.fromEntries(axes.map((_, axis) => [skuParam(axis), selection[axis]])),
          // The SKU's own picture replaces a thumbnail chosen before, as the server shows it.
          ...(view.chosen?.image ? { [IMAGE_PARAM]: undefined } : {}),
        });
      });
      return button;
    });
    container.replaceChildren(...list);
    return list;
  });

  const price = root.querySelector<HTMLElement>('[data-price]');
  const cny = root.querySelector<HTMLElement>('[data-price-cny]');
  const original = root.querySelector<HTMLElement>('.store-item__original');
  const status = root.querySelector<HTMLElement>('[data-sku-status]');
  const quantity = root.querySelector<HTMLInputElement>('input[name="quantity"]');

  function update() {
    const view = skuView(data, axes, selection);
    view.choices.forEach((choices, index) =>
      choices.forEach((choice, valueIndex) => {
        const button = buttons[index][valueIndex];
        if (!button) return;
        button.setAttribute('aria-pressed', String(choice.isSelected));
        button.disabled = !choice.isAvailable && !choice.isSelected;
      }),
    );
    if (price) price.textContent = view.price_text;
    if (cny) {
      cny.hidden = !view.cny_text;
      cny.textContent = view.cny_text ? `≈ ${view.cny_text}` : '';
    }
    if (original) original.hidden = !view.isRange;
    if (status) status.textContent = view.status_text;
    if (quantity) {
      quantity.min = String(view.min_quantity);
      quantity.max = String(view.max_quantity);
      quantity.value = String(clampQuantity(quantity.value, view));
    }
    if (view.chosen?.image) showMainPicture(root, view.chosen.image, `${data.title} · ${view.chosen.props_text}`);
    return view;
  }

  quantity?.addEventListener('change', () => {
    quantity.value = String(clampQuantity(quantity.value, skuView(data, axes, selection)));
  });
  update();
}
