CREATE TABLE "questionnaire_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"order_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"question_text" text NOT NULL,
	"presence_subdomain" text,
	"order_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_responses_score_check" CHECK ("questionnaire_responses"."score" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"version" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaires_status_check" CHECK ("questionnaires"."status" in ('in_progress', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_domain_id_questionnaire_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."questionnaire_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_question_id_questionnaire_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questionnaire_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_domains_version_domain_idx" ON "questionnaire_domains" USING btree ("version","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_questions_version_key_idx" ON "questionnaire_questions" USING btree ("version","key");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_domain_idx" ON "questionnaire_questions" USING btree ("domain_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_responses_questionnaire_question_idx" ON "questionnaire_responses" USING btree ("questionnaire_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaires_one_open_per_user_idx" ON "questionnaires" USING btree ("user_id") WHERE "questionnaires"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "questionnaires_user_completed_idx" ON "questionnaires" USING btree ("user_id","completed_at");