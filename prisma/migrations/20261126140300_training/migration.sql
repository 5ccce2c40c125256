-- Training centre (研修中心): projects gain an introduction, an organiser and optional required hours, and carry
-- boutique-classroom courses whose study records make a member's progress.

ALTER TABLE "projects" ADD COLUMN "intro" TEXT NOT NULL DEFAULT '';
ALTER TABLE "projects" ADD COLUMN "organizer" TEXT NOT NULL DEFAULT '';
ALTER TABLE "projects" ADD COLUMN "required_hours" INTEGER;

CREATE TABLE "project_courses" (
    "project_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "required" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "project_courses_pkey" PRIMARY KEY ("project_id", "course_id")
);
CREATE INDEX "project_courses_course_id_idx" ON "project_courses"("course_id");
ALTER TABLE "project_courses" ADD CONSTRAINT "project_courses_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "project_courses" ADD CONSTRAINT "project_courses_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
