-- Each store's pricing in the buyer's currency (issue 24 §2): the contract's fields as one JSON object, a row per
-- store that saved them (the others have the defaults); removed with the store.
CREATE TABLE "store_pricing" (
	"shop_ref" integer PRIMARY KEY NOT NULL,
	"pricing" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_pricing" ADD CONSTRAINT "store_pricing_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;