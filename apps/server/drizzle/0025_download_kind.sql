ALTER TABLE "download_event" ADD COLUMN "kind" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
-- Downloads recorded before the column: a bundle's or cartridge's kind as its archive's name told it
-- (BUNDLE_FILE_NAMES: <alias>_bundle_<date>.zip, <alias>_cartridge_<date>.imscc); every other one a file.
UPDATE "download_event" SET "kind" = 'bundle' WHERE "file_name" ~ '_bundle_[0-9]{4}-[0-9]{2}-[0-9]{2}\.zip$';--> statement-breakpoint
UPDATE "download_event" SET "kind" = 'cartridge' WHERE "file_name" ~ '_cartridge_[0-9]{4}-[0-9]{2}-[0-9]{2}\.imscc$';
