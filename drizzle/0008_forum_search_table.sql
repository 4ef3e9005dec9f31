CREATE TABLE "forum_post_search" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"topic_id" uuid NOT NULL,
	"author_member_id" uuid,
	"hidden" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "forum_posts_search_idx";--> statement-breakpoint
ALTER TABLE "forum_post_search" ADD CONSTRAINT "forum_post_search_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_post_search_idx" ON "forum_post_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "forum_post_search_topic_idx" ON "forum_post_search" USING btree ("topic_id");--> statement-breakpoint
-- Kept by the database: a post that is not deleted has its row, with its full-text column and
-- what the filters need; a deleted post has none. The application writes forum_posts only.
CREATE FUNCTION forum_post_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO forum_post_search (post_id, topic_id, author_member_id, hidden, created_at, search)
    VALUES (NEW.id, NEW.topic_id, NEW.author_member_id, NEW.hidden_at IS NOT NULL, NEW.created_at, NEW.search)
    ON CONFLICT (post_id) DO UPDATE SET topic_id = EXCLUDED.topic_id, author_member_id = EXCLUDED.author_member_id,
      hidden = EXCLUDED.hidden, created_at = EXCLUDED.created_at, search = EXCLUDED.search;
  ELSE
    DELETE FROM forum_post_search WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER forum_post_search_sync AFTER INSERT OR UPDATE OF topic_id, author_member_id, hidden_at, deleted_at, created_at, search
  ON forum_posts FOR EACH ROW EXECUTE FUNCTION forum_post_search_sync();
--> statement-breakpoint
INSERT INTO forum_post_search (post_id, topic_id, author_member_id, hidden, created_at, search)
  SELECT id, topic_id, author_member_id, hidden_at IS NOT NULL, created_at, search FROM forum_posts WHERE deleted_at IS NULL;
