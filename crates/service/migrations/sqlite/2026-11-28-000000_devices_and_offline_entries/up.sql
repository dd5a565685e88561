-- Offline clients and several devices (API.md).
--
-- An account's keys, one per device, named, listed and revocable. The key an account was
-- created with stays in `accounts.api_key_hash` as it was (SQLite cannot drop a UNIQUE column
-- without rebuilding the table, which its foreign keys would cascade through), but is no
-- longer read: every key is one of these rows, the first with the account's own id.
CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP
);
CREATE INDEX api_keys_of_account ON api_keys (account_id, created_at, id);
INSERT INTO api_keys (id, account_id, name, key_hash, created_at, last_used_at)
    SELECT id, id, 'First device', api_key_hash, created_at, NULL FROM accounts;

-- Codes that pair a device with an account: single use, kept by their hash until they expire.
CREATE TABLE pairings (
    code_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);

-- What a game or a person made with an id the client chose was made from (the SHA-256 of its
-- request body, as JSON with sorted keys): the same body sent again is answered with what it
-- made, another body with that id is refused.
ALTER TABLE games ADD COLUMN made_from TEXT;
ALTER TABLE people ADD COLUMN made_from TEXT;
