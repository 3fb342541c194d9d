-- Keeps content_items.search_vector in step with title, description and tags, so the library
-- search is served by the GIN index (content_items_search_idx), never a sequential ILIKE scan.
-- The 'simple' configuration (no stemming, no stop words) keeps prefix search predictable.
CREATE OR REPLACE FUNCTION content_items_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('simple', array_to_string(coalesce(NEW.tags, '{}'::text[]), ' ')), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_items_search_vector_trigger
  BEFORE INSERT OR UPDATE OF title, description, tags ON content_items
  FOR EACH ROW EXECUTE FUNCTION content_items_search_vector_update();
