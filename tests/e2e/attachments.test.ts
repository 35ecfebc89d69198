// Attachments in Chromium against the whole local stack (npm start's parts on free ports): files
// chosen with the Attach button, dropped and pasted, previewed and checked, sent to the offline
// model, which acknowledges them, and still there after a reload; at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '../../core/chat/index.js';
import { gradientPng } from '../support/png-fixture.js';
import { pngBytes } from '../support/storage-users.js';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `attachments-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
const image = Buffer.from(gradientPng(160, 120));
const NOTES = '# Tide notes\nHigh water at six, low water at noon.\n';

beforeAll(async () => {
  stack = await startE2eStack({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '2' } });
  browser = await openBrowser();
  await signedInUser(browser.page, stack, email);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const box = () => browser.page.getByRole('textbox', { name: 'Your message' });
const composerFiles = () => browser.page.getByRole('list', { name: 'Files to send' });
const answerDone = () => browser.page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
const uploadsDone = () => browser.page.getByText('Uploading…').first().waitFor({ state: 'detached', timeout: 30_000 });

describe('e2e: attachments', () => {
  it('an image and a text file chosen with the Attach button are previewed, sent, and acknowledged by the offline model', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Attach', exact: true }).click()]);
    await chooser.setFiles([
      { name: 'harbour.png', mimeType: 'image/png', buffer: image },
      { name: 'tide-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) },
    ]);
    await uploadsDone();
    const files = composerFiles();
    await files.getByRole('img', { name: 'harbour.png' }).waitFor();
    await files.getByText('tide-notes.md').waitFor();
    expect(await files.getByText(`${NOTES.length} B`).count()).toBe(1);
    await box().fill('What do these show?');
    await screenshot(page, 'attach-composer-1280');
    await box().press('Enter');
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    await page.getByText(`Attached: harbour.png (image/png, ${Math.round(image.length / 1024)} KB, 160×120 pixels); tide-notes.md (text/markdown, ${NOTES.length} B, 11 words).`).waitFor();
    // The question shows its files; the composer is empty again.
    const sent = page.getByRole('list', { name: 'Files sent with this message' });
    await sent.getByRole('img', { name: 'harbour.png' }).waitFor();
    await sent.getByText('tide-notes.md').waitFor();
    expect(await composerFiles().count()).toBe(0);
    await screenshot(page, 'attach-sent-1280');

    // Stored with the message: a reload shows the decoded thumbnail and the chip again.
    await page.reload();
    const thumb = page.getByRole('list', { name: 'Files sent with this message' }).getByRole('img', { name: 'harbour.png' });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    await page.getByRole('list', { name: 'Files sent with this message' }).getByText('tide-notes.md').waitFor();
  });

  it('a file that is too large or of another type is refused in the composer with the limit stated, and never sent', async () => {
    const { page } = browser;
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Attach', exact: true }).click()]);
    await chooser.setFiles([
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) },
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video') },
    ]);
    await page.getByText('huge.png is 6 MB: an image may be at most 3.75 MB.').waitFor();
    await page.getByText('clip.mp4 cannot be attached: only images (PNG, JPEG, WebP), text and code files, and PDFs.').waitFor();
    await screenshot(page, 'attach-refused-1280');
    await page.getByRole('button', { name: 'Remove huge.png' }).click();
    await page.getByRole('button', { name: 'Remove clip.mp4' }).press('Enter');
    expect(await composerFiles().count()).toBe(0);
  });

  it('an image over 8000 pixels on a side is refused before it is sent; images over 10 MB together hold the message back', async () => {
    const { page } = browser;
    const uploads: string[] = [];
    const counting = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/api/attachments')) uploads.push(request.url());
    };
    page.on('request', counting);
    const [wide] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Attach', exact: true }).click()]);
    await wide.setFiles([{ name: 'panorama.png', mimeType: 'image/png', buffer: Buffer.from(gradientPng(9000, 40)) }]);
    await page.getByText('panorama.png is 9000×40 pixels: an image may be at most 8000 pixels on a side.').waitFor();
    expect(uploads).toEqual([]);
    page.off('request', counting);
    await page.getByRole('button', { name: 'Remove panorama.png' }).click();

    // Three images of 3.6 MB: each is within its limit, together they are more than one request carries.
    const [three] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Attach', exact: true }).click()]);
    // 10.8 MB handed to the shared browser over its connection: more than Playwright's 20 s on a busy machine.
    await three.setFiles(['one', 'two', 'three'].map((n) => ({ name: `${n}.png`, mimeType: 'image/png', buffer: Buffer.from(pngBytes(1600, 1200, 3.6 * MB)) })), { timeout: 60_000 });
    await uploadsDone();
    await page.getByText('The images of one message may add up to at most 10 MB; these add up to 10.8 MB.').waitFor();
    await box().fill('Three big pictures');
    await page.getByRole('button', { name: 'Send', disabled: true }).waitFor();
    await screenshot(page, 'attach-images-over-request-1280');
    await page.getByRole('button', { name: 'Remove three.png' }).click();
    await page.getByRole('button', { name: 'Send', disabled: false }).waitFor();
    for (const n of ['one', 'two']) await page.getByRole('button', { name: `Remove ${n}.png` }).click();
    await box().fill('');
    // Eleven megabytes read, checked and uploaded in the browser: more than the default 30 s on a busy machine.
  }, 120_000);

  it('a dropped file and a pasted screenshot are attached too', async () => {
    const { page } = browser;
    await page.evaluate(() => {
      const dropped = new DataTransfer();
      dropped.items.add(new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' }));
      const form = document.querySelector('form.composer') as HTMLFormElement;
      form.dispatchEvent(new DragEvent('dragover', { dataTransfer: dropped, bubbles: true, cancelable: true }));
      form.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true }));
    });
    await composerFiles().getByText('table.csv').waitFor();
    await page.evaluate(async (bytes) => {
      const pasted = new DataTransfer();
      pasted.items.add(new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }));
      document.getElementById('composer-input')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }));
    }, [...image]);
    await composerFiles().getByRole('img', { name: 'screenshot.png' }).waitFor();
    await uploadsDone();
    await box().fill('Here is the table and a screenshot');
    await box().press('Enter');
    await answerDone();
    await page.getByText(/Attached: table\.csv \(text\/csv, 8 B, 2 words\); screenshot\.png \(image\/png, .+, 160×120 pixels\)\./).waitFor();
  });

  it('with a model that cannot read images, the composer says so and the message is not sent', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: 'Offline model, brief' }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Attach', exact: true }).click()]);
    await chooser.setFiles([{ name: 'harbour.png', mimeType: 'image/png', buffer: image }]);
    await uploadsDone();
    await page.getByText('Offline model, brief (local, no network) cannot read images. Remove the image or choose a model that reads images.').waitFor();
    await box().fill('Describe this picture');
    await page.getByRole('button', { name: 'Send', disabled: true }).waitFor();
    await box().press('Enter');
    expect(await box().inputValue()).toBe('Describe this picture');
    await screenshot(page, 'attach-text-only-model-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    // The side menu slides away at this width; the picture is taken once it is gone.
    await page.getByRole('button', { name: 'New chat' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'attach-text-only-model-390');
    // Without the image the brief model takes the message.
    await page.getByRole('button', { name: 'Remove harbour.png' }).click();
    await page.getByRole('button', { name: 'Send', disabled: false }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('at 390 px: the composer’s files and a sent question’s files fit the screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: 'Offline model (local, no network)' }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Attach', exact: true }).click()]);
    await chooser.setFiles([
      { name: 'harbour-at-dusk-with-a-long-name.png', mimeType: 'image/png', buffer: image },
      { name: 'tide-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) },
    ]);
    await uploadsDone();
    await box().fill('Small screen');
    await screenshot(page, 'attach-composer-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await box().press('Enter');
    await answerDone();
    await page.getByText(/Attached: harbour-at-dusk-with-a-long-name\.png/).waitFor();
    await screenshot(page, 'attach-sent-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
