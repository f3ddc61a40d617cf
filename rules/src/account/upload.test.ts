import { fileExtension, isAllowedUploadContent, uploadProblem, UPLOAD_FORMAT_MESSAGE, uploadSizeMessage } from './upload';

const MB = 1024 * 1024;

describe('uploadProblem (product rules, Validation: uploads)', () => {
  it.each<[string, number, string | null]>([
    ...[
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
    ].map((ext): [string, number, string | null] => [`report.${ext}`, 1024, null]),
    ['SCAN.PDF', 1024, null], // extensions are compared lower-cased
    ['setup.exe', 1024, 'Please upload valid file format.'],
    ['archive.tar.gz', 1024, 'Please upload valid file format.'],
    ['notes', 1024, 'Please upload valid file format.'], // no extension
    ['.pdf', 1024, 'Please upload valid file format.'], // a dot file has no extension
    ['photo.gif', 1024, 'Please upload valid file format.'],
    ['big.pdf', 100 * MB, null], // exactly the limit is allowed
    ['big.pdf', 100 * MB + 1, "File size can't be more than 100 MB."],
    ['big.mp4', 101 * MB, "File size can't be more than 100 MB."],
    ['big.exe', 101 * MB, 'Please upload valid file format.'], // the type is checked first
  ])('%s of %i bytes → %s', (name, size, expected) => {
    expect(uploadProblem({ name, size })).toBe(expected);
  });

  it('takes another limit and names it in the message', () => {
    expect(uploadProblem({ name: 'id.png', size: 6 * MB }, 5)).toBe("File size can't be more than 5 MB.");
    expect(uploadSizeMessage(100)).toBe("File size can't be more than 100 MB.");
    expect(UPLOAD_FORMAT_MESSAGE).toBe('Please upload valid file format.');
  });

  it.each([
    ['a.b.c.docx', 'docx'],
    ['no-extension', ''],
    ['trailing.', ''],
  ])('fileExtension(%s) → %s', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('isAllowedUploadContent (the api reads the type from the bytes)', () => {
  it.each([
    ['pdf', false, true],
    ['png', false, true],
    ['cfb', false, true], // doc, xls, ppt
    ['exe', false, false],
    ['elf', false, false],
    ['gif', false, false],
    [undefined, true, true], // plain text
    [undefined, false, false], // unknown binary
  ])('detected %s, text %s → %s', (detected, text, allowed) => {
    expect(isAllowedUploadContent(detected, text)).toBe(allowed);
  });
});
