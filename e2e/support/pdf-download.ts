import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../../api/test/pdf-text';

/** Clicks the button, waits for the file and answers its name and the PDF's text. */
export async function downloadPdf(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const file = await downloading;
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return { name: file.suggestedFilename(), text: pdfText(bytes).join('\n') };
}
