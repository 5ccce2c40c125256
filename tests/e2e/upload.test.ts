import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, RESOURCE_STATUS_LABELS, UPLOAD } from '@zyk/shared';
import type { Browser, Page, Request, Response, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { docx, mp4, png, sha256 } from '../support/files.ts';
import { appAndBrowserForFile, artifact, openSession, returningSession } from './browser.ts';
import { dismissPicker, dragSlider, isPuzzle, loginDialog, sessionForBlock, slider } from './helpers.ts';

/**
 * Uploading in a real browser: the 上传 button, login on the way, the upload choice and the
 * originality statement, a document published with a cover, and a video sent in 1 MiB chunks while the test cuts
 * the network; then a reload in the middle of a video and the same file chosen again continues where the server is.
 */

const MiB = 1024 * 1024;
/** expect.poll with room for a busy machine (its default gives up after 1 s). */
const POLL = { timeout: 15_000, interval: 100 };
const PASSWORD = 'Teacher@2026';

let t: TestApp;
let browser: Browser;
let dir: string;

const writeFile = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};

appAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-upload-e2e-'));
});

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// ------------------------------------------------------------------------------------------------ page helpers

const choiceDialog = (page: Page) => page.getByRole('dialog', { name: '选择上传类型' });
const statementDialog = (page: Page) => page.getByRole('dialog', { name: '原创声明' });
const uploadButton = (page: Page) =>
  page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '上传', exact: true });
const items = (page: Page) => page.getByTestId('upload-item');
const item = (page: Page, name: string) => page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: '当前位置' });

const isChunk = (request: Request) => request.url().includes('/api/upload/video/chunk');

/** Solves the puzzle with the real mouse (the hole's position read from the server's own record) and logs in. */
const logInThroughDialog = async (page: Page, puzzle: Promise<Response>, userName: string) => {
  const body = (await (await puzzle).json()) as { data: { captchaSerialNumber: string } };
  const { x } = await t.prisma.captchaChallenge.findUniqueOrThrow({
    where: { serial: body.data.captchaSerialNumber },
  });
  const dialog = loginDialog(page);
  await dialog.getByLabel('账号').fill(userName);
  await dialog.getByLabel('密码').fill(PASSWORD);
  await expect.poll(() => slider(page).getAttribute('aria-disabled'), POLL).toBe('false');
  const verified = await dragSlider(page, x);
  expect(((await verified.json()) as { data: number }).data).toBe(1);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
};

/** Waits for a modal's zoom-in to finish, so a screenshot shows it at rest. */
const settle = async (page: Page) => {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
};

/** A full-page screenshot from the top (the compact header only shows once scrolled). */
const fullPageShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('compact-header').and(page.locator('[aria-hidden="true"]')).waitFor({ state: 'attached' });
  await settle(page);
  await page.screenshot({ path: artifact(name), fullPage: true });
};

/** 上传 → 文档 or 视频 → 原创声明 → the upload screen. */
const openUploadScreen = async (page: Page, kind: '文档' | '视频') => {
  await uploadButton(page).click();
  await choiceDialog(page).waitFor({ state: 'visible' });
  await choiceDialog(page)
    .getByRole('button', { name: new RegExp(`^${kind}`) })
    .click();
  await statementDialog(page).waitFor({ state: 'visible' });
  await statementDialog(page).getByRole('button', { name: '我已阅读并同意' }).click();
  await page.waitForURL(`${t.url}${kind === '文档' ? '/home/uploadDoc' : '/home/uploadVideo'}`);
  await page.getByTestId('upload-notice').waitFor();
};

const myUploads = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/es/resource/lib/myself/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ current: 1, size: 50 }),
    });
    return ((await response.json()) as { data: { objList: { id: number; title: string; status: string }[] } }).data
      .objList;
  });

// ------------------------------------------------------------------------------------------------ tests

describe('uploading as a teacher', () => {
  let page: Page;
  let errors: string[];
  let docId: number;
  let videoId: number;

  sessionForBlock(
    () => openSession(browser),
    (session) => {
      ({ page, errors } = session);
      page.on('dialog', (dialog) => void dialog.accept()); // the "leave this page?" prompt on reload
    },
  );

  it('a visitor clicking 上传 gets the login dialog, and after logging in the upload choice', async () => {
    await page.goto(`${t.url}/home/index`);
    await dismissPicker(page);
    const puzzle = page.waitForResponse(isPuzzle);
    await uploadButton(page).click();
    await loginDialog(page).waitFor({ state: 'visible' });
    expect(page.url()).toBe(`${t.url}/home/index`);
    await logInThroughDialog(page, puzzle, 'lijg');

    // Logged in: on to the choice without a second click.
    await choiceDialog(page).waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('selection-label').first().textContent(), POLL).toBe('初中 | 数学');
    await expect(choiceDialog(page).getByRole('button', { name: /^文档/ }).isVisible()).resolves.toBe(true);
    await expect(choiceDialog(page).getByRole('button', { name: /^视频/ }).isVisible()).resolves.toBe(true);
    await settle(page);
    await page.screenshot({ path: artifact('upload-choice.png') });

    // Cancelling the statement goes nowhere.
    await choiceDialog(page).getByRole('button', { name: /^文档/ }).click();
    await statementDialog(page).waitFor({ state: 'visible' });
    const text = (await statementDialog(page).textContent()) ?? '';
    for (const part of ['原创', '合法授权', '法律责任', '宣传、推广和使用', '未经著作权人授权，不得上传']) {
      expect(text).toContain(part);
    }
    await settle(page);
    await page.screenshot({ path: artifact('upload-statement.png') });
    await statementDialog(page).getByRole('button', { name: '取消' }).click();
    await statementDialog(page).waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${t.url}/home/index`);
  });

  it('uploads a document and a cover, fills in the form and submits it for review', async () => {
    await openUploadScreen(page, '文档');
    expect(await page.getByTestId('upload-notice').textContent()).toBe(
      '支持格式：doc、docx、xls、xlsx、ppt、pptx、pdf、txt、jpg、jpeg、gif、png、bmp；单个文件不超过 50\u00a0MB，一次最多 10 个文件。教研成果还可附带音频和视频。',
    );
    await expect.poll(() => breadcrumb(page).textContent(), POLL).toContain('上传文档');

    // A wrong type is refused with the helper's message; the real document goes through the form upload.
    await page.getByTestId('upload-input').setInputFiles(writeFile('setup.exe', randomBytes(2048)));
    await page
      .locator('.ant-message')
      .getByText(/不支持该文件格式/)
      .waitFor();
    expect(await items(page).count()).toBe(0);

    const document = docx('一元二次方程的概念：只含有一个未知数，并且未知数的最高次数是 2 的整式方程。');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/upload/document'));
    await page.getByTestId('upload-input').setInputFiles(writeFile('一元二次方程教学设计.docx', document));
    expect((await posted).status()).toBe(200);
    await expect.poll(() => item(page, '一元二次方程教学设计.docx').getAttribute('data-status'), POLL).toBe('success');
    // Long names are shortened to 8 characters and an ellipsis.
    expect(await item(page, '一元二次方程教学设计.docx').getByTitle('一元二次方程教学设计.docx').textContent()).toBe(
      '一元二次方程教学…',
    );

    // The title comes from the file name; stage and subject from the teacher's picker (初中 数学).
    const title = page.getByLabel('资源标题');
    expect(await title.inputValue()).toBe('一元二次方程教学设计');
    await title.fill('一元二次方程教学设计（人教版九年级）');
    const form = page.locator('form');
    expect(await form.getByText('初中', { exact: true }).count()).toBeGreaterThan(0);
    expect(await form.getByText('数学', { exact: true }).count()).toBeGreaterThan(0);
    await form.getByText('教研成果', { exact: true }).click();
    await page.getByLabel('成果类型').click();
    await page.locator('.ant-select-dropdown').getByText('教学案例', { exact: true }).click();

    const tags = page.getByLabel('标签');
    await tags.fill('一元二次方程，');
    await tags.fill('九年级，');
    await page.getByLabel('价格').fill('2.5');
    await page.getByTestId('cover-input').setInputFiles(writeFile('封面.png', png(400, 300)));
    await page.getByRole('img', { name: '封面预览' }).waitFor();
    await page.getByLabel('资源简介').fill('配套课件与练习，适合新授课使用。');
    await fullPageShot(page, 'upload-document-form.png');

    // A refusal shows the server's message and keeps everything as it was.
    const refusal = '所选学科不属于该学段，请重新选择';
    await page.route(
      '**/es/resource/lib/publish/document',
      (route) =>
        void route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 40000, success: false, msg: refusal, data: null }),
        }),
      { times: 1 },
    );
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.getByTestId('publish-error').getByText(refusal).waitFor();
    expect(await page.getByLabel('资源标题').inputValue()).toBe('一元二次方程教学设计（人教版九年级）');

    const published = page.waitForResponse((r) => r.url().endsWith('/es/resource/lib/publish/document'));
    await page.getByRole('button', { name: '提交审核' }).click();
    const answer = (await (await published).json()) as { code: number; data: { id: number; status: string } };
    expect(answer.code).toBe(0);
    expect(answer.data.status).toBe('PENDING');
    docId = answer.data.id;
    await page.getByTestId('publish-success').getByText('提交成功，等待审核').waitFor();
    await settle(page);
    await page.screenshot({ path: artifact('upload-success.png') });

    const resource = await t.prisma.resource.findUniqueOrThrow({ where: { id: docId }, include: { files: true } });
    expect(resource).toMatchObject({
      title: '一元二次方程教学设计（人教版九年级）',
      type: 'ACHIEVEMENT',
      trainType: 'case',
      price: 250,
      status: 'PENDING',
      tags: ['一元二次方程', '九年级'],
      description: '配套课件与练习，适合新授课使用。',
    });
    expect(resource.coverFileId).toMatch(/\S/);
    expect(resource.files).toHaveLength(1);
    const stored = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: resource.files[0]!.fileId } });
    expect(stored).toMatchObject({
      originalName: '一元二次方程教学设计.docx',
      size: BigInt(document.length),
      sha256: sha256(document),
      kind: 'document',
    });
    const [stage, subject] = await Promise.all([
      t.prisma.dict.findUniqueOrThrow({ where: { id: resource.stageId! } }),
      t.prisma.dict.findUniqueOrThrow({ where: { id: resource.subjectId! } }),
    ]);
    expect([stage.dictName, subject.dictName]).toEqual(['初中', '数学']);

    // 继续上传文档 starts a fresh round.
    await page.getByRole('button', { name: '继续上传文档' }).click();
    await page.getByTestId('upload-notice').waitFor();
    expect(await items(page).count()).toBe(0);
    expect(await page.getByLabel('资源标题').inputValue()).toBe('');
  });

  it('uploads a video in 1 MiB chunks through a network cut, with the right bytes, and publishes it', async () => {
    await openUploadScreen(page, '视频');
    await expect.poll(() => breadcrumb(page).textContent(), POLL).toContain('上传视频');
    const video = mp4(6 * MiB + 12_345);

    // After the 2nd chunk the network drops for 2.5 s: every chunk request in that time fails.
    let chunks = 0;
    let cutUntil = 0;
    const ranges: string[] = [];
    const cut = async (route: Route) => {
      chunks++;
      if (chunks === 3) cutUntil = Date.now() + 2_500;
      if (Date.now() < cutUntil) {
        await route.abort('internetdisconnected');
        return;
      }
      ranges.push((await route.request().headerValue('content-range')) ?? '');
      await route.continue();
    };
    await page.route('**/api/upload/video/chunk**', cut);
    const metaQueries: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/upload/video/meta')) metaQueries.push(request.url());
    });

    await page.getByTestId('upload-input').setInputFiles(writeFile('勾股定理的证明.mp4', video));
    const row = item(page, '勾股定理的证明.mp4');
    // The cut shows: the helper says it is retrying, and keeps the bytes the server already has.
    await row.getByText(/网络异常，正在重试/).waitFor();
    await page.screenshot({ path: artifact('upload-video-network-cut.png') });
    expect(await row.getAttribute('data-status')).toBe('uploading');
    expect(await row.getByTestId('upload-item-status').textContent()).toMatch(/^上传中 \d+%$/);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('success');
    await page.unroute('**/api/upload/video/chunk**', cut);

    // Asked where to resume before going on; sent 1 MiB chunks, the last one shorter, with nothing skipped.
    expect(metaQueries.length).toBeGreaterThan(0);
    expect(new URL(metaQueries[0]!).searchParams.get('filesize')).toBe(String(video.length));
    const starts = ranges.map((r) => Number(/^bytes (\d+)-(\d+)\/(\d+)$/.exec(r)![1]));
    expect(starts).toEqual(Array.from({ length: 7 }, (_, i) => i * MiB));
    expect(ranges.at(-1)).toBe(`bytes ${6 * MiB}-${video.length - 1}/${video.length}`);

    const upload = await t.prisma.chunkedUpload.findFirstOrThrow({
      where: { fileName: '勾股定理的证明.mp4' },
      include: { storedFile: true },
    });
    expect(upload.status).toBe('done');
    expect(upload.storedFile).toMatchObject({
      size: BigInt(video.length),
      sha256: sha256(video),
      kind: 'video',
      mimeType: 'video/mp4',
    });

    expect(await page.getByLabel('资源标题').inputValue()).toBe('勾股定理的证明');
    await page.getByLabel('资源简介').fill('用面积法证明勾股定理，时长约 8 分钟。');
    const published = page.waitForResponse((r) => r.url().endsWith('/es/resource/lib/publish/minute_course'));
    await page.getByRole('button', { name: '提交审核' }).click();
    const answer = (await (await published).json()) as { code: number; data: { id: number } };
    expect(answer.code).toBe(0);
    videoId = answer.data.id;
    await page.getByTestId('publish-success').getByText('提交成功，等待审核').waitFor();
    const resource = await t.prisma.resource.findUniqueOrThrow({
      where: { id: videoId },
      include: { files: true },
    });
    expect(resource).toMatchObject({ type: 'MICRO_COURSE', status: 'PENDING', price: 0 });
    expect(resource.files.map((f) => f.fileId)).toEqual([upload.storedFileId]);
  });

  it('both wait for review in the teacher’s uploads', async () => {
    const mine = await myUploads(page);
    const byId = new Map(mine.map((r) => [r.id, r]));
    for (const id of [docId, videoId]) {
      expect(byId.get(id)?.status).toBe('PENDING');
      expect(RESOURCE_STATUS_LABELS[byId.get(id)!.status as 'PENDING']).toBe('待审核');
    }
  });

  it('edits the document from 我的资源: the form comes filled in, a file is added, and it goes back to review', async () => {
    await t.prisma.resource.update({
      where: { id: docId },
      data: { status: 'REJECTED', reviewNote: '请补充练习答案' },
    });
    await page.goto(`${t.url}/personSpace/resource`);
    const row = page.getByRole('row').filter({ hasText: '一元二次方程教学设计（人教版九年级）' });
    await row.getByText('请补充练习答案').waitFor();
    await row.getByRole('link', { name: '编辑' }).click();
    await page.waitForURL(`${t.url}/home/uploadDoc?id=${docId}`);
    const title = page.getByLabel('资源标题');
    await expect.poll(() => title.inputValue(), POLL).toBe('一元二次方程教学设计（人教版九年级）');
    expect(await page.getByLabel('价格').inputValue()).toBe('2.50');
    await page.getByRole('list', { name: '已有文件' }).getByText('一元二次方程教学设计.docx').waitFor();
    await page.getByRole('img', { name: '当前封面' }).waitFor();

    const answers = docx('练习答案：x₁ = 1，x₂ = 3。');
    await page.getByTestId('upload-input').setInputFiles(writeFile('练习答案.docx', answers));
    await expect.poll(() => item(page, '练习答案.docx').getAttribute('data-status'), POLL).toBe('success');
    await title.fill('一元二次方程教学设计（含练习答案）');
    await fullPageShot(page, 'upload-edit-form.png');
    await page.getByRole('button', { name: '保存并重新提交审核' }).click();
    await page.waitForURL(`${t.url}/personSpace/resource?saved=1`);
    await page.getByText('修改已保存，资源已重新提交审核').waitFor();

    const edited = await t.prisma.resource.findUniqueOrThrow({ where: { id: docId }, include: { files: true } });
    expect(edited).toMatchObject({ title: '一元二次方程教学设计（含练习答案）', status: 'PENDING', price: 250 });
    expect(edited.files).toHaveLength(2);
    expect(edited.coverFileId).toMatch(/\S/);
  });

  it('after a reload in the middle of a video, the same file chosen again continues from the server position', async () => {
    await page.goto(`${t.url}/home/uploadVideo`); // agreed to the statement already in this tab: straight in
    await page.getByTestId('upload-notice').waitFor();
    expect(await statementDialog(page).count()).toBe(0);
    const video = mp4(6 * MiB);
    const file = writeFile('分数的初步认识.mp4', video);

    // Slow chunks, so the reload lands in the middle.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue().catch(() => {});
    };
    await page.route('**/api/upload/video/chunk**', slow);
    await page.getByTestId('upload-input').setInputFiles(file);
    const receivedNow = async () =>
      Number((await t.prisma.chunkedUpload.findFirst({ where: { fileName: '分数的初步认识.mp4' } }))?.received ?? 0);
    await expect.poll(receivedNow, POLL).toBeGreaterThanOrEqual(2 * MiB);
    await page.reload();
    await page.unroute('**/api/upload/video/chunk**', slow);
    await page.getByTestId('upload-notice').waitFor();
    expect(await receivedNow()).toBeLessThan(video.length);

    // The screen remembers the unfinished upload; choosing the file again asks the server and goes on from there.
    await page.getByTestId('upload-resumes').getByText('分数的初步认识.mp4', { exact: false }).waitFor();
    const position = page.waitForResponse((r) => r.url().includes('/api/upload/video/meta'));
    const first = page.waitForRequest(isChunk);
    await page.getByTestId('upload-input').setInputFiles(file);
    const { received } = (await (await position).json()) as { result: number; received: number };
    expect(received).toBeGreaterThanOrEqual(2 * MiB);
    expect(await (await first).headerValue('content-range')).toBe(
      `bytes ${received}-${received + MiB - 1}/${video.length}`,
    );
    const row = item(page, '分数的初步认识.mp4');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('success');
    const done = await t.prisma.chunkedUpload.findFirstOrThrow({
      where: { fileName: '分数的初步认识.mp4' },
      include: { storedFile: true },
    });
    expect(done.storedFile).toMatchObject({ size: BigInt(video.length), sha256: sha256(video) });
    // One upload, not two: no second init for the same file.
    expect(await t.prisma.chunkedUpload.count({ where: { fileName: '分数的初步认识.mp4' } })).toBe(1);
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});

describe('the upload messages a teacher can meet', () => {
  it('the video screen takes one video, dropped or chosen, and says so otherwise', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      // Log in through the header this time, then open the video screen by its address: the statement is asked there.
      await page.goto(`${t.url}/home/index`);
      await dismissPicker(page);
      const puzzle = page.waitForResponse(isPuzzle);
      await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
      await loginDialog(page).waitFor({ state: 'visible' });
      await logInThroughDialog(page, puzzle, 'zhangxm');
      await page.goto(`${t.url}/home/uploadVideo`);
      await statementDialog(page).waitFor({ state: 'visible' });
      await statementDialog(page).getByRole('button', { name: '我已阅读并同意' }).click();

      // Two videos dropped at once: a micro-course has one.
      const two = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        for (const name of ['a.mp4', 'b.mp4']) transfer.items.add(new File([new Uint8Array(64)], name));
        return transfer;
      });
      await page.getByTestId('upload-drop-zone').getByRole('button').dispatchEvent('drop', { dataTransfer: two });
      await page.locator('.ant-message').getByText('一个微课只能上传 1 个视频，请重新选择').waitFor();
      const input = page.getByTestId('upload-input');
      await input.setInputFiles(writeFile('教案.docx', docx()));
      await page.locator('.ant-message').getByText(MESSAGES.upload.mediaTypeNotAllowed, { exact: false }).waitFor();
      expect(await items(page).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('each upload screen names its own formats, and its form fits a phone', () => {
  /** The file extensions a text names (lower-case words; sizes such as 50 MB are not). */
  const extensionsIn = (text: string) => [...new Set(text.match(/[a-z0-9]*[a-z][a-z0-9]*/g))].sort();
  const screens = [
    { path: '/home/uploadDoc', formats: [...UPLOAD.documentExtensions] },
    { path: '/home/uploadVideo', formats: [...UPLOAD.videoExtensions, ...UPLOAD.audioExtensions] },
  ];

  it.each(screens)('$path', async ({ path, formats }) => {
    const { context, page, errors } = await returningSession(browser, { app: t, userName: 'wangcy' });
    try {
      await page.goto(`${t.url}${path}`);
      await statementDialog(page).getByRole('button', { name: '我已阅读并同意' }).click();
      const notice = page.getByTestId('upload-notice');
      expect(extensionsIn((await notice.textContent()) ?? '')).toEqual([...formats].sort());

      // Desktop: labels beside their fields.
      const title = page.getByLabel('资源标题');
      const titleLabel = page.locator('label[for]', { hasText: '资源标题' });
      let [label, field] = [(await titleLabel.boundingBox())!, (await title.boundingBox())!];
      expect(label.x + label.width).toBeLessThanOrEqual(field.x);

      // Phone: labels above their fields, every label on one line, the cover hint under the picture.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(async () => (await titleLabel.boundingBox())!.y < (await title.boundingBox())!.y).toBe(true);
      [label, field] = [(await titleLabel.boundingBox())!, (await title.boundingBox())!];
      expect(label.y + label.height).toBeLessThanOrEqual(field.y);
      const labelLines = await page.locator('form .ant-form-item-label > label').evaluateAll((labels) =>
        labels.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          return `${el.textContent}: ${tops.size}`;
        }),
      );
      expect(labelLines.length).toBeGreaterThan(4);
      for (const line of labelLines) expect(line).toMatch(/: 1$/);
      const hint = page.getByText(/^可选。.*缩略图。$/);
      const picture = page.getByTestId('cover-field').getByRole('button', { name: '封面', exact: true });
      const [hintBox, pictureBox] = [(await hint.boundingBox())!, (await picture.boundingBox())!];
      expect(hintBox.y).toBeGreaterThanOrEqual(pictureBox.y + pictureBox.height);
      expect(hintBox.width).toBeGreaterThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: artifact(`upload-phone${path.replace('/home/', '-')}.png`), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
