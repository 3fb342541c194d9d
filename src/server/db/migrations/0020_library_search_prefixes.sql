-- The library's search vector holds every prefix of every word (up to 32 characters) beside the
-- word, with the word's positions and weights, so a typed word is looked up as a whole lexeme
-- ('brea') instead of a prefix ('brea:*'). A prefix lookup makes the GIN index gather every
-- matching row into a bitmap and sort it before it can combine the words; a whole lexeme lets
-- the rarest word lead and the others skip ahead (docs/decisions/065). Words longer than 32
-- characters are kept whole, and a typed word that long is still looked up as a prefix.
CREATE OR REPLACE FUNCTION content_search_prefixes(words tsvector) RETURNS tsvector AS $$
  SELECT coalesce(string_agg(
      '''' || replace(replace(p.lexeme, '\', '\\'), '''', '''''') || '''' || coalesce(':' || p.positions, ''),
      ' '), '')::tsvector
  FROM (
    SELECT left(w.lexeme, n) AS lexeme, w.positions
    FROM (
      SELECT u.lexeme,
        (SELECT string_agg(pos || weight, ',') FROM unnest(u.positions, u.weights) AS x(pos, weight)) AS positions
      FROM unnest(words) AS u
    ) w,
    LATERAL (
      SELECT generate_series(1, least(length(w.lexeme), 32)) AS n
      UNION ALL
      SELECT length(w.lexeme) WHERE length(w.lexeme) > 32
    ) s
  ) p
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_items_search_vector(title text, tags text[], description text) RETURNS tsvector AS $$
  SELECT content_search_prefixes(
    setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('simple', array_to_string(coalesce(tags, '{}'::text[]), ' ')), 'B') ||
    setweight(to_tsvector('simple', coalesce(description, '')), 'C'))
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_items_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector := content_items_search_vector(NEW.title, NEW.tags, NEW.description);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE content_items SET search_vector = content_items_search_vector(title, tags, description);
