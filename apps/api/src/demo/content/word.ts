import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Block, DocumentModel } from './writing.ts';

/**
 * Lays a document model out as a Word file the way Chinese school documents look: 宋体 body in 小四 (12 pt) with
 * 1.5 line spacing, 黑体 headings, a centred title, tables with a shaded header row, page numbers in the footer.
 * Fonts are named for East Asian text separately (eastAsia), so Latin letters stay in Times New Roman; a viewer
 * without these fonts substitutes its own CJK font (LibreOffice through fontconfig).
 */

const BODY_FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体', cs: 'Times New Roman' };
const HEADING_FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '黑体', cs: 'Times New Roman' };
/** Half-points: 小四 = 12 pt, 四号 = 14 pt, 小二 = 18 pt. */
const SIZE = { body: 24, heading1: 28, heading2: 24, title: 36 };
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: '808080' };
const CELL_BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER };

const cell = (text: string, widthPercent: number, header: boolean) =>
  new TableCell({
    width: { size: widthPercent, type: WidthType.PERCENTAGE },
    borders: CELL_BORDERS,
    shading: header ? { type: ShadingType.CLEAR, fill: 'E7EEF7', color: 'auto' } : undefined,
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    children: text.split('\n').map(
      (line) =>
        new Paragraph({
          spacing: { line: 300 },
          alignment: header ? AlignmentType.CENTER : AlignmentType.LEFT,
          children: [new TextRun({ text: line, bold: header, size: 21 })],
        }),
    ),
  });

const table = (block: Extract<Block, { type: 'table' }>) => {
  const rows: TableRow[] = [];
  if (block.header)
    rows.push(
      new TableRow({ tableHeader: true, children: block.header.map((h, i) => cell(h, block.widths[i] ?? 25, true)) }),
    );
  for (const row of block.rows)
    rows.push(
      new TableRow({
        cantSplit: true,
        // Label columns of a key–value table (基本信息) are shaded like a header.
        children: row.map((text, i) => cell(text, block.widths[i] ?? 25, !block.header && i % 2 === 0)),
      }),
    );
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows });
};

const board = (lines: string[]) =>
  new Table({
    width: { size: 80, type: WidthType.PERCENTAGE },
    alignment: AlignmentType.CENTER,
    rows: [
      new TableRow({
        children: [
          new TableCell({
            borders: {
              top: { style: BorderStyle.DOUBLE, size: 6, color: '2F5496' },
              bottom: { style: BorderStyle.DOUBLE, size: 6, color: '2F5496' },
              left: { style: BorderStyle.DOUBLE, size: 6, color: '2F5496' },
              right: { style: BorderStyle.DOUBLE, size: 6, color: '2F5496' },
            },
            margins: { top: 120, bottom: 120, left: 200, right: 200 },
            children: lines.map(
              (line, i) =>
                new Paragraph({
                  alignment: i === 0 ? AlignmentType.CENTER : AlignmentType.LEFT,
                  children: [new TextRun({ text: line, bold: i === 0, font: HEADING_FONT, size: i === 0 ? 26 : 22 })],
                }),
            ),
          }),
        ],
      }),
    ],
  });

const blockToWord = (block: Block): (Paragraph | Table)[] => {
  switch (block.type) {
    case 'heading':
      return [
        new Paragraph({
          heading: block.level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
          children: [new TextRun(block.text)],
        }),
      ];
    case 'paragraph':
      return [
        new Paragraph({
          alignment: block.centred ? AlignmentType.CENTER : undefined,
          indent: block.lead || block.centred ? undefined : { firstLine: 480 },
          children: [...(block.lead ? [new TextRun({ text: block.lead, bold: true })] : []), new TextRun(block.text)],
        }),
      ];
    case 'lines':
      return block.lines.map(
        (line) => new Paragraph({ indent: block.indent ? { left: 420 } : undefined, children: [new TextRun(line)] }),
      );
    case 'table':
      return [table(block), new Paragraph({ children: [] })];
    case 'board':
      return [board(block.lines), new Paragraph({ children: [] })];
    case 'pageBreak':
      return [new Paragraph({ children: [new PageBreak()] })];
  }
};

/** The .docx bytes of a model (not yet stamped: `stampPackage` fixes its times). */
export const wordFile = async (model: DocumentModel, author: string): Promise<Buffer> => {
  const document = new Document({
    creator: author,
    lastModifiedBy: author,
    title: model.title,
    subject: model.subject,
    keywords: model.keywords.join('；'),
    description: model.description,
    revision: 1,
    styles: {
      default: {
        document: { run: { font: BODY_FONT, size: SIZE.body }, paragraph: { spacing: { line: 360 } } },
        title: {
          run: { font: HEADING_FONT, size: SIZE.title, bold: true, color: '000000' },
          paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 120 } },
        },
        heading1: {
          run: { font: HEADING_FONT, size: SIZE.heading1, bold: true, color: '000000' },
          paragraph: { spacing: { before: 240, after: 120 }, keepNext: true },
        },
        heading2: {
          run: { font: HEADING_FONT, size: SIZE.heading2, bold: true, color: '000000' },
          paragraph: { spacing: { before: 120, after: 60 }, keepNext: true },
        },
      },
    },
    sections: [
      {
        properties: { page: { margin: { top: 1440, bottom: 1440, left: 1500, right: 1500 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: ['第 ', PageNumber.CURRENT, ' 页  共 ', PageNumber.TOTAL_PAGES, ' 页'],
                    size: 18,
                  }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(model.title)] }),
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 240 },
            children: [new TextRun({ text: model.byline, size: 21, color: '595959' })],
          }),
          ...model.blocks.flatMap(blockToWord),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
};
