import { AppstoreOutlined } from '@ant-design/icons';

/** A plugin's icon in a list or a header, or a neutral placeholder when it has none. */
export function PluginIcon({ src, size = 40 }: { src: string; size?: number }) {
  return (
    <span className="plugin-icon" style={{ width: size, height: size }} aria-hidden="true">
      {src ? <img src={src} alt="" /> : <AppstoreOutlined style={{ fontSize: size / 2 }} />}
    </span>
  );
}
