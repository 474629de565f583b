-- The hourly purge runs from the job queue's crontab (graphile-worker keeps when each item last
-- ran, in its own schema): the table of the app's former scheduler has no reader left.
DROP TABLE IF EXISTS "scheduled_jobs";
