import ExcelJS from 'exceljs';
import type { ScoreSheetModel } from './writing.ts';

/**
 * The score analysis workbook that goes with a test paper, as a teacher keeps it after marking: 成绩登记 (points per
 * question, subtotals, total and grade as formulas) and 质量分析 (average, highest, lowest, pass and excellence rates,
 * each question's scoring rate, the spread over score bands). Formulas carry their computed results, so viewers
 * that do not recalculate (previews, phones) show the numbers too.
 */

const FONT = { name: '宋体', size: 11 };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE6F3' } };
const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

const column = (index: number) => {
  let n = index;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
};

/** 等级 by share of full marks, as schools grade a paper of any size: 85% 优秀, 75% 良好, 60% 合格. */
const GRADE_BANDS: [string, number][] = [
  ['优秀', 0.85],
  ['良好', 0.75],
  ['合格', 0.6],
];
const gradeOf = (total: number, full: number) =>
  GRADE_BANDS.find(([, share]) => total >= full * share)?.[0] ?? '待合格';
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The .xlsx bytes of a score sheet (not yet stamped: `stampPackage` fixes its times). */
export const scoreWorkbookFile = async (model: ScoreSheetModel, author: string, writtenAt: Date): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = author;
  workbook.lastModifiedBy = author;
  workbook.created = writtenAt;
  workbook.modified = writtenAt;
  workbook.title = model.title;
  workbook.subject = model.subject;

  const { questions, students } = model;
  const sections = ['选择题', '填空题', '解答题'] as const;
  const firstQuestionColumn = 3;
  const subtotalColumn = firstQuestionColumn + questions.length;
  const totalColumn = subtotalColumn + sections.length;
  const gradeColumn = totalColumn + 1;
  const firstDataRow = 4;
  const lastDataRow = firstDataRow + students.length - 1;
  const full = questions.reduce((sum, q) => sum + q.score, 0);
  const excellent = Math.ceil(full * 0.85);
  const pass = Math.ceil(full * 0.6);

  // Printed (and previewed as PDF) one page wide in landscape on A4, the header row repeated on every page.
  const sheet = workbook.addWorksheet('成绩登记', {
    views: [{ state: 'frozen', xSplit: 2, ySplit: 3 }],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '3:3',
    },
  });
  sheet.mergeCells(1, 1, 1, gradeColumn);
  const title = sheet.getCell(1, 1);
  title.value = model.title;
  title.font = { ...FONT, size: 14, bold: true };
  title.alignment = { horizontal: 'center' };
  sheet.mergeCells(2, 1, 2, gradeColumn);
  sheet.getCell(2, 1).value = `班级：${model.className}　　满分：${full}分　　任课教师：${author}`;
  sheet.getCell(2, 1).font = FONT;

  const header = [
    '学号',
    '姓名',
    ...questions.map((q) => `第${q.number}题（${q.score}分）`),
    ...sections.map((s) => `${s}小计`),
    '总分',
    '等级',
  ];
  const headerRow = sheet.getRow(3);
  header.forEach((text, i) => {
    const cell = headerRow.getCell(i + 1);
    cell.value = text;
    cell.font = { ...FONT, bold: true };
    cell.fill = HEADER_FILL;
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.border = THIN;
  });
  headerRow.height = 30;

  const totals: number[] = [];
  students.forEach((student, i) => {
    const rowNumber = firstDataRow + i;
    const row = sheet.getRow(rowNumber);
    row.getCell(1).value = student.number;
    row.getCell(2).value = student.name;
    student.points.forEach((p, q) => {
      row.getCell(firstQuestionColumn + q).value = p;
    });
    sections.forEach((section, s) => {
      const indexes = questions.flatMap((q, qi) => (q.section === section ? [qi] : []));
      const from = column(firstQuestionColumn + indexes[0]!);
      const to = column(firstQuestionColumn + indexes[indexes.length - 1]!);
      row.getCell(subtotalColumn + s).value = {
        formula: `SUM(${from}${rowNumber}:${to}${rowNumber})`,
        result: indexes.reduce((sum, qi) => sum + student.points[qi]!, 0),
      };
    });
    const total = student.points.reduce((a, b) => a + b, 0);
    totals.push(total);
    const totalRef = `${column(totalColumn)}${rowNumber}`;
    row.getCell(totalColumn).value = {
      formula: `SUM(${column(subtotalColumn)}${rowNumber}:${column(totalColumn - 1)}${rowNumber})`,
      result: total,
    };
    row.getCell(gradeColumn).value = {
      formula: `IF(${totalRef}>=${full}*0.85,"优秀",IF(${totalRef}>=${full}*0.75,"良好",IF(${totalRef}>=${full}*0.6,"合格","待合格")))`,
      result: gradeOf(total, full),
    };
    for (let c = 1; c <= gradeColumn; c++) {
      const cell = row.getCell(c);
      cell.font = FONT;
      cell.border = THIN;
      cell.alignment = { horizontal: 'center' };
    }
  });
  sheet.getColumn(1).width = 6;
  sheet.getColumn(2).width = 10;
  for (let c = firstQuestionColumn; c <= gradeColumn; c++) sheet.getColumn(c).width = c < subtotalColumn ? 9 : 11;

  const analysis = workbook.addWorksheet('质量分析', {
    pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  analysis.getColumn(1).width = 18;
  analysis.getColumn(2).width = 14;
  analysis.getColumn(3).width = 14;
  analysis.getColumn(4).width = 14;
  analysis.getColumn(5).width = 14;
  analysis.mergeCells('A1:E1');
  analysis.getCell('A1').value = `${model.title.replace(/成绩分析表$/, '')}质量分析`;
  analysis.getCell('A1').font = { ...FONT, size: 14, bold: true };
  const totalRange = `成绩登记!${column(totalColumn)}${firstDataRow}:${column(totalColumn)}${lastDataRow}`;
  const count = students.length;
  const average = totals.reduce((a, b) => a + b, 0) / count;
  const rate = (min: number) => totals.filter((t) => t >= min).length / count;
  const stats: [string, string, number, string?][] = [
    ['参考人数', `COUNT(${totalRange})`, count],
    ['平均分', `ROUND(AVERAGE(${totalRange}),1)`, round(average)],
    ['最高分', `MAX(${totalRange})`, Math.max(...totals)],
    ['最低分', `MIN(${totalRange})`, Math.min(...totals)],
    [
      `优秀率（≥${excellent}分）`,
      `COUNTIF(${totalRange},">=${excellent}")/COUNT(${totalRange})`,
      rate(excellent),
      '0.0%',
    ],
    [`及格率（≥${pass}分）`, `COUNTIF(${totalRange},">=${pass}")/COUNT(${totalRange})`, rate(pass), '0.0%'],
  ];
  let r = 3;
  const label = (row: number, texts: string[]) =>
    texts.forEach((text, i) => {
      const cell = analysis.getCell(row, i + 1);
      cell.value = text;
      cell.font = { ...FONT, bold: true };
      cell.fill = HEADER_FILL;
      cell.border = THIN;
    });
  label(r++, ['统计项目', '数值']);
  for (const [name, formula, result, format] of stats) {
    analysis.getCell(r, 1).value = name;
    const cell = analysis.getCell(r, 2);
    cell.value = { formula, result };
    if (format) cell.numFmt = format;
    for (const c of [1, 2]) {
      analysis.getCell(r, c).font = FONT;
      analysis.getCell(r, c).border = THIN;
    }
    r++;
  }
  r++;
  label(r++, ['题号', '平均得分', '得分率']);
  questions.forEach((q, qi) => {
    const col = column(firstQuestionColumn + qi);
    const range = `成绩登记!${col}${firstDataRow}:${col}${lastDataRow}`;
    const mean = students.reduce((sum, s) => sum + s.points[qi]!, 0) / count;
    analysis.getCell(r, 1).value = `第${q.number}题（${q.section}）`;
    analysis.getCell(r, 2).value = { formula: `ROUND(AVERAGE(${range}),2)`, result: round(mean, 2) };
    const rateCell = analysis.getCell(r, 3);
    rateCell.value = { formula: `AVERAGE(${range})/${q.score}`, result: mean / q.score };
    rateCell.numFmt = '0.0%';
    for (const c of [1, 2, 3]) {
      analysis.getCell(r, c).font = FONT;
      analysis.getCell(r, c).border = THIN;
    }
    r++;
  });
  r++;
  label(r++, ['分数段', '人数', '占比']);
  // Five bands by share of full marks: ≥90%, 80–90%, 70–80%, 60–70%, below 60%.
  const edges = [0.9, 0.8, 0.7, 0.6].map((share) => Math.ceil(full * share));
  const bands: [string, number, number][] = [
    [`${edges[0]}—${full}分`, edges[0]!, full + 1],
    ...[1, 2, 3].map((i): [string, number, number] => [`${edges[i]}—${edges[i - 1]! - 1}分`, edges[i]!, edges[i - 1]!]),
    [`${edges[3]}分以下`, 0, edges[3]!],
  ];
  for (const [name, low, high] of bands) {
    const inBand = totals.filter((t) => t >= low && t < high).length;
    analysis.getCell(r, 1).value = name;
    analysis.getCell(r, 2).value = {
      formula: `COUNTIFS(${totalRange},">=${low}",${totalRange},"<${high}")`,
      result: inBand,
    };
    const share = analysis.getCell(r, 3);
    share.value = { formula: `B${r}/COUNT(${totalRange})`, result: inBand / count };
    share.numFmt = '0.0%';
    for (const c of [1, 2, 3]) {
      analysis.getCell(r, c).font = FONT;
      analysis.getCell(r, c).border = THIN;
    }
    r++;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
