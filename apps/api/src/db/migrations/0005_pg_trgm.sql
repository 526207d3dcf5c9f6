-- Trigram indexes (pg_trgm) serve the lists' keyword search, ilike '%…%'. The extension ships with
-- PostgreSQL's contrib and with PGlite; it is trusted, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
