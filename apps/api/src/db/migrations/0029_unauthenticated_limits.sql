CREATE TABLE "ip_rate_limits" (
	"bucket" text NOT NULL,
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "ip_rate_limits_bucket_ip_window_start_pk" PRIMARY KEY("bucket","ip","window_start")
);
--> statement-breakpoint
CREATE TABLE "payment_nonces" (
	"provider" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_nonces_provider_nonce_pk" PRIMARY KEY("provider","nonce")
);
--> statement-breakpoint
CREATE INDEX "ip_rate_limits_window_idx" ON "ip_rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "payment_nonces_expires_idx" ON "payment_nonces" USING btree ("expires_at");