CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"principal" text NOT NULL,
	"call_path" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");