import { createHash } from 'node:crypto';
import { escapeHtml } from '../../lib/html';

/**
 * The sandbox provider's item pictures, drawn by the platform itself (no outside host): demo stores look
 * complete offline, and the storefront's CSP needs no marketplace image host for them. Served at
 * `/sandbox-images/<platform>/<item id>/<index>.svg` on every host (store hosts pass the path through).
 */
export const SANDBOX_IMAGES_PREFIX = '/sandbox-images/';
/** `<platform>/<item id>/<index>.svg`, as {@link sandboxImagePath} writes it. */
export const SANDBOX_IMAGE_NAME = /^\/sandbox-images\/([a-z0-9_]{1,20})\/([A-Za-z0-9_-]{1,64})\/([0-9])\.svg$/;

export function sandboxImagePath(platform: string, itemId: string, index: number): string {
  return `${SANDBOX_IMAGES_PREFIX}${platform}/${itemId}/${index}.svg`;
}

/**
 * An 800 × 800 picture for a sandbox item: two colours from a hash of the item and the picture's index,
 * a simple shape per index, and the item's name in both languages.
 */
export function sandboxImageSvg(options: { platform: string; itemId: string; index: number; names: [string, string] }) {
  const hash = createHash('sha256').update(`${options.platform}:${options.itemId}:${options.index}`).digest();
  const hue = (hash[0] * 360) / 256;
  const second = (hue + 40 + (hash[1] % 80)) % 360;
  const shapes = [
    '<circle cx="400" cy="360" r="190" fill="#ffffff" fill-opacity="0.85"/>',
    '<rect x="220" y="180" width="360" height="360" rx="48" fill="#ffffff" fill-opacity="0.85"/>',
    '<path d="M400 150 L620 540 L180 540 Z" fill="#ffffff" fill-opacity="0.85"/>',
    '<ellipse cx="400" cy="360" rx="240" ry="160" fill="#ffffff" fill-opacity="0.85"/>',
  ];
  const [chinese, english] = options.names.map((name) => escapeHtml(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue.toFixed(0)} 70% 62%)"/><stop offset="1" stop-color="hsl(${second.toFixed(0)} 65% 45%)"/>
</linearGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>
${shapes[options.index % shapes.length]}
<text x="400" y="660" text-anchor="middle" font-family="system-ui, 'Noto Sans CJK SC', sans-serif"
  font-size="44" font-weight="600" fill="#ffffff">${chinese}</text>
<text x="400" y="716" text-anchor="middle" font-family="system-ui, sans-serif"
  font-size="30" fill="#ffffff" fill-opacity="0.9">${english}</text>
<text x="400" y="372" text-anchor="middle" font-family="system-ui, sans-serif"
  font-size="40" font-weight="700" fill="hsl(${hue.toFixed(0)} 60% 35%)">${options.index + 1}</text>
</svg>
`;
}
