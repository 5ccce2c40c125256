-- Search that understands teachers (issue 19).
--
-- One search vector instead of two: jieba words, character pairs ("~" + pair) and word starts ("^" + pair) of the
-- title (weight A), tags (B) and description (C), plus the stage, subject (with aliases) and kind names (D). The
-- app writes it; rows indexed before this version are re-indexed by the api at start (search_version < 2), and
-- keep their old word vector until then.
DROP INDEX "resources_search_ngrams_idx";
ALTER TABLE "resources" DROP COLUMN "search_ngrams";
ALTER TABLE "resources" ADD COLUMN "search_version" SMALLINT NOT NULL DEFAULT 0;

-- Synonym sets used at query time (owned by the library module; edited with `pnpm admin synonym-*`).
CREATE TABLE "search_synonyms" (
    "id" SERIAL NOT NULL,
    "words" TEXT[] NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_synonyms_pkey" PRIMARY KEY ("id")
);

INSERT INTO "search_synonyms" ("words") VALUES
    (ARRAY['写作', '作文', '习作']),
    (ARRAY['酸碱', '酸和碱']),
    (ARRAY['课件', 'ppt', '幻灯片']),
    (ARRAY['试卷', '测试卷', '试题']),
    (ARRAY['练习', '习题', '练习题']),
    (ARRAY['复习', '总复习']),
    (ARRAY['古诗', '古诗词', '诗词']),
    (ARRAY['文言文', '古文']),
    (ARRAY['单词', '词汇']),
    (ARRAY['口算', '速算']),
    (ARRAY['应用题', '解决问题']),
    (ARRAY['说课', '说课稿']),
    (ARRAY['公开课', '示范课', '优质课']),
    (ARRAY['单元测试', '单元检测', '单元测验']),
    (ARRAY['知识点', '考点']),
    (ARRAY['思维导图', '知识导图']),
    (ARRAY['教学反思', '课后反思']),
    (ARRAY['课外阅读', '整本书阅读']),
    (ARRAY['导学案', '学案']),
    (ARRAY['教案', '教学设计']),
    (ARRAY['微课', '微视频']);
