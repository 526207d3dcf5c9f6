/** A file built by the API (an export), its content base64-encoded. */
export interface ExportedFile {
  filename: string;
  mime: string;
  content_base64: string;
}

function base64ToBytes(content: string): Uint8Array<ArrayBuffer> {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Saves an exported file: decodes it into a Blob and clicks a temporary download link. */
export function saveExportFile(file: ExportedFile): void {
  const blob = new Blob([base64ToBytes(file.content_base64)], { type: file.mime });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; give it a moment.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
