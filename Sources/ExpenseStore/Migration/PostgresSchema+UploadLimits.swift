extension PostgresSchema {
    /// Unfinished receipt uploads are bounded (issue 40): each chunk row says when it arrived, by
    /// the server's clock, and `upload_limits` holds how many bytes of unfinished uploads one
    /// member may keep and for how long, which the administrator may change
    /// (`UPDATE upload_limits SET quota_bytes = ..., expiry_seconds = ...`). `receipt_chunk`
    /// refuses a chunk past the quota; an upload older than its expiry is removed by its sender's
    /// next chunk and by `receipt gc` (`receipt_uploads_gc`). Literal SQL: a shipped migration.
    static let uploadLimits = """
        ALTER TABLE receipt_uploads ADD COLUMN started_at timestamptz NOT NULL DEFAULT now();
        CREATE INDEX receipt_uploads_started_at ON receipt_uploads (started_at);
        CREATE TABLE upload_limits (
            singleton bigint PRIMARY KEY NOT NULL CHECK (singleton = 1),
            quota_bytes bigint NOT NULL CHECK (quota_bytes > 0),
            expiry_seconds bigint NOT NULL CHECK (expiry_seconds > 0)
        );
        INSERT INTO upload_limits (singleton, quota_bytes, expiry_seconds) VALUES (1, 67108864, 86400);
        """
}
