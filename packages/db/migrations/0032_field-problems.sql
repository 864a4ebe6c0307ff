ALTER TABLE "products" ADD COLUMN "controls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "spray_when" jsonb;--> statement-breakpoint
CREATE INDEX "products_controls_idx" ON "products" USING gin ("controls");