CREATE TABLE "income_daily" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"currency" text NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "income_daily_day_type_channel_currency_pk" PRIMARY KEY("day","type","channel","currency")
);
--> statement-breakpoint
CREATE TABLE "shop_status_counts" (
	"merchant_id" integer NOT NULL,
	"status" text NOT NULL,
	"stores" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_status_counts_merchant_id_status_pk" PRIMARY KEY("merchant_id","status")
);
--> statement-breakpoint
CREATE TABLE "shop_status_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shop_status_deltas_merchant_idx" ON "shop_status_deltas" USING btree ("merchant_id");