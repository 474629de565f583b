-- Trigram indexes (pg_trgm) make the back office's free-text order search (a substring, ILIKE, on
-- the order number, the client's e-mail and handle) an index lookup instead of a scan of every
-- order. pg_trgm ships with PostgreSQL's contrib (the embedded-postgres binaries and Debian's
-- postgresql package alike) and is a trusted extension since PostgreSQL 13: a database owner
-- without superuser rights may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
