// Product rules, Validation: uploads: the allowed types, the default 100 MB limit ("File limit 100 MB") and the two
// messages, verbatim. A leaf module (no imports): the api checks the same rule on the bytes it receives.

export const ALLOWED_UPLOAD_EXTENSIONS = [
  'zip',
  '7z',
  'rar',
  'pdf',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'doc',
  'docx',
  'txt',
  'mp3',
  'mp4',
  'm4a',
  'wav',
  'mov',
  'webm',
  'png',
  'jpg',
  'jpeg',
  'bmp',
] as const;
export type UploadExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];

export const DEFAULT_UPLOAD_LIMIT_MB = 100;
export const UPLOAD_FORMAT_MESSAGE = 'Please upload valid file format.';
export const uploadSizeMessage = (limitMb: number) => `File size can't be more than ${limitMb} MB.`;

const MB = 1024 * 1024;

/** The lower-cased extension of a file name ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedUploadExtension(ext: string): ext is UploadExtension {
  return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
}

/**
 * The spec's message for a file that may not be uploaded, or null when it may. Type first (a wrong
 * type is wrong whatever its size), then size: above `limitMb` megabytes (1 MB = 1024 × 1024 bytes).
 */
export function uploadProblem(file: { name: string; size: number }, limitMb: number = DEFAULT_UPLOAD_LIMIT_MB): string | null {
  if (!isAllowedUploadExtension(fileExtension(file.name))) return UPLOAD_FORMAT_MESSAGE;
  if (file.size > limitMb * MB) return uploadSizeMessage(limitMb);
  return null;
}

/**
 * What the bytes are, read by the api from their first bytes (magic numbers): the extension a content
 * sniffer reported (`cfb` is the old Office container of doc, xls and ppt), or 'txt' for text. Allowed
 * only when that content is one of the spec's types.
 */
export function isAllowedUploadContent(detected: string | undefined, looksLikeText: boolean): boolean {
  if (detected === undefined) return looksLikeText;
  if (detected === 'cfb') return true;
  return isAllowedUploadExtension(detected);
}
