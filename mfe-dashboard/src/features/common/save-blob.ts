// Saves bytes fetched with the patient's credentials as a file (a plain link would carry none).
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Revoked later, not at once: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
