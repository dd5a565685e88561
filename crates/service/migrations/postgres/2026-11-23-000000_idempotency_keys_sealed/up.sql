-- Idempotency keys are now stored as their SHA-256 and each answer's body sealed under the
-- client's key (a new account's answer holds its API key). Rows written before kept both in
-- clear and can be neither found nor opened the new way: they are forgotten (they lived at most
-- a day). A retry across this change runs its write again.
DELETE FROM idempotency_keys;
