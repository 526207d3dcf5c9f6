CREATE INDEX "merchants_email_trgm_idx" ON "merchants" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_mobile_trgm_idx" ON "merchants" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_nickname_trgm_idx" ON "merchants" USING gin ("nickname" gin_trgm_ops);