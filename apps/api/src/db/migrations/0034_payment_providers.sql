ALTER TABLE "bills" ADD COLUMN "provider_order_id" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "provider_ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "provider_flow" jsonb;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "charged_amount" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "charged_currency" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "charge_rate" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "needs_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "refunded_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "kind" text DEFAULT 'notification' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_refunded_by_admin_id_admins_id_fk" FOREIGN KEY ("refunded_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;