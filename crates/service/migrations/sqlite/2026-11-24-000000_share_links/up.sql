-- Read-only links to a game's live pad. Only the SHA-256 of a link's token is kept; a link
-- opens one game until it expires or its game's owner revokes the game's links.
CREATE TABLE share_links (
    token_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX share_links_by_game ON share_links (game_id);
