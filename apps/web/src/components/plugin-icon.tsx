import { AppstoreOutlined } from '@ant-design/icons';

/** A plugin's icon (an upload of ours) in a list, card or header, or a neutral tile when it has none. */
export function PluginIcon({ src, size = 48 }: { src: string; size?: number }) {
  return (
    <span className="plugin-icon" style={{ width: size, height: size, fontSize: Math.round(size / 2) }} aria-hidden>
      {src ? <img src={src} alt="" width={size} height={size} /> : <AppstoreOutlined />}
    </span>
  );
}
