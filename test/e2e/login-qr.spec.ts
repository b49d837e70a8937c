import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions, settledContextOptions } from '../support/e2e-chromium.ts';
import { expect, login, message, test } from '../support/e2e.ts';

/*
 * The login QR code of demo_student1 (school DEMO01 allows QR login): refreshed, downloaded, then
 * used on /qr-login from a photo (the downloaded PNG) and through the camera (Chromium's fake
 * camera playing a video of the PNG). Serial: each journey refreshes the same student's code.
 */
test.describe.configure({ mode: 'serial' });

const LANG = 'en';
const t = (id: string, values?: Record<string, string | number>) => message(LANG, id, values);
const dir = mkdtempSync(join(tmpdir(), 'portal-login-qr-'));

/** Opens the student's QR code page with a working code on it (made if there is none). */
async function openCodePage(page: Page): Promise<void> {
  await login(page, 'demo_student1', { lang: LANG });
  await page.goto(`/${LANG}/profile/regen-qrcode`);
  await expect(page.getByRole('heading', { level: 1, name: t('loginQrCode.title') })).toBeVisible();
  const make = page.getByRole('button', { name: t('loginQrCode.create'), exact: true });
  const download = page.getByRole('link', { name: t('loginQrCode.download') });
  await expect(make.or(download)).toBeVisible();
  if (await make.isVisible()) await make.click();
  await expect(download).toBeVisible();
}

/** Downloads the code's PNG; returns where it was saved. */
async function downloadPng(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t('loginQrCode.download') }).click()]);
  expect(download.suggestedFilename()).toBe('login-qr-demo_student1-Demo_Student_1.png');
  const path = join(dir, name);
  await download.saveAs(path);
  return path;
}

async function signOut(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: t('app.signOut') });
  await button.click();
  await expect(button).toBeHidden();
}

test('refreshing the QR code kills the old one; the downloaded PNG signs in as a photo', async ({ page, axe }) => {
  await openCodePage(page);
  await expect(page.getByText(/Hong Kong time/).first()).toBeVisible();
  await axe();
  const oldPng = await downloadPng(page, 'old.png');

  // Printing shows the card only: the code, the name and the login ID.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('img', { name: t('loginQrCode.imageAlt', { name: 'Demo Student 1', loginId: 'demo_student1' }) })).toBeVisible();
  await expect(page.getByText('demo_student1', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: t('loginQrCode.print') })).toBeHidden();
  await expect(page.getByRole('button', { name: t('app.signOut') })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: t('loginQrCode.title') })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Refresh: confirm first, then the page says the old code no longer works.
  await page.getByRole('button', { name: t('loginQrCode.refresh'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('loginQrCode.confirmRefreshTitle') });
  await expect(dialog).toBeVisible();
  await axe();
  await dialog.getByRole('button', { name: t('loginQrCode.confirmRefresh') }).click();
  await expect(page.getByText(t('loginQrCode.refreshedBody'))).toBeVisible();
  const newPng = await downloadPng(page, 'new.png');
  expect(readFileSync(newPng).equals(readFileSync(oldPng))).toBe(false);

  // Signed out, the login page leads to the QR code login, the destination going along (issue 26).
  await signOut(page);
  const destination = `/${LANG}/profile/security`;
  await page.goto(`/${LANG}/login?redirect=${encodeURIComponent(destination)}`);
  await page.getByRole('link', { name: t('login.qrLogin') }).click();
  await expect(page).toHaveURL(new RegExp(`/${LANG}/qr-login\\?redirect=`));
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(destination);
  await expect(page.getByRole('heading', { level: 1, name: t('qrLogin.title') })).toBeVisible();
  await axe();

  // The old card is refused, with the advice to contact the school administrator.
  const photo = page.getByLabel(t('qrLogin.choosePhoto'));
  await photo.setInputFiles(oldPng);
  await expect(page.getByRole('heading', { name: t('qrLogin.refusedTitle') })).toBeVisible();
  await expect(page.getByText(t('qrLogin.refusedBody'))).toBeVisible();
  await axe();

  // A file that holds no code says so.
  await photo.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('heading', { name: t('qrLogin.photoUnreadableTitle') })).toBeVisible();

  // The new one signs in and lands on the page the login was asked for.
  await photo.setInputFiles(newPng);
  await expect(page).toHaveURL(new RegExp(`${destination}$`));
  await expect(page.getByRole('button', { name: t('app.signOut') })).toBeVisible();

  // Lost: the code stops working at once.
  await page.goto(`/${LANG}/profile/regen-qrcode`);
  await page.getByRole('button', { name: t('loginQrCode.lose') }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('loginQrCode.confirmLose') }).click();
  await expect(page.getByRole('heading', { name: t('loginQrCode.lostTitle') })).toBeVisible();
  await signOut(page);
  await page.goto(`/${LANG}/qr-login`);
  await page.getByLabel(t('qrLogin.choosePhoto')).setInputFiles(newPng);
  await expect(page.getByRole('heading', { name: t('qrLogin.refusedTitle') })).toBeVisible();
});

test('the camera reads the card and signs in (Chromium fake camera)', async ({ page }) => {
  await openCodePage(page);
  const png = await downloadPng(page, 'camera.png');
  const video = join(dir, 'card.y4m');
  writeFileSync(video, await y4mOf(page, readFileSync(png)));
  await signOut(page);

  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ ...settledContextOptions, baseURL: new URL(page.url()).origin, permissions: ['camera'] });
    const scanner = await context.newPage();
    await scanner.goto(`/${LANG}/qr-login`);
    await scanner.getByRole('button', { name: t('qrLogin.useCamera') }).click();
    await expect(scanner).toHaveURL(new RegExp(`/${LANG}/profile$`), { timeout: 60_000 });
    await expect(scanner.getByRole('button', { name: t('app.signOut') })).toBeVisible();
  } finally {
    await browser.close();
  }
});

/**
 * A Y4M video (YUV 4:2:0, 640×480, a few identical frames) of the PNG centred on white, for
 * Chromium's fake camera. The browser decodes the PNG and converts the pixels (BT.601).
 */
async function y4mOf(page: Page, png: Buffer): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const frame = await page.evaluate(
    async ({ data, width, height }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d context');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, width, height);
      g.drawImage(image, (width - image.width) / 2, (height - image.height) / 2);
      const rgba = g.getImageData(0, 0, width, height).data;
      const out = new Uint8Array(width * height * 1.5);
      const chroma = width * height;
      const quarter = (width / 2) * (height / 2);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const r = rgba[i] ?? 0;
          const gr = rgba[i + 1] ?? 0;
          const b = rgba[i + 2] ?? 0;
          out[y * width + x] = Math.round(0.299 * r + 0.587 * gr + 0.114 * b);
          if (y % 2 === 0 && x % 2 === 0) {
            const c = (y / 2) * (width / 2) + x / 2;
            out[chroma + c] = Math.round(128 - 0.168736 * r - 0.331264 * gr + 0.5 * b);
            out[chroma + quarter + c] = Math.round(128 + 0.5 * r - 0.418688 * gr - 0.081312 * b);
          }
        }
      }
      let binary = '';
      for (let i = 0; i < out.length; i += 0x8000) binary += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { data: png.toString('base64'), width, height },
  );
  const pixels = Buffer.from(frame, 'base64');
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < 10; i++) parts.push(Buffer.from('FRAME\n'), pixels);
  return Buffer.concat(parts);
}
