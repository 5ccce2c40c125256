/**
 * Lessons for demo micro-courses in subjects the seeded textbook catalogue does not cover yet (prisma/seed/catalogue
 * has 小学语文/数学, 初中语文/数学/英语/物理 and 高中数学). Each is a real lesson of a textbook in use in the
 * 2024/2025 school year, named as its table of contents names it; these resources hang on no chapter. When a
 * district imports the catalogue of such a subject, the demo's micro-courses of that subject come from it instead.
 */

export interface BookLesson {
  stage: string;
  subject: string;
  edition: string;
  /** 五年级上册, 必修第一册… */
  volume: string;
  /** 1–12, or null for 高中 必修/选择性必修 books, which are not tied to a grade. */
  grade: number | null;
  unit: string | null;
  lesson: string;
}

const book = (
  stage: string,
  subject: string,
  edition: string,
  volume: string,
  grade: number | null,
  lessons: [unit: string | null, lesson: string][],
): BookLesson[] => lessons.map(([unit, lesson]) => ({ stage, subject, edition, volume, grade, unit, lesson }));

export const UNCATALOGUED_LESSONS: BookLesson[] = [
  ...book('小学', '英语', '人教PEP版', '五年级上册', 5, [
    [null, "Unit 1 What's he like?"],
    [null, 'Unit 2 My week'],
  ]),
  ...book('小学', '英语', '人教PEP版', '六年级上册', 6, [[null, 'Unit 1 How can I get there?']]),
  ...book('小学', '科学', '教科版', '三年级上册', 3, [['第一单元 水', '1 水到哪里去了']]),
  ...book('小学', '科学', '教科版', '四年级上册', 4, [['第一单元 声音', '2 声音是怎样产生的']]),
  ...book('小学', '道德与法治', '统编版', '三年级上册', 3, [['第一单元 快乐学习', '2 我学习，我快乐']]),
  ...book('小学', '道德与法治', '统编版', '五年级上册', 5, [['第一单元 面对成长中的新问题', '2 学会沟通交流']]),
  ...book('初中', '化学', '人教版', '九年级上册', 9, [
    ['第二单元 我们周围的空气', '氧气'],
    ['第五单元 化学方程式', '质量守恒定律'],
  ]),
  ...book('初中', '生物学', '人教版', '八年级上册', 8, [['第四章 细菌和真菌', '第2节 细菌']]),
  ...book('初中', '生物学', '人教版', '八年级下册', 8, [['第二章 生物的遗传和变异', '第1节 基因控制生物的性状']]),
  ...book('初中', '历史', '统编版', '八年级上册', 8, [
    ['第一单元 中国开始沦为半殖民地半封建社会', '第1课 鸦片战争'],
    ['第二单元 近代化的早期探索与民族危机的加剧', '第4课 洋务运动'],
  ]),
  ...book('高中', '语文', '统编版', '必修上册', null, [
    ['第一单元', '1 沁园春·长沙'],
    ['第七单元', '14.1 故都的秋'],
  ]),
  ...book('高中', '英语', '人教版', '必修第一册', null, [
    [null, 'Unit 1 Teenage Life'],
    [null, 'Unit 2 Travelling Around'],
  ]),
  ...book('高中', '物理', '人教版', '必修第一册', null, [
    ['第一章 运动的描述', '1 质点 参考系'],
    ['第四章 运动和力的关系', '1 牛顿第一定律'],
  ]),
  ...book('高中', '物理', '人教版', '必修第三册', null, [['第十三章 电磁感应与电磁波初步', '1 磁场 磁感线']]),
  ...book('高中', '化学', '人教版', '必修第一册', null, [
    ['第一章 物质及其变化', '第二节 离子反应'],
    ['第二章 海水中的重要元素——钠和氯', '第一节 钠及其化合物'],
  ]),
  ...book('高中', '生物学', '人教版', '必修1 分子与细胞', null, [
    ['第3章 细胞的基本结构', '第1节 细胞膜的结构和功能'],
    ['第5章 细胞的能量供应和利用', '第4节 光合作用与能量转化'],
  ]),
  ...book('高中', '历史', '统编版', '中外历史纲要（上）', null, [
    ['第一单元 从中华文明起源到秦汉大一统封建国家的建立与巩固', '第1课 中华文明的起源与早期国家'],
    ['第一单元 从中华文明起源到秦汉大一统封建国家的建立与巩固', '第4课 西汉与东汉——统一多民族封建国家的巩固'],
  ]),
];
