CREATE TABLE "questionnaire_translations" (
	"version" integer NOT NULL,
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_translations_version_locale_key_pk" PRIMARY KEY("version","locale","key")
);
