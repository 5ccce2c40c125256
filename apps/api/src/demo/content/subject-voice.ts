/**
 * How teachers of each subject write about a lesson: the wording of objectives, classroom activities, exercises and
 * research themes. Templates name the lesson through placeholders, filled by `fillIn`:
 * {t} topic, {l} the lesson's full name, {u} the unit (「第一章 有理数」 or 本单元), {s} subject, {g} grade, {st} stage.
 */

/** One step of a lesson: what the teacher does and what the students do. */
export interface Activity {
  teacher: string;
  student: string;
  /** Why the step is there (设计意图). */
  purpose: string;
}

export interface ChoiceQuestion {
  /** Only for these stages (arithmetic is for 小学); every stage when absent. */
  stages?: string[];
  stem: string;
  /** Four options; `answer` is the index of the right one. */
  options: [string, string, string, string];
  answer: number;
}

export interface OpenQuestion {
  stages?: string[];
  stem: string;
  answer: string;
}

export interface SubjectVoice {
  /** Facets of the subject's 核心素养 as the curriculum standard names them. */
  literacy: string[];
  knowledge: string[];
  process: string[];
  values: string[];
  keyPoints: string[];
  difficulties: string[];
  /** 教学准备 */
  preparation: string[];
  intro: Activity[];
  explore: Activity[];
  practice: Activity[];
  summary: Activity[];
  homework: string[];
  /** 教法, 学法 */
  methods: { teaching: string; learning: string };
  reflection: string[];
  choice: ChoiceQuestion[];
  fill: OpenQuestion[];
  open: OpenQuestion[];
  /** Content slides of a 课件: a heading and its points. */
  slides: { heading: string; bullets: string[] }[];
  /** What a teacher researches in this subject, for 教研论文 and 课题报告. */
  researchThemes: string[];
}

type Family =
  | 'language'
  | 'math'
  | 'english'
  | 'science'
  | 'humanities'
  | 'arts'
  | 'sport'
  | 'computing'
  | 'practice'
  | 'wellbeing';

const FAMILY_OF: Record<string, Family> = {
  语文: 'language',
  生活语文: 'language',
  语言: 'language',
  数学: 'math',
  生活数学: 'math',
  英语: 'english',
  日语: 'language',
  俄语: 'language',
  物理: 'science',
  化学: 'science',
  生物学: 'science',
  科学: 'science',
  通用技术: 'science',
  历史: 'humanities',
  地理: 'humanities',
  道德与法治: 'humanities',
  思想政治: 'humanities',
  社会: 'humanities',
  生活适应: 'humanities',
  音乐: 'arts',
  美术: 'arts',
  艺术: 'arts',
  唱游与律动: 'arts',
  绘画与手工: 'arts',
  体育与健康: 'sport',
  健康: 'sport',
  康复训练: 'sport',
  信息科技: 'computing',
  信息技术: 'computing',
  劳动: 'practice',
  劳动技能: 'practice',
  综合实践活动: 'practice',
  专业课: 'practice',
  心理健康: 'wellbeing',
};

/** 核心素养 of each subject, in the curriculum standards' words. */
const LITERACY: Record<string, string[]> = {
  语文: ['文化自信', '语言运用', '思维能力', '审美创造'],
  数学: ['抽象能力', '运算能力', '推理能力', '模型观念'],
  英语: ['语言能力', '文化意识', '思维品质', '学习能力'],
  物理: ['物理观念', '科学思维', '科学探究', '科学态度与责任'],
  化学: ['化学观念', '科学思维', '科学探究与实践', '科学态度与责任'],
  生物学: ['生命观念', '科学思维', '探究实践', '态度责任'],
  科学: ['科学观念', '科学思维', '探究实践', '态度责任'],
  历史: ['唯物史观', '时空观念', '史料实证', '历史解释', '家国情怀'],
  地理: ['人地协调观', '综合思维', '区域认知', '地理实践力'],
  道德与法治: ['政治认同', '道德修养', '法治观念', '健全人格', '责任意识'],
  思想政治: ['政治认同', '科学精神', '法治意识', '公共参与'],
  音乐: ['审美感知', '艺术表现', '创意实践', '文化理解'],
  美术: ['审美感知', '艺术表现', '创意实践', '文化理解'],
  艺术: ['审美感知', '艺术表现', '创意实践', '文化理解'],
  体育与健康: ['运动能力', '健康行为', '体育品德'],
  信息科技: ['信息意识', '计算思维', '数字化学习与创新', '信息社会责任'],
  信息技术: ['信息意识', '计算思维', '数字化学习与创新', '信息社会责任'],
  通用技术: ['技术意识', '工程思维', '创新设计', '图样表达', '物化能力'],
  劳动: ['劳动观念', '劳动能力', '劳动习惯和品质', '劳动精神'],
  心理健康: ['自我认识', '情绪调适', '人际交往', '学习适应'],
};

const language: Omit<SubjectVoice, 'literacy'> = {
  knowledge: [
    '正确、流利、有感情地朗读《{t}》，积累文中的重点字词和优美语句',
    '梳理《{t}》的内容与结构，把握作者的思想感情',
  ],
  process: [
    '通过圈点批注、小组交流，品味《{t}》中关键词句的表达效果',
    '在反复朗读中想象画面，学习借助具体事物表达情感的写法',
  ],
  values: ['体会《{t}》蕴含的情感与文化内涵，增强热爱祖国语言文字的感情', '在阅读中涵养审美情趣，提升文化自信'],
  keyPoints: ['品味《{t}》的语言，理解关键词句的含义和作用', '有感情地朗读课文，把握文章的主要内容'],
  difficulties: ['体会作者在《{t}》中寄寓的思想感情', '学习本文的写作方法并在练笔中运用'],
  preparation: ['课文朗读音频', '《{t}》预习单', '作者及写作背景资料'],
  intro: [
    {
      teacher: '出示与《{t}》相关的图片和生活情境，请学生说说自己的感受，揭示课题。',
      student: '观察图片，联系生活经验自由发言，读课题并提出想了解的问题。',
      purpose: '激发阅读兴趣，自然引入新课。',
    },
    {
      teacher: '简介作者与写作背景，引导学生带着问题初读《{t}》。',
      student: '交流课前搜集的资料，明确本课的阅读任务。',
      purpose: '了解背景，为理解课文内容作铺垫。',
    },
  ],
  explore: [
    {
      teacher: '组织初读《{t}》：读准字音、读通句子，检查生字词的认读与书写。',
      student: '自由朗读，圈画生字词，同桌互查，交流难读的句子。',
      purpose: '扫清字词障碍，落实语言积累。',
    },
    {
      teacher: '提出主问题：文章写了哪些内容？是按什么顺序写的？引导学生理清文章脉络。',
      student: '默读课文，概括各部分的主要内容，小组合作完成结构图。',
      purpose: '整体感知，培养概括与梳理能力。',
    },
    {
      teacher: '聚焦重点段落，引导学生圈点批注，品味关键词句的表达效果。',
      student: '批注感受最深的语句，在小组内交流，推荐代表有感情地朗读。',
      purpose: '在品读中体会语言之美，突破教学重点。',
    },
    {
      teacher: '追问：作者为什么这样写？借助背景资料体会作者的情感。',
      student: '结合关键词句和背景资料谈理解，补充完善自己的批注。',
      purpose: '由言及意，突破教学难点。',
    },
  ],
  practice: [
    {
      teacher: '布置小练笔：仿照《{t}》中的写法，写一段话描写身边的景物或人物。',
      student: '当堂练笔，同桌互评，选出佳作全班展示。',
      purpose: '读写结合，迁移运用写作方法。',
    },
  ],
  summary: [
    {
      teacher: '引导学生回顾本课的收获，梳理《{t}》的内容、情感与写法。',
      student: '用一句话说说学习本课的收获，完成学习单上的小结。',
      purpose: '梳理提升，形成结构化认识。',
    },
  ],
  homework: [
    '有感情地朗读《{t}》，背诵喜欢的段落',
    '摘抄文中的优美语句并写一写批注',
    '选做：搜集与本课主题相关的诗文，与同学分享',
  ],
  methods: { teaching: '情境教学法、朗读指导法、问题引导法', learning: '圈点批注法、合作探究法、读写结合法' },
  reflection: [
    '本课以朗读贯穿始终，学生在反复诵读中体会到了《{t}》的情感，课堂气氛活跃。',
    '主问题设计较为集中，学生能围绕问题展开讨论，但个别学生的发言停留在表面，追问还需更有层次。',
    '小练笔时间略显仓促，下次可将部分字词检查前移到预习环节，为读写结合留出更充足的时间。',
  ],
  choice: [
    {
      stem: '下列对《{t}》的理解，不正确的一项是（　　）',
      options: [
        '作者借助具体的景物和事件抒发真情实感',
        '文中多处运用修辞手法，使语言生动形象',
        '文章层次清楚，前后内容联系紧密',
        '全文以议论为主，几乎没有描写和抒情',
      ],
      answer: 3,
    },
    {
      stem: '朗读《{t}》时，下列做法最恰当的一项是（　　）',
      options: [
        '读得越快越好，不必注意停顿',
        '读准字音，注意停顿，读出文中蕴含的感情',
        '只读自己喜欢的段落，其余可以跳过',
        '所有句子都用同样的语气和语速来读',
      ],
      answer: 1,
    },
    {
      stem: '学习《{t}》时，对文中关键语句的赏析，下列方法最合适的一项是（　　）',
      options: [
        '只看句子表面意思，不联系上下文',
        '抄写句子十遍以加深印象',
        '联系上下文和写作背景，分析其表达效果和情感',
        '直接背诵教辅书上的赏析答案',
      ],
      answer: 2,
    },
    {
      stem: '下列关于《{t}》所在单元学习要求的说法，正确的一项是（　　）',
      options: [
        '重在背诵，不必理解内容',
        '在朗读与品味中理解内容，体会情感，学习表达方法',
        '只需了解作者生平',
        '主要任务是完成课后生字的抄写',
      ],
      answer: 1,
    },
  ],
  fill: [
    { stem: '阅读《{t}》时，可以先理清文章的____，再品味关键词句。', answer: '思路（结构）' },
    { stem: '学习《{t}》，我们要抓住文中的关键词句，体会作者____的思想感情。', answer: '言之有理即可（结合课文回答）' },
    { stem: '朗读时要做到读准字音、读出____、读出感情。', answer: '停顿（节奏）' },
    { stem: '圈点批注时，可以在有感受的词句旁边写下自己的____。', answer: '理解和感受' },
  ],
  open: [
    {
      stem: '结合《{t}》的具体语句，谈谈作者是怎样表达情感的。（不少于100字）',
      answer: '要点：找准语句（2分）；分析修辞或描写方法（2分）；点明所表达的情感（2分）。',
    },
    {
      stem: '读了《{t}》，你有什么感受？请联系自己的生活经历写一段话。',
      answer: '紧扣课文内容，联系生活实际，感受真切、语句通顺即可。',
    },
  ],
  slides: [
    { heading: '走近《{t}》', bullets: ['作者与写作背景', '读准字音，读通句子', '说说初读后的感受'] },
    { heading: '整体感知', bullets: ['文章写了哪些内容？', '按照什么顺序来写？', '用一句话概括全文'] },
    { heading: '品读赏析', bullets: ['圈画感受最深的语句', '说说好在哪里：用词、修辞、描写', '有感情地朗读'] },
    { heading: '体会情感', bullets: ['作者为什么这样写？', '结合背景资料谈理解', '文中哪些地方打动了你？'] },
    { heading: '读写结合', bullets: ['学习本文的写法', '小练笔：写一写身边的景或人', '同桌互评，展示佳作'] },
  ],
  researchThemes: ['大单元教学', '学习任务群', '整本书阅读', '读写结合', '朗读指导'],
};

const math: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['理解“{t}”的概念与基本性质，掌握相关的基本方法', '能运用“{t}”的知识解决简单的实际问题'],
  process: [
    '经历从具体情境中抽象出“{t}”相关概念的过程，发展抽象能力',
    '通过观察、猜想、验证和归纳，体会转化与数形结合的思想',
  ],
  values: ['在合作探究中体验数学活动的乐趣，增强学好数学的信心', '感受数学与生活的密切联系，养成严谨的思考习惯'],
  keyPoints: ['理解并掌握“{t}”的概念和方法', '运用“{t}”的知识解决问题'],
  difficulties: ['对“{t}”相关概念本质的理解', '在变式问题中灵活选用方法'],
  preparation: ['多媒体课件', '学习任务单', '几何画板或实物教具'],
  intro: [
    {
      teacher: '创设生活情境，提出与“{t}”有关的问题，引发学生思考。',
      student: '观察情境，尝试用已有知识解决，发现新问题。',
      purpose: '以问题驱动，激发探究欲望。',
    },
    {
      teacher: '复习与本课相关的旧知，为学习“{t}”做好铺垫。',
      student: '回忆、口答，说出已学知识之间的联系。',
      purpose: '温故知新，找准新知的生长点。',
    },
  ],
  explore: [
    {
      teacher: '出示探究任务，引导学生动手操作、观察特征，提出猜想。',
      student: '独立思考后小组合作，记录发现并提出猜想。',
      purpose: '经历探究过程，积累数学活动经验。',
    },
    {
      teacher: '组织交流各组的发现，引导学生用数学语言归纳“{t}”的结论。',
      student: '汇报交流，补充完善，尝试用文字、符号表述结论。',
      purpose: '由具体到抽象，形成概念或法则。',
    },
    {
      teacher: '讲解例题，规范书写格式，强调易错点。',
      student: '尝试独立完成例题，对照讲评纠正错误。',
      purpose: '示范规范解题，巩固新知。',
    },
    {
      teacher: '出示变式题，引导学生比较异同，总结解题方法。',
      student: '独立完成变式题，说出解题思路与依据。',
      purpose: '在变式中加深理解，突破难点。',
    },
  ],
  practice: [
    {
      teacher: '分层出示练习：基础题、提高题、拓展题，巡视指导。',
      student: '独立完成练习，同桌互批，讲一讲错因。',
      purpose: '及时反馈，满足不同层次学生的需要。',
    },
  ],
  summary: [
    {
      teacher: '引导学生从知识、方法、思想三个方面回顾“{t}”。',
      student: '交流收获，画出本节课的知识结构图。',
      purpose: '构建知识网络，提炼数学思想方法。',
    },
  ],
  homework: ['必做：课本练习题中与“{t}”相关的基础题', '选做：寻找生活中应用“{t}”的例子并写成一道题', '预习下一节内容'],
  methods: { teaching: '问题驱动法、启发式讲授法、变式训练法', learning: '动手操作法、合作探究法、归纳总结法' },
  reflection: [
    '本节课以问题串推进，学生在动手操作和交流中自主得出了“{t}”的结论，参与度较高。',
    '例题讲解时注重书写规范，但变式练习中仍有部分学生审题不清，说明还需加强对条件的分析。',
    '分层练习照顾了不同水平的学生，个别学困生课后需要进一步辅导。',
  ],
  choice: [
    {
      stem: '下列关于“{t}”的说法中，正确的是（　　）',
      options: [
        '只要记住结论，不必理解其推导过程',
        '要理解概念的本质，并能在具体问题中正确运用',
        '只在课本例题中用到',
        '与以前学过的知识没有联系',
      ],
      answer: 1,
    },
    {
      stem: '小明在做与“{t}”有关的题目时出错了，最可能的原因是（　　）',
      options: ['审题不清，没有看清已知条件', '题目太简单', '用了课本上的方法', '检查了计算过程'],
      answer: 0,
    },
    {
      stages: ['小学'],
      stem: '计算 {a} + {b} − {c} 的结果是（　　）',
      options: ['{r1}', '{r0}', '{r2}', '{r3}'],
      answer: 1,
    },
    {
      stages: ['初中', '高中'],
      stem: '若 x = {a}，则代数式 2x − {b} 的值为（　　）',
      options: ['{x1}', '{x2}', '{x0}', '{x3}'],
      answer: 2,
    },
    {
      stem: '解决与“{t}”相关的实际问题时，第一步应该（　　）',
      options: ['直接列式计算', '猜一个答案', '读懂题意，找出已知量和所求量之间的关系', '抄写同学的答案'],
      answer: 2,
    },
  ],
  fill: [
    { stages: ['小学'], stem: '{a} + {b} = ____。', answer: '{sum}' },
    { stem: '学习“{t}”时，我们经历了观察、猜想、____、归纳的过程。', answer: '验证' },
    { stages: ['小学'], stem: '一个数的 {b} 倍是 {ab}，这个数是____。', answer: '{a}' },
    { stages: ['初中', '高中'], stem: '方程 x + {a} = {sum} 的解是 x = ____。', answer: '{b}' },
    {
      stem: '“{t}”是{u}的重要内容，学习时常用的数学思想有数形结合、____等。',
      answer: '转化（分类讨论等，答案不唯一）',
    },
  ],
  open: [
    {
      stem: '请结合一个具体的例子，说明“{t}”在生活中的应用，并写出解答过程。',
      answer: '举例恰当（2分）；列式或作图正确（3分）；计算正确并作答（3分）。',
    },
    {
      stem: '某班有 {n} 名同学，其中女生比男生多 {d} 人。男生、女生各有多少人？',
      answer: '男生（{n} − {d}）÷ 2 = {boys}（人），女生 {boys} + {d} = {girls}（人）。',
    },
  ],
  slides: [
    { heading: '情境引入', bullets: ['生活中的“{t}”', '你能用学过的知识解决吗？', '提出新问题'] },
    { heading: '探究新知', bullets: ['动手操作，观察特征', '大胆猜想', '小组验证，交流发现'] },
    { heading: '归纳结论', bullets: ['用文字表述', '用符号表示', '注意适用条件'] },
    { heading: '例题精讲', bullets: ['审题：已知什么？求什么？', '思路：选用哪种方法？', '规范书写，检验结果'] },
    { heading: '变式提升', bullets: ['改变条件，结论还成立吗？', '一题多解，比较优劣', '总结解题方法'] },
  ],
  researchThemes: ['问题链教学', '数学建模', '单元整体教学', '数形结合思想', '作业分层设计'],
};

const english: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['掌握 {t} 中的核心词汇和重点句型，能在情境中正确运用', '能听懂、读懂与 {t} 话题相关的对话和短文'],
  process: ['通过听、说、读、看等活动获取和梳理信息，尝试用英语进行交流', '借助思维导图梳理文本结构，学习阅读策略'],
  values: ['了解与话题相关的中外文化，增强跨文化意识', '乐于用英语交流，养成积极的学习态度'],
  keyPoints: ['{t} 的核心词汇与句型', '在真实情境中运用所学语言进行交流'],
  difficulties: ['灵活运用所学句型进行口头和书面表达', '在阅读中获取细节信息并推断作者意图'],
  preparation: ['课文录音', '单词卡片', '多媒体课件', '任务单'],
  intro: [
    {
      teacher: 'Greetings. "Look at the picture. What can you see? What are they doing?" 呈现与 {t} 相关的图片。',
      student: 'Answer the questions freely and predict what the lesson is about.',
      purpose: '激活话题背景知识，引出本课主题。',
    },
  ],
  explore: [
    {
      teacher: '教授新词汇：借助图片和情境呈现核心词汇，领读并检查。',
      student: 'Read after the teacher, play a word game in pairs.',
      purpose: '扫清词汇障碍，为听读活动做准备。',
    },
    {
      teacher: 'Listening: play the recording twice. "Listen and tick the right answers."',
      student: 'Listen for the main idea, then for details; check answers in pairs.',
      purpose: '训练获取主旨与细节信息的听力策略。',
    },
    {
      teacher: 'Reading: guide students to read the passage and complete the mind map.',
      student: 'Read quickly for the main idea, read carefully to fill in the mind map.',
      purpose: '梳理文本结构，发展阅读策略与思维品质。',
    },
    {
      teacher: '呈现重点句型，引导学生观察、归纳用法。"Can you find the rule?"',
      student: 'Find the sentences in the text, work out the rule and make new sentences.',
      purpose: '在语境中学习语法，做到形义结合。',
    },
  ],
  practice: [
    {
      teacher: 'Pair work: "Make a conversation with your partner using the sentences we learned."',
      student: 'Practise the conversation in pairs and act it out in front of the class.',
      purpose: '在模拟情境中运用语言，提升口语表达能力。',
    },
  ],
  summary: [
    {
      teacher: '"What have we learned today?" 引导学生回顾本课的词汇、句型和话题。',
      student: 'Sum up the key words and sentences with the help of the mind map.',
      purpose: '梳理所学，形成知识网络。',
    },
  ],
  homework: [
    'Read the passage aloud three times and recite the key sentences.',
    '用本课句型写一篇50词左右的短文，介绍与 {t} 话题相关的内容',
    'Preview the next part of the unit.',
  ],
  methods: { teaching: '任务型教学法、情境教学法、英语学习活动观', learning: '合作学习法、自主探究法、角色扮演' },
  reflection: [
    '本课围绕 {t} 话题设计了层层递进的学习活动，学生在情境中运用语言的积极性较高。',
    'Pair work 环节学生参与面广，但部分学生表达时仍依赖中文，今后需提供更多语言支架。',
    '思维导图帮助学生梳理了文本结构，下节课可以让学生借助导图复述课文。',
  ],
  choice: [
    {
      stem: '— What do you usually do on weekends?\n— I usually ______ my grandparents.（　　）',
      options: ['visit', 'visits', 'visiting', 'visited'],
      answer: 0,
    },
    {
      stem: 'My sister ______ English every morning.（　　）',
      options: ['read', 'reads', 'reading', 'to read'],
      answer: 1,
    },
    {
      stem: '— ______ is your favourite subject?\n— English.（　　）',
      options: ['Who', 'Where', 'What', 'When'],
      answer: 2,
    },
    {
      stem: 'There ______ some books on the desk.（　　）',
      options: ['is', 'am', 'be', 'are'],
      answer: 3,
    },
  ],
  fill: [
    { stem: 'I am good ______ (在……方面擅长) singing.', answer: 'at' },
    { stem: 'Thank you for ______ (help) me.', answer: 'helping' },
    { stem: 'He ______ (not like) vegetables.', answer: "doesn't like" },
    { stem: 'Let’s ______ (go) to the library after school.', answer: 'go' },
  ],
  open: [
    {
      stem: '书面表达：围绕 {t} 的话题，用英语写一篇不少于60词的短文。',
      answer: '内容完整（5分）；语言准确、句型运用恰当（3分）；书写规范、条理清楚（2分）。',
    },
    {
      stem: '阅读课文，用英语回答：What is the main idea of the passage?',
      answer: 'Answers may vary. 言之有理、语法正确即可。',
    },
  ],
  slides: [
    { heading: 'Lead-in', bullets: ['Look and say: What can you see?', '话题：{t}', 'Let’s learn new words'] },
    { heading: 'Listening', bullets: ['Listen for the main idea', 'Listen for details', 'Check in pairs'] },
    {
      heading: 'Reading',
      bullets: ['Read quickly: main idea', 'Read carefully: mind map', 'Think: What does the writer want to say?'],
    },
    { heading: 'Language points', bullets: ['Find the key sentences', 'Work out the rule', 'Make your own sentences'] },
    { heading: 'Pair work', bullets: ['A: What do you think of …?', 'B: I think …', 'Act it out!'] },
  ],
  researchThemes: ['英语学习活动观', '阅读教学中的思维品质培养', '单元整体教学', '读写结合', '作业设计'],
};

const science: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['知道“{t}”的基本概念和规律，能用它解释常见现象', '会进行与“{t}”相关的简单实验操作和数据记录'],
  process: [
    '经历“提出问题—作出假设—设计实验—收集证据—得出结论”的探究过程',
    '通过分析实验数据，学习控制变量、转换等科学方法',
  ],
  values: ['在实验中养成实事求是、严谨细致的科学态度', '体会科学与技术、社会、环境的联系，增强社会责任感'],
  keyPoints: ['“{t}”的概念与规律', '设计并完成相关探究实验'],
  difficulties: ['从实验现象中归纳出“{t}”的规律', '运用所学解释生活和生产中的实际问题'],
  preparation: ['分组实验器材', '实验记录单', '演示实验装置', '多媒体课件'],
  intro: [
    {
      teacher: '演示一个与“{t}”有关的有趣实验，请学生观察现象并说说自己的发现。',
      student: '认真观察，描述现象，提出“为什么会这样”的问题。',
      purpose: '以实验激趣，引发认知冲突。',
    },
  ],
  explore: [
    {
      teacher: '引导学生针对问题作出猜想与假设，并说明依据。',
      student: '结合生活经验提出猜想，在小组内交流依据。',
      purpose: '培养提出问题和作出假设的能力。',
    },
    {
      teacher: '指导各组设计实验方案，强调控制变量和安全注意事项。',
      student: '讨论确定实验方案，明确器材、步骤和需要记录的数据。',
      purpose: '学习设计实验，体会控制变量的方法。',
    },
    {
      teacher: '巡视指导分组实验，提醒学生如实记录数据。',
      student: '分工合作完成实验，填写实验记录单。',
      purpose: '在动手实践中获取证据。',
    },
    {
      teacher: '组织各组汇报数据，引导分析、比较，归纳出“{t}”的规律。',
      student: '展示数据，分析误差，共同归纳结论。',
      purpose: '基于证据得出结论，发展科学思维。',
    },
  ],
  practice: [
    {
      teacher: '出示生活中的实例，请学生用“{t}”的知识加以解释；完成课堂检测。',
      student: '独立思考后交流解释，完成检测题。',
      purpose: '学以致用，检测学习效果。',
    },
  ],
  summary: [
    {
      teacher: '引导学生从知识和方法两方面总结本课，回扣开头的问题。',
      student: '梳理结论和探究方法，解释课前的实验现象。',
      purpose: '首尾呼应，形成完整认识。',
    },
  ],
  homework: [
    '完成课本中与“{t}”相关的练习',
    '家庭小实验：利用身边材料重做一个相关实验，并写出实验报告',
    '查阅资料，了解“{t}”在科技中的应用',
  ],
  methods: { teaching: '实验探究法、演示法、问题引导法', learning: '分组实验法、合作探究法、归纳法' },
  reflection: [
    '本课以实验为主线，学生亲历了“{t}”的探究过程，动手热情高。',
    '分组实验中个别小组操作不规范，数据误差较大，今后实验前要让学生先说清步骤。',
    '归纳结论环节时间略紧，可将部分数据记录表提前印发，提高课堂效率。',
  ],
  choice: [
    {
      stem: '在探究“{t}”的实验中，下列做法正确的是（　　）',
      options: [
        '只做一次实验就得出结论',
        '改变多个因素后比较结果',
        '控制其他条件不变，只改变一个因素',
        '数据不理想时修改数据',
      ],
      answer: 2,
    },
    {
      stem: '关于“{t}”，下列说法正确的是（　　）',
      options: ['它只存在于实验室中', '可以用它解释生活中的一些现象', '它与我们的生活没有联系', '它不需要实验验证'],
      answer: 1,
    },
    {
      stem: '实验结束后，下列做法中最规范的是（　　）',
      options: ['器材随意放置', '整理器材，清洁桌面，如实填写实验报告', '只记录符合猜想的数据', '把剩余药品倒回原瓶'],
      answer: 1,
    },
    {
      stem: '科学探究的一般步骤中，“作出假设”之后通常是（　　）',
      options: ['设计实验、制订计划', '得出结论', '交流与评估', '提出问题'],
      answer: 0,
    },
  ],
  fill: [
    { stem: '探究“{t}”时，为了使结论更可靠，应当进行____次实验。', answer: '多' },
    { stem: '在实验中只改变一个因素而保持其他因素不变的方法叫____法。', answer: '控制变量' },
    { stem: '科学探究的第一步是____。', answer: '提出问题' },
    { stem: '实验数据应当如实记录，不能随意____。', answer: '修改（编造）' },
  ],
  open: [
    {
      stem: '请设计一个实验来探究“{t}”，写出实验器材、实验步骤和预期现象。',
      answer: '器材合理（2分）；步骤完整、体现控制变量（4分）；现象与结论对应（2分）。',
    },
    {
      stem: '举出一个生活中与“{t}”有关的现象，并用所学知识加以解释。',
      answer: '现象恰当（2分）；解释科学、语言清楚（4分）。',
    },
  ],
  slides: [
    { heading: '观察与发现', bullets: ['演示实验：你看到了什么？', '生活中的“{t}”', '提出问题'] },
    { heading: '猜想与假设', bullets: ['可能与哪些因素有关？', '说出你的依据'] },
    { heading: '设计实验', bullets: ['器材与步骤', '控制变量', '注意安全'] },
    { heading: '分析与论证', bullets: ['各组数据汇总', '比较与分析', '得出结论'] },
    { heading: '联系生活', bullets: ['用“{t}”解释现象', '科学技术中的应用'] },
  ],
  researchThemes: ['实验探究教学', '跨学科实践', '项目式学习', '证据推理能力培养', '家庭小实验'],
};

const humanities: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['知道“{t}”的基本史实（或基本事实与观点），理解其主要内容', '能运用材料说明“{t}”的意义和影响'],
  process: ['通过阅读教材、分析图表和材料，提高获取和解读信息的能力', '在情境探究和小组讨论中学会多角度思考问题'],
  values: ['在学习“{t}”的过程中增强家国情怀和社会责任感', '树立正确的价值观，做有担当的新时代少年'],
  keyPoints: ['“{t}”的主要内容', '理解“{t}”的意义'],
  difficulties: ['运用材料分析“{t}”的原因与影响', '联系现实生活，形成正确的认识'],
  preparation: ['图片、地图与文字材料', '视频片段', '探究学习单'],
  intro: [
    {
      teacher: '播放一段与“{t}”相关的视频或展示图片，提出问题：你从中看到了什么？',
      student: '观看并思考，说出自己的发现与疑问。',
      purpose: '创设情境，引出课题。',
    },
  ],
  explore: [
    {
      teacher: '指导学生阅读教材，梳理“{t}”的基本内容，完成学习单上的表格。',
      student: '自主阅读，圈画要点，完成表格。',
      purpose: '培养自主学习和梳理信息的能力。',
    },
    {
      teacher: '出示材料，组织小组探究：材料反映了什么？说明了什么问题？',
      student: '分析材料，小组讨论，推选代表发言。',
      purpose: '学会从材料中提取有效信息，做到论从史出（有据可依）。',
    },
    {
      teacher: '设计辨析题，引导学生多角度看问题，形成正确认识。',
      student: '辨析观点，说明理由，相互补充。',
      purpose: '突破难点，培养辩证思维。',
    },
  ],
  practice: [
    {
      teacher: '联系现实，请学生谈谈“{t}”对今天的启示；完成课堂练习。',
      student: '结合生活实际发表看法，完成练习。',
      purpose: '学以致用，落实价值引领。',
    },
  ],
  summary: [
    {
      teacher: '引导学生用思维导图梳理本课内容。',
      student: '完成思维导图，交流收获。',
      purpose: '构建知识体系。',
    },
  ],
  homework: ['完成练习册中与“{t}”相关的题目', '搜集一则与本课相关的资料或新闻，写一段简短评述', '预习下一课'],
  methods: { teaching: '情境教学法、材料分析法、议题式教学', learning: '自主阅读法、合作探究法、思维导图法' },
  reflection: [
    '本课以情境和材料贯穿，学生能较好地从材料中提取信息，对“{t}”形成了较完整的认识。',
    '小组讨论中学生观点丰富，但表述还不够严谨，今后应加强“观点＋依据”的表达训练。',
    '价值引领环节结合学生生活实际，效果较好。',
  ],
  choice: [
    {
      stem: '学习“{t}”时，下列最能作为可靠依据的是（　　）',
      options: ['网络上未经核实的传言', '教材和权威文献中的材料', '个人的主观猜测', '影视剧中的情节'],
      answer: 1,
    },
    {
      stem: '关于“{t}”，下列认识正确的是（　　）',
      options: [
        '它与今天的生活毫无关系',
        '只需记住结论，不必了解过程',
        '应当结合具体材料，多角度、辩证地认识',
        '可以只凭个人喜好评价',
      ],
      answer: 2,
    },
    {
      stem: '分析一则材料时，第一步应当（　　）',
      options: ['读懂材料，提取关键信息', '直接写出结论', '跳过材料看问题', '照抄材料原文作答'],
      answer: 0,
    },
    {
      stem: '“{t}”给我们的启示不包括（　　）',
      options: ['要关注国家和社会的发展', '要学会用联系的观点看问题', '要增强责任意识', '个人的发展与社会无关'],
      answer: 3,
    },
  ],
  fill: [
    { stem: '学习“{t}”，要做到论从____出，观点有据。', answer: '史（材料）' },
    { stem: '分析问题时，要用____的、发展的眼光看问题。', answer: '联系' },
    { stem: '学习“{t}”，要把握其发生（形成）的____、主要内容和影响。', answer: '背景（原因）' },
    { stem: '梳理本课内容时，可以借助____导图。', answer: '思维' },
  ],
  open: [
    {
      stem: '阅读材料，结合所学，分析“{t}”的主要影响（或意义）。',
      answer: '从政治、经济、文化（或个人、社会、国家）等角度作答，每点2分，言之有理即可。',
    },
    {
      stem: '联系生活实际，谈谈学习“{t}”对你的启示。',
      answer: '观点明确（2分），联系实际（2分），表述清楚（2分）。',
    },
  ],
  slides: [
    { heading: '情境导入', bullets: ['看一看：图片与视频', '想一想：你发现了什么？'] },
    { heading: '自主学习', bullets: ['阅读教材，梳理“{t}”的要点', '完成学习单表格'] },
    { heading: '合作探究', bullets: ['材料一：提取关键信息', '材料二：说明了什么？', '小组讨论，代表发言'] },
    { heading: '辨析提升', bullets: ['你同意这种观点吗？', '说出你的理由'] },
    { heading: '联系现实', bullets: ['“{t}”对今天的启示', '我们可以怎么做？'] },
  ],
  researchThemes: ['议题式教学', '史料实证能力培养', '情境教学', '跨学科主题学习', '大概念教学'],
};

const arts: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['感受“{t}”的艺术特点，了解相关的基础知识', '掌握“{t}”所需的基本技能'],
  process: ['通过欣赏、体验、模仿和创作，提高艺术表现能力', '在合作表演（或创作）中学会交流与评价'],
  values: ['感受艺术之美，培养健康的审美情趣', '了解中华优秀传统文化，增强文化自信'],
  keyPoints: ['感受和体验“{t}”的艺术特点', '掌握相关的表现方法'],
  difficulties: ['有创意地表现“{t}”', '用恰当的语言评价作品'],
  preparation: ['范作（音频或图片）', '多媒体课件', '学具（乐器或绘画工具）'],
  intro: [
    {
      teacher: '欣赏与“{t}”相关的作品，请学生说说听到（看到）了什么、有什么感受。',
      student: '欣赏作品，自由表达感受。',
      purpose: '以美激趣，引入课题。',
    },
  ],
  explore: [
    {
      teacher: '引导学生分析作品的要素（节奏、旋律或线条、色彩），示范关键技法。',
      student: '观察示范，跟随练习，说出自己的发现。',
      purpose: '掌握基础知识与技能。',
    },
    {
      teacher: '组织分组练习，巡视指导，及时鼓励。',
      student: '分组练习，互相帮助，尝试不同的表现方式。',
      purpose: '在实践中提升表现能力。',
    },
  ],
  practice: [
    {
      teacher: '布置创作（表演）任务：用所学方法表现“{t}”。',
      student: '独立或合作完成作品，展示交流。',
      purpose: '创意实践，展示自我。',
    },
  ],
  summary: [
    {
      teacher: '组织作品展评，引导学生用恰当的语言评价。',
      student: '自评、互评，说说收获。',
      purpose: '在评价中提高审美能力。',
    },
  ],
  homework: ['把本课学到的“{t}”表演（展示）给家人看', '收集与本课相关的作品，下节课交流'],
  methods: { teaching: '欣赏教学法、示范法、情境教学法', learning: '体验学习法、合作学习法、创作实践' },
  reflection: [
    '本课学生在欣赏和实践中感受到了“{t}”的美，参与热情很高。',
    '技能练习中个别学生掌握较慢，需要在后续课中继续个别指导。',
    '展评环节学生的评价语言还较单一，可提供评价用语支架。',
  ],
  choice: [
    {
      stem: '欣赏“{t}”相关作品时，下列做法最恰当的是（　　）',
      options: ['边欣赏边大声聊天', '认真欣赏，说出自己的感受和理由', '只看作者是谁', '不欣赏直接创作'],
      answer: 1,
    },
    {
      stem: '评价同学的作品时，应当（　　）',
      options: ['只说缺点', '先说优点，再提出建议', '不发表意见', '和自己的作品比较后贬低别人'],
      answer: 1,
    },
    {
      stem: '艺术创作中最重要的是（　　）',
      options: ['照抄范作', '表达自己的感受和创意', '用最贵的材料', '完成得越快越好'],
      answer: 1,
    },
    {
      stem: '下列属于中华优秀传统艺术的是（　　）',
      options: ['京剧', '剪纸', '中国画', '以上都是'],
      answer: 3,
    },
  ],
  fill: [
    { stem: '学习“{t}”时，我们通过欣赏、体验和____来感受艺术之美。', answer: '创作（表现）' },
    { stem: '艺术学科的核心素养包括审美感知、艺术表现、创意实践和____。', answer: '文化理解' },
    { stem: '展评作品时要先说____，再提建议。', answer: '优点' },
  ],
  open: [
    { stem: '说一说你对“{t}”的感受，并说明理由。', answer: '感受真实、理由充分即可。' },
    { stem: '用本课学到的方法设计一个小作品，简要说明你的创意。', answer: '创意明确（3分），方法运用恰当（3分）。' },
  ],
  slides: [
    { heading: '欣赏感受', bullets: ['听一听（看一看）', '说一说你的感受'] },
    { heading: '认识要素', bullets: ['“{t}”的特点', '关键的表现方法'] },
    { heading: '示范与练习', bullets: ['看老师示范', '跟着练一练', '同伴互助'] },
    { heading: '创意实践', bullets: ['我的作品（表演）', '大胆表现自己的想法'] },
    { heading: '展示评价', bullets: ['自评与互评', '先说优点，再提建议'] },
  ],
  researchThemes: ['审美感知能力培养', '传统文化进课堂', '跨学科主题学习', '表现性评价'],
};

const sport: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['了解“{t}”的动作要领和安全常识', '初步掌握“{t}”的基本技术'],
  process: ['通过示范、练习、游戏和比赛，提高身体素质和运动能力', '在分组练习中学会互相观察、评价和纠错'],
  values: ['养成积极参加体育锻炼的习惯', '在练习和比赛中培养团结协作、遵守规则的体育品德'],
  keyPoints: ['“{t}”的动作要领'],
  difficulties: ['动作的协调连贯与用力顺序'],
  preparation: ['场地与器材', '示范视频', '学习评价卡'],
  intro: [
    {
      teacher: '课堂常规，宣布本课内容“{t}”；带领学生慢跑和做热身操。',
      student: '集合整队，认真做好准备活动。',
      purpose: '活动关节，预防运动损伤。',
    },
  ],
  explore: [
    {
      teacher: '完整示范“{t}”，讲解动作要领，再分解示范。',
      student: '观察示范，徒手模仿，体会动作要领。',
      purpose: '建立正确的动作表象。',
    },
    {
      teacher: '组织分组练习，巡回指导，纠正错误动作。',
      student: '分组练习，小组长带领互相观察、纠错。',
      purpose: '在反复练习中掌握技术。',
    },
  ],
  practice: [
    {
      teacher: '组织游戏或小比赛，巩固“{t}”的技术，并进行体能练习。',
      student: '积极参与游戏比赛，遵守规则，团结协作。',
      purpose: '在运用中巩固技能，发展体能。',
    },
  ],
  summary: [
    {
      teacher: '带领放松练习，小结本课，表扬表现突出的小组。',
      student: '跟随做放松操，交流练习体会。',
      purpose: '恢复身心，总结提高。',
    },
  ],
  homework: ['课后每天练习“{t}”10分钟', '和家人一起进行30分钟体育锻炼，填写锻炼记录表'],
  methods: { teaching: '示范法、讲解法、分解与完整练习法、游戏比赛法', learning: '模仿练习、合作学习、自我评价' },
  reflection: [
    '本课学生练习密度较大，多数学生初步掌握了“{t}”的动作要领。',
    '部分学生动作不够协调，下节课需增加辅助练习。',
    '游戏环节气氛热烈，但要进一步强调安全与规则意识。',
  ],
  choice: [
    {
      stem: '练习“{t}”之前，首先应当（　　）',
      options: ['直接进行比赛', '做好充分的准备活动', '吃得很饱', '穿皮鞋上课'],
      answer: 1,
    },
    {
      stem: '运动后正确的做法是（　　）',
      options: ['立即大量喝冰水', '马上坐下不动', '做放松练习', '立刻洗冷水澡'],
      answer: 2,
    },
    {
      stem: '在小组比赛中，下列做法正确的是（　　）',
      options: ['为了赢可以不守规则', '团结协作，遵守规则', '输了就埋怨队友', '不参与比赛'],
      answer: 1,
    },
    {
      stem: '青少年每天应保证校内外体育活动时间不少于（　　）',
      options: ['10分钟', '20分钟', '30分钟', '1小时'],
      answer: 3,
    },
  ],
  fill: [
    { stem: '练习“{t}”时要注意动作的____和协调。', answer: '规范' },
    { stem: '运动前要做____活动，运动后要做放松活动。', answer: '准备' },
    { stem: '体育与健康的核心素养包括运动能力、健康行为和____。', answer: '体育品德' },
  ],
  open: [
    { stem: '简要说明“{t}”的动作要领。', answer: '按课堂所学的动作要领分步骤作答，每个要点1分。' },
    { stem: '为自己制订一份一周的课外锻炼计划。', answer: '项目合理、时间安排恰当、注意安全即可。' },
  ],
  slides: [
    { heading: '本课目标', bullets: ['了解“{t}”的动作要领', '安全第一，团结协作'] },
    { heading: '动作要领', bullets: ['预备姿势', '动作过程', '易犯错误与纠正'] },
    { heading: '练习方法', bullets: ['徒手模仿', '分组练习', '互相观察纠错'] },
    { heading: '游戏比赛', bullets: ['比赛规则', '安全提示'] },
    { heading: '放松与小结', bullets: ['放松练习', '说说本课收获'] },
  ],
  researchThemes: ['大单元教学', '体能练习设计', '学练赛评一体化', '运动安全教育'],
};

const computing: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['理解“{t}”的基本概念，了解其在生活中的应用', '能在软件或编程环境中完成与“{t}”相关的操作'],
  process: ['通过任务驱动和上机实践，体验用信息技术解决问题的过程', '学习分解问题、设计步骤的方法，发展计算思维'],
  values: ['增强信息安全意识，负责任地使用信息技术', '体会信息技术对学习和生活的影响'],
  keyPoints: ['“{t}”的概念与基本操作'],
  difficulties: ['把实际问题分解为可执行的步骤'],
  preparation: ['计算机教室', '任务素材包', '多媒体广播软件'],
  intro: [
    {
      teacher: '展示生活中与“{t}”有关的场景，提出本课任务。',
      student: '观察思考，说说生活中见过的类似应用。',
      purpose: '从生活出发，明确学习任务。',
    },
  ],
  explore: [
    {
      teacher: '讲解“{t}”的概念，演示关键操作步骤。',
      student: '观看演示，记录步骤，提出疑问。',
      purpose: '建立概念，掌握方法。',
    },
    {
      teacher: '发布基础任务，巡视指导，收集典型问题。',
      student: '上机完成基础任务，遇到问题查看帮助或同伴互助。',
      purpose: '在实践中理解，在问题中提高。',
    },
    {
      teacher: '讲评典型问题，引导学生总结解决问题的一般步骤。',
      student: '分享做法，比较不同方案的优缺点。',
      purpose: '提炼方法，发展计算思维。',
    },
  ],
  practice: [
    {
      teacher: '发布拓展任务，鼓励学生创新完成。',
      student: '完成拓展任务，提交作品。',
      purpose: '分层提高，鼓励创新。',
    },
  ],
  summary: [
    {
      teacher: '展示优秀作品，小结本课要点，强调信息安全。',
      student: '评价作品，回顾收获。',
      purpose: '总结提升，落实信息社会责任。',
    },
  ],
  homework: ['整理本课的操作步骤，形成学习笔记', '思考：“{t}”还能帮我们解决哪些生活中的问题？'],
  methods: { teaching: '任务驱动法、演示法、项目式学习', learning: '上机实践、合作学习、自主探究' },
  reflection: [
    '本课以任务驱动，学生上机实践时间充足，多数学生完成了基础任务。',
    '学生操作水平差异较大，分层任务设计发挥了作用，今后可增加小助手制度。',
  ],
  choice: [
    {
      stem: '学习“{t}”后，解决问题的第一步是（　　）',
      options: ['立即动手操作', '分析问题，明确要做什么', '复制别人的作品', '关闭计算机'],
      answer: 1,
    },
    {
      stem: '下列做法中，符合信息安全要求的是（　　）',
      options: ['随意点击陌生链接', '把密码告诉陌生人', '定期备份重要文件', '在公共电脑上保存密码'],
      answer: 2,
    },
    {
      stem: '把一个复杂问题分解成若干小问题逐一解决，体现的是（　　）',
      options: ['计算思维', '死记硬背', '随意尝试', '以上都不是'],
      answer: 0,
    },
    {
      stem: '上机实践中遇到问题时，较好的做法是（　　）',
      options: ['直接放弃', '查看帮助或与同伴讨论', '随意删除文件', '重启电脑了事'],
      answer: 1,
    },
  ],
  fill: [
    { stem: '{s}学科的核心素养包括信息意识、计算思维、数字化学习与创新和____。', answer: '信息社会责任' },
    { stem: '学习“{t}”时，我们通过____驱动完成上机实践。', answer: '任务' },
    { stem: '重要文件要定期____，防止丢失。', answer: '备份' },
  ],
  open: [
    { stem: '请用自己的话说明“{t}”是什么，并举一个生活中的例子。', answer: '概念表述准确（3分），例子恰当（3分）。' },
    { stem: '写出完成本课任务的主要步骤。', answer: '步骤完整、顺序合理即可。' },
  ],
  slides: [
    { heading: '生活中的“{t}”', bullets: ['你见过吗？', '它解决了什么问题？'] },
    { heading: '认识概念', bullets: ['什么是“{t}”', '基本组成与工作过程'] },
    { heading: '任务一：基础操作', bullets: ['看演示，记步骤', '动手完成'] },
    { heading: '任务二：拓展创新', bullets: ['换一种方法试试', '提交作品'] },
    { heading: '信息安全提示', bullets: ['保护个人信息', '文明上网'] },
  ],
  researchThemes: ['计算思维培养', '项目式学习', '跨学科主题学习', '人工智能启蒙'],
};

const practice: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['了解“{t}”的基本知识和操作流程', '学会“{t}”所需的基本方法和工具使用'],
  process: ['在动手实践中经历计划、实施、反思的完整过程', '通过合作完成任务，提高解决实际问题的能力'],
  values: ['体会劳动的价值，尊重劳动成果', '养成认真负责、安全规范的劳动习惯'],
  keyPoints: ['掌握“{t}”的基本操作步骤'],
  difficulties: ['操作的规范性与安全意识'],
  preparation: ['工具与材料', '操作步骤图', '安全提示卡'],
  intro: [
    {
      teacher: '展示生活中的劳动场景，引出“{t}”，说明本课任务。',
      student: '交流自己的劳动经历，明确任务。',
      purpose: '联系生活，激发兴趣。',
    },
  ],
  explore: [
    {
      teacher: '讲解并示范操作步骤，强调安全注意事项。',
      student: '观察示范，复述步骤与安全要点。',
      purpose: '明确方法，确保安全。',
    },
    {
      teacher: '组织分组实践，巡视指导。',
      student: '分工合作，动手完成任务。',
      purpose: '在实践中学会方法。',
    },
  ],
  practice: [
    {
      teacher: '组织成果展示与交流。',
      student: '展示成果，说说过程中的困难和解决办法。',
      purpose: '分享经验，体验成功。',
    },
  ],
  summary: [
    {
      teacher: '小结本课，引导学生把所学用到家庭生活中。',
      student: '谈收获，制订家庭实践计划。',
      purpose: '知行合一。',
    },
  ],
  homework: ['在家中完成一次“{t}”实践，请家长拍照记录', '填写劳动实践记录单'],
  methods: { teaching: '示范法、任务驱动法、项目式学习', learning: '动手实践、合作学习、反思评价' },
  reflection: ['学生在“{t}”实践中动手热情高，基本掌握了操作方法。', '个别小组分工不明确，今后需提前明确角色。'],
  choice: [
    {
      stem: '进行“{t}”实践时，首先要注意的是（　　）',
      options: ['速度越快越好', '安全和规范', '只看别人做', '不需要准备'],
      answer: 1,
    },
    {
      stem: '对待劳动成果，正确的态度是（　　）',
      options: ['随意浪费', '尊重和珍惜', '无所谓', '只珍惜自己的'],
      answer: 1,
    },
    {
      stem: '小组合作完成任务时，应当（　　）',
      options: ['一个人包办', '明确分工、互相配合', '各做各的', '等别人做完'],
      answer: 1,
    },
    {
      stem: '实践结束后，应当（　　）',
      options: ['整理工具，清洁场地', '直接离开', '把工具带回家', '随手丢弃材料'],
      answer: 0,
    },
  ],
  fill: [
    { stem: '劳动课程的核心素养包括劳动观念、劳动能力、劳动习惯和品质以及____。', answer: '劳动精神' },
    { stem: '使用工具时要注意____。', answer: '安全' },
    { stem: '完成“{t}”的一般过程是：计划—实施—____。', answer: '反思（评价）' },
  ],
  open: [
    { stem: '写出“{t}”的主要步骤和注意事项。', answer: '步骤完整（4分），注意事项至少两条（2分）。' },
    { stem: '谈谈你参加这次实践的体会。', answer: '真实具体即可。' },
  ],
  slides: [
    { heading: '生活中的劳动', bullets: ['你做过哪些劳动？', '认识“{t}”'] },
    { heading: '工具与材料', bullets: ['认识工具', '安全使用'] },
    { heading: '操作步骤', bullets: ['第一步：准备', '第二步：实施', '第三步：整理'] },
    { heading: '动手实践', bullets: ['分工合作', '注意安全'] },
    { heading: '成果展示', bullets: ['说说过程', '评一评'] },
  ],
  researchThemes: ['劳动教育课程化', '项目式学习', '家校协同劳动实践'],
};

const wellbeing: Omit<SubjectVoice, 'literacy'> = {
  knowledge: ['认识“{t}”相关的心理现象，了解基本的调适方法'],
  process: ['通过情境体验、游戏和分享，学会觉察和表达自己的感受'],
  values: ['悦纳自我，尊重他人，形成积极的心理品质'],
  keyPoints: ['认识“{t}”，掌握调适方法'],
  difficulties: ['把方法运用到日常生活中'],
  preparation: ['情境卡片', '暖身游戏道具', '体验单'],
  intro: [
    {
      teacher: '带领暖身游戏，营造安全、温暖的课堂氛围，引出“{t}”。',
      student: '参与游戏，分享感受。',
      purpose: '营造氛围，引出主题。',
    },
  ],
  explore: [
    {
      teacher: '呈现情境故事，引导学生讨论：主人公遇到了什么？有什么感受？',
      student: '小组讨论，角色扮演，分享想法。',
      purpose: '在体验中觉察感受。',
    },
    {
      teacher: '归纳调适方法，引导学生结合自身经历选择合适的方法。',
      student: '交流自己的方法，完成体验单。',
      purpose: '学习方法，迁移运用。',
    },
  ],
  practice: [
    {
      teacher: '设计情境演练，请学生尝试运用方法。',
      student: '情境演练，互相给予积极反馈。',
      purpose: '巩固方法。',
    },
  ],
  summary: [
    {
      teacher: '总结本课，送上寄语。',
      student: '写下一句给自己的话。',
      purpose: '升华情感。',
    },
  ],
  homework: ['记录一周中运用本课方法的一件事', '和家人分享本课的收获'],
  methods: { teaching: '体验式教学、情境教学、团体辅导', learning: '角色扮演、合作分享、自我反思' },
  reflection: ['学生在“{t}”的体验活动中敞开心扉，分享真诚。', '个别学生较为拘谨，需在课后给予个别关注。'],
  choice: [
    {
      stem: '当我们产生不良情绪时，下列做法恰当的是（　　）',
      options: ['向信任的人倾诉', '摔东西发泄', '一直闷在心里', '责怪别人'],
      answer: 0,
    },
    {
      stem: '关于“{t}”，下列说法正确的是（　　）',
      options: ['只有少数人会遇到', '可以通过合适的方法调适', '无法改变', '与生活无关'],
      answer: 1,
    },
    {
      stem: '同学遇到困难时，我们可以（　　）',
      options: ['嘲笑他', '主动关心和帮助', '置之不理', '告诉所有人'],
      answer: 1,
    },
    {
      stem: '积极的自我对话是（　　）',
      options: ['我什么都做不好', '我再试一次，一定会进步', '都怪别人', '算了吧'],
      answer: 1,
    },
  ],
  fill: [
    { stem: '觉察情绪的第一步是说出自己的____。', answer: '感受' },
    { stem: '遇到困难时，可以向老师、家长或____寻求帮助。', answer: '同学（朋友）' },
  ],
  open: [
    { stem: '结合本课，写出两种你觉得有用的调适方法。', answer: '方法具体、可行即可。' },
    { stem: '写一段鼓励自己的话。', answer: '积极真诚即可。' },
  ],
  slides: [
    { heading: '暖身游戏', bullets: ['一起来玩', '说说感受'] },
    { heading: '情境故事', bullets: ['他遇到了什么？', '他有什么感受？'] },
    { heading: '方法锦囊', bullets: ['觉察', '表达', '调适'] },
    { heading: '我来试一试', bullets: ['情境演练', '积极反馈'] },
  ],
  researchThemes: ['团体心理辅导', '积极心理品质培养', '家校协同'],
};

const FAMILIES: Record<Family, Omit<SubjectVoice, 'literacy'>> = {
  language,
  math,
  english,
  science,
  humanities,
  arts,
  sport,
  computing,
  practice,
  wellbeing,
};

const FAMILY_LITERACY: Record<Family, string[]> = {
  language: LITERACY.语文!,
  math: LITERACY.数学!,
  english: LITERACY.英语!,
  science: LITERACY.科学!,
  humanities: ['人文底蕴', '社会责任', '实践创新'],
  arts: LITERACY.艺术!,
  sport: LITERACY.体育与健康!,
  computing: LITERACY.信息科技!,
  practice: LITERACY.劳动!,
  wellbeing: LITERACY.心理健康!,
};

/** The voice of a subject; subjects outside the list write like the closest family (综合实践活动 like 劳动). */
export const voiceOf = (subject: string): SubjectVoice => {
  const family = FAMILY_OF[subject] ?? 'practice';
  return { ...FAMILIES[family], literacy: LITERACY[subject] ?? FAMILY_LITERACY[family] };
};

/** Whether the subject's lessons are taught in English (its exercises and activities are in English). */
export const isEnglish = (subject: string) => subject === '英语';
