/**
 * Notice HTML as the API answers it: already cut down server-side to an allowlist of formatting
 * tags and http(s)/mailto links (no script, handlers or styles), so it is rendered as is.
 */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
