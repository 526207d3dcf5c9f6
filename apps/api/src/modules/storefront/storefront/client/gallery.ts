import { IMAGE_PARAM } from '../item-skus';
import { replaceQuery } from './page-address';

/** The gallery's main picture and its thumbnail links (server-rendered: each link is `?img=<n>`). */
function galleryParts(root: ParentNode) {
  const main = root.querySelector<HTMLImageElement>('.store-gallery__main');
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.store-gallery__thumbs a')];
  return { main, links };
}

/** Shows `src` as the main picture (a thumbnail's, or a chosen SKU's, described by `alt`). */
export function showMainPicture(root: ParentNode, src: string, alt?: string) {
  const { main, links } = galleryParts(root);
  if (!main || main.getAttribute('src') === src) return;
  main.src = src;
  if (alt) main.alt = alt;
  for (const link of links)
    if (link.querySelector('img')?.getAttribute('src') === src) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
}

/**
 * Thumbnails switch the main picture in place instead of loading the page again. They stay links
 * (Tab and Enter reach and choose them; without script they load `?img=<n>`); the arrow keys move
 * between them and show the one they land on.
 */
export function enhanceGallery(root: ParentNode) {
  const { main, links } = galleryParts(root);
  if (!main || links.length < 2) return;
  const show = (index: number) => {
    const src = links[index].querySelector('img')?.getAttribute('src');
    if (!src) return;
    showMainPicture(root, src);
    replaceQuery({ [IMAGE_PARAM]: index > 0 ? String(index) : undefined });
  };
  links.forEach((link, index) => {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      show(index);
    });
    link.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const next = (index + step + links.length) % links.length;
      links[next].focus();
      show(next);
    });
  });
}
