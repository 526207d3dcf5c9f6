CREATE TABLE "api_call_charges" (
	"id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"merchant_id" integer NOT NULL,
	"shop_ref" integer NOT NULL,
	"shop_name" text NOT NULL,
	"platform" text NOT NULL,
	"api_code" text NOT NULL,
	"api_name" text NOT NULL,
	"package_ref" integer NOT NULL,
	"package_name" text NOT NULL,
	"units" integer NOT NULL,
	"request_params" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_call_charges_created_idx" ON "api_call_charges" USING btree ("created_at");