-- What a signed-out page shows beside the catalogue (news, events, site pages, contributors, feature
-- flags) raises the generation too: the ETag of a public page or answer is built from it (issue 39),
-- so an edit there is seen by visitors within s-maxage. Such edits are rare; the searches they retire
-- are worked out again.
CREATE TRIGGER news_public_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER event_public_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON event
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER page_public_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER page_section_public_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_section
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER contributor_public_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contributor
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER site_feature_flag_public_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_feature_flag
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
