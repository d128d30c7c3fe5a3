/** Hands `blob` to the browser as a file download named `fileName`. */
export function downloadFile(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is freed once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
