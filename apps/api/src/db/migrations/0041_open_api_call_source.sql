-- Who made an Open API call: a store's system with its API key (api_key: every earlier call), or the store's
-- own site calling for a buyer (storefront). The charge row of a call in flight carries it, and the settle
-- (or the sweep) copies it into the log row. A constant default: no table rewrite on PostgreSQL 11+.
ALTER TABLE "api_call_logs" ADD COLUMN "source" text DEFAULT 'api_key' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_call_charges" ADD COLUMN "source" text DEFAULT 'api_key' NOT NULL;