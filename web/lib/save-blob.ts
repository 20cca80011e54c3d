// Saves files from the page: a Blob through a temporary object URL (codes, CSVs, screenshots,
// the shortcut file), or a same-origin URL (the APK), via a clicked <a download>.

/** Starts downloading `href` (a same-origin or object URL) as `fileName`. */
export function downloadUrl(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** CSV with a BOM, so Excel opens the ₹ sign and Indian names as UTF-8. */
export function saveCsv(csv: string, fileName: string): void {
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
