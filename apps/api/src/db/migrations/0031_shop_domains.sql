CREATE TABLE "shop_domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_ref" integer NOT NULL,
	"domain" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_redirect" boolean DEFAULT false NOT NULL,
	"verify_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"failure_reason" text,
	"failure_detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_versions" ADD COLUMN "domain_limit" integer;--> statement-breakpoint
ALTER TABLE "shop_domains" ADD CONSTRAINT "shop_domains_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_domains_shop_domain_unique" ON "shop_domains" USING btree ("shop_ref","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_domains_bound_unique" ON "shop_domains" USING btree ("domain") WHERE "shop_domains"."status" = 'bound';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_domains_one_primary" ON "shop_domains" USING btree ("shop_ref") WHERE "shop_domains"."is_primary";--> statement-breakpoint
CREATE INDEX "shop_domains_domain_idx" ON "shop_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "shop_domains_recheck_idx" ON "shop_domains" USING btree ("next_check_at") WHERE "shop_domains"."status" = 'binding';--> statement-breakpoint
-- Every provisioned store gets its system domain row: bound since it was provisioned, its primary domain.
INSERT INTO "shop_domains" ("shop_ref", "domain", "type", "status", "is_primary", "verify_token", "verified_at", "created_at", "updated_at")
SELECT DISTINCT ON (lower("domain")) "id", lower("domain"), 'system', 'bound', true, md5(random()::text || "id"::text || clock_timestamp()::text), coalesce("ready_at", "created_at"), coalesce("ready_at", "created_at"), now()
FROM "shops"
WHERE "domain" IS NOT NULL AND "status" <> 'cancelled'
ORDER BY lower("domain"), "id";
