/**
 * Hands a downloaded file to the browser's own download (the user's downloads folder), as a link
 * with `download` clicked once. The object URL is let go a moment later, once the browser has it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
