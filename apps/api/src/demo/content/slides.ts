import PptxGenJS from 'pptxgenjs';
import type { DeckModel } from './writing.ts';

/**
 * Lays a deck model out as a 16:9 PowerPoint file: a title slide, then one slide per model slide with a coloured
 * heading band, bullet points and the teacher's speaking notes. Every text run names 微软雅黑 (the font Chinese
 * classroom decks use) for Latin and East Asian script alike; where it is missing the viewer falls back to its own
 * CJK font (LibreOffice through fontconfig, PowerPoint through its font substitution table).
 */

const FONT = '微软雅黑';
const ACCENT = '2F5496';
const LIGHT = 'EEF3FA';
const INK = '262626';

/** Shrinks long bullet lists so that they stay on the slide. */
const bulletSize = (lines: string[]) => {
  const length = lines.reduce((sum, b) => sum + b.length, 0);
  return lines.length > 8 || length > 160 ? 16 : length > 90 ? 20 : 24;
};

/** The .pptx bytes of a model (not yet stamped: `stampPackage` fixes its times). */
export const slidesFile = async (model: DeckModel, author: string): Promise<Buffer> => {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  pptx.author = author;
  pptx.company = author;
  pptx.subject = model.subject;
  pptx.title = model.title;
  pptx.theme = { headFontFace: FONT, bodyFontFace: FONT };

  const cover = pptx.addSlide();
  cover.background = { color: ACCENT };
  cover.addText(model.title, {
    x: 0.6,
    y: 1.5,
    w: 8.8,
    h: 1.3,
    fontFace: FONT,
    fontSize: model.title.length > 24 ? 28 : 36,
    bold: true,
    color: 'FFFFFF',
    align: 'center',
    valign: 'middle',
  });
  cover.addShape(pptx.ShapeType.line, { x: 2.5, y: 3.0, w: 5, h: 0, line: { color: 'FFFFFF', width: 1.5 } });
  cover.addText(model.subtitle, {
    x: 0.6,
    y: 3.2,
    w: 8.8,
    h: 0.5,
    fontFace: FONT,
    fontSize: 18,
    color: 'DDE6F3',
    align: 'center',
  });
  cover.addText(model.byline, {
    x: 0.6,
    y: 3.8,
    w: 8.8,
    h: 0.5,
    fontFace: FONT,
    fontSize: 14,
    color: 'DDE6F3',
    align: 'center',
  });

  model.slides.forEach((slide, index) => {
    const page = pptx.addSlide();
    page.background = { color: 'FFFFFF' };
    page.addShape(pptx.ShapeType.rect, { x: 0, y: 0, w: 10, h: 0.9, fill: { color: ACCENT }, line: { color: ACCENT } });
    page.addText(slide.heading, {
      x: 0.5,
      y: 0.1,
      w: 9,
      h: 0.7,
      fontFace: FONT,
      fontSize: 26,
      bold: true,
      color: 'FFFFFF',
      valign: 'middle',
    });
    page.addShape(pptx.ShapeType.rect, {
      x: 0.5,
      y: 1.15,
      w: 9,
      h: 3.9,
      fill: { color: LIGHT },
      line: { color: LIGHT },
    });
    // Details (options A–D) indented under their bullet, two to a line when they are short.
    const details = (index: number) => {
      const lines = slide.details?.[index] ?? [];
      const perLine = lines.every((line) => line.length <= 16) ? 2 : 1;
      const grouped: string[] = [];
      for (let i = 0; i < lines.length; i += perLine) grouped.push(`　　${lines.slice(i, i + perLine).join('　　')}`);
      return grouped;
    };
    const lines = slide.bullets.flatMap((text, index) => [text, ...details(index)]);
    page.addText(
      slide.bullets.flatMap((text, index) => [
        { text, options: { bullet: { code: '25A0' }, breakLine: true } },
        ...details(index).map((detail) => ({ text: detail, options: { breakLine: true } })),
      ]),
      {
        x: 0.8,
        y: 1.3,
        w: 8.4,
        h: 3.6,
        fontFace: FONT,
        fontSize: bulletSize(lines),
        color: INK,
        valign: 'top',
        paraSpaceAfter: 10,
      },
    );
    page.addText(`${model.title}　${index + 2}`, {
      x: 0.5,
      y: 5.15,
      w: 9,
      h: 0.35,
      fontFace: FONT,
      fontSize: 10,
      color: '7F7F7F',
      align: 'right',
    });
    page.addNotes(slide.notes);
  });

  const written = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.from(written as Uint8Array);
};
