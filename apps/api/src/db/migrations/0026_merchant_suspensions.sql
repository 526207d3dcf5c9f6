CREATE TABLE "merchant_suspensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_suspensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"disabled_at" timestamp with time zone NOT NULL,
	"enabled_at" timestamp with time zone,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "merchant_suspensions" ADD CONSTRAINT "merchant_suspensions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_suspensions_merchant_idx" ON "merchant_suspensions" USING btree ("merchant_id","disabled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_suspensions_open_unique" ON "merchant_suspensions" USING btree ("merchant_id") WHERE "merchant_suspensions"."enabled_at" is null;--> statement-breakpoint
-- Merchants disabled before this migration: their period starts at their last change, so enabling them shows the notice too.
INSERT INTO "merchant_suspensions" ("merchant_id", "disabled_at") SELECT "id", "updated_at" FROM "merchants" WHERE "status" = 'disabled';
