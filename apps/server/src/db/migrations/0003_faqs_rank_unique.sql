-- FAQ ranks are 0..n-1 without gaps or duplicates. The back office keeps them so under a table lock;
-- the database refuses a duplicate. Deferred to the commit, so that swapping two ranks, or closing
-- the gap a deletion leaves, can go through an intermediate state in one transaction.
UPDATE faqs SET rank = numbered.rank
  FROM (SELECT id, (row_number() OVER (ORDER BY rank, created_at, id) - 1)::integer AS rank FROM faqs) AS numbered
 WHERE faqs.id = numbered.id AND faqs.rank <> numbered.rank;
--> statement-breakpoint
ALTER TABLE faqs ADD CONSTRAINT faqs_rank_key UNIQUE (rank) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- The constraint's own index serves the lists by rank.
DROP INDEX faqs_rank_idx;
