-- The portal's PostgreSQL role and database, with no more rights than it needs (docs/deploy.md). Run as
-- PostgreSQL's superuser with psql, naming the role, the database and the role's password:
--   psql -v ON_ERROR_STOP=1 -v role=portal -v database=portal -v password=… -f role-and-database.sql
-- The role owns its database and schema, so that the portal's migrations (tables, indexes, the trusted
-- extension pg_trgm) and pg_dump / pg_restore --clean work; it is no superuser and creates no databases
-- or roles. CONNECTION LIMIT: 11 connections for each instance (a pool of 10, one for /readyz) and as many
-- for a command-line tool beside them.
CREATE ROLE :"role" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION CONNECTION LIMIT 40 PASSWORD :'password';
CREATE DATABASE :"database" OWNER :"role" ENCODING 'UTF8' TEMPLATE template0;
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
\connect :"database"
ALTER SCHEMA public OWNER TO :"role";
REVOKE ALL ON SCHEMA public FROM PUBLIC;
